package io.jtune.experiment.report;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A candidate's difference from the baseline in one metric, with a 95 % confidence interval
 * (Welch's t interval, which does not assume equal variances).
 *
 * <p>{@code diff}, {@code low} and {@code high} are the difference of the arithmetic means and its
 * interval, in the metric's unit. The percentage change depends on the data: when every value
 * on both sides is positive (latency, throughput, GC time, RSS), it is the ratio of the geometric
 * means minus one, with the interval taken on the log scale — the right scale for effects that
 * multiply, and one where a run with twice the p99 weighs as much as one with half; when a
 * value can be zero (Full GC counts), it is {@code diff} in percent of the baseline mean.
 *
 * @param diff candidate mean - baseline mean
 * @param low lower bound of the 95 % interval of {@code diff}; NaN with fewer than two runs a side
 * @param high upper bound
 * @param pct the change in percent; NaN when the baseline mean is 0
 * @param pctLow lower bound of its 95 % interval
 * @param pctHigh upper bound
 * @param logScale whether the percentages come from the log scale
 */
public record Delta(double diff, double low, double high, double pct, double pctLow, double pctHigh,
    boolean logScale) {
  /** Confidence level of the intervals. */
  public static final double LEVEL = 0.95;

  public static Delta of(Summary candidate, Summary baseline) {
    double[] lin = welch(candidate, baseline);
    double diff = candidate.mean() - baseline.mean();
    boolean positive = candidate.n() >= 2 && baseline.n() >= 2 && candidate.min() > 0 && baseline.min() > 0;
    if (positive) {
      Summary lc = Summary.of(logs(candidate.values()));
      Summary lb = Summary.of(logs(baseline.values()));
      double[] lg = welch(lc, lb);
      double d = lc.mean() - lb.mean();
      return new Delta(diff, lin[0], lin[1], pctOf(d), pctOf(lg[0]), pctOf(lg[1]), true);
    }
    double b = baseline.mean();
    boolean pctOk = b != 0 && !Double.isNaN(b);
    return new Delta(diff, lin[0], lin[1], pctOk ? 100 * diff / b : Double.NaN,
        pctOk ? 100 * lin[0] / b : Double.NaN, pctOk ? 100 * lin[1] / b : Double.NaN, false);
  }

  private static double pctOf(double logRatio) {
    return Double.isNaN(logRatio) ? Double.NaN : 100 * Math.expm1(logRatio);
  }

  private static List<Double> logs(List<Double> values) {
    return values.stream().map(Math::log).toList();
  }

  /** The 95 % Welch interval of mean(c) - mean(b); NaN bounds with fewer than two values a side. */
  private static double[] welch(Summary c, Summary b) {
    double diff = c.mean() - b.mean();
    int nc = c.n();
    int nb = b.n();
    if (nc < 2 || nb < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    double vc = c.sd() * c.sd() / nc;
    double vb = b.sd() * b.sd() / nb;
    double se = Math.sqrt(vc + vb);
    if (se == 0) {
      return new double[] {diff, diff};
    }
    double df = (vc + vb) * (vc + vb) / (vc * vc / (nc - 1) + vb * vb / (nb - 1));
    double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
    return new double[] {diff - t * se, diff + t * se};
  }

  /** Whether the interval is known (at least two runs on each side). */
  public boolean hasInterval() {
    return !Double.isNaN(low);
  }

  /** Whether the 95 % interval excludes zero: a significant difference. */
  public boolean significant() {
    if (logScale) {
      return pctLow > 0 || pctHigh < 0;
    }
    return hasInterval() && (low > 0 || high < 0);
  }

  /** Whether the interval lies wholly on the better side of zero for a metric where lower (or higher) is better. */
  public boolean significantlyBetter(boolean lowerIsBetter) {
    if (!hasInterval()) {
      return false;
    }
    if (logScale) {
      return lowerIsBetter ? pctHigh < 0 : pctLow > 0;
    }
    return lowerIsBetter ? high < 0 : low > 0;
  }
}
