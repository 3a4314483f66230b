package io.jtune.gc.compare;

import java.util.Arrays;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Which of two sides is better in one per-window metric: a two-sided Mann-Whitney U test over
 * the windows (a rank test: no assumption that GC counts or times are normally distributed);
 * below {@value #ALPHA} the side whose windows rank lower is better (the U statistic: more than
 * half of the window pairs lower), else the difference is not significant. Every window value the same on both sides (no Full GC on either) is "equal".
 *
 * @param metric the metric
 * @param reference the side the others are compared with (the first)
 * @param side the side compared
 * @param referenceMean its mean per window
 * @param mean the side's mean per window
 * @param referenceMedian the reference's median per window
 * @param median the side's median per window
 * @param pValue the test's p-value (NaN when equal)
 * @param better the better side's label, or null when not significantly different
 */
public record MetricVerdict(WindowMetric metric, String reference, String side, double referenceMean, double mean,
    double referenceMedian, double median, double pValue, String better) {
  /** The significance level. */
  public static final double ALPHA = 0.05;

  static MetricVerdict of(WindowMetric m, String reference, double[] ref, String side, double[] values) {
    double p = Double.NaN;
    String better = null;
    if (!allEqual(ref, values)) {
      MannWhitneyUTest.Result r = MannWhitneyUTest.withDefaults().test(ref, values);
      p = r.getPValue();
      // U of the reference: how many (reference, side) window pairs have the reference higher (ties half)
      double half = (double) ref.length * values.length / 2;
      if (p < ALPHA && r.getStatistic() != half) {
        better = r.getStatistic() > half ? side : reference;
      }
    }
    return new MetricVerdict(m, reference, side, mean(ref), mean(values), median(ref), median(values), p, better);
  }

  /** Whether every window on both sides has the same value. */
  public boolean equal() {
    return Double.isNaN(pValue);
  }

  /** The verdict in words: "B better (p = 0.003)", "no significant difference (p = 0.41)", "equal". */
  public String words() {
    if (equal()) {
      return "equal";
    }
    String p = pValue < 0.001 ? "p < 0.001" : String.format(java.util.Locale.US, "p = %.3f", pValue);
    return (better == null ? "no significant difference" : better + " better") + " (" + p + ")";
  }

  private static boolean allEqual(double[] a, double[] b) {
    double v = a.length > 0 ? a[0] : b[0];
    return Arrays.stream(a).allMatch(x -> x == v) && Arrays.stream(b).allMatch(x -> x == v);
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
