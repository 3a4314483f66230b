package io.jtune.experiment.report;

import java.util.List;

/**
 * One metric of one candidate at one level over its repetitions.
 *
 * @param values the value of each successful run, in run order
 * @param mean arithmetic mean
 * @param sd sample standard deviation (0 with one value)
 */
public record Summary(List<Double> values, double mean, double sd, double min, double max) {
  public static Summary of(List<Double> values) {
    int n = values.size();
    if (n == 0) {
      return new Summary(List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    double mean = sum / n;
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    return new Summary(List.copyOf(values), mean, n > 1 ? Math.sqrt(ss / (n - 1)) : 0, min, max);
  }

  public int n() {
    return values.size();
  }
}
