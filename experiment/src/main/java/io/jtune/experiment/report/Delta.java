package io.jtune.experiment.report;

import io.jtune.experiment.plan.Metric;
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
 * <p>The rules that keep the numbers honest ({@link Status}):
 * <ul>
 *   <li>every metric is a count, a time, a rate or a size, never negative, so the candidate's mean
 *       cannot fall below zero: the interval's low end is at least minus the baseline mean and the
 *       relative change is never below -100 % (a count going to zero is exactly -100 %);
 *   <li>the same values on both sides (such as no Full GC in any run of either) are
 *       {@link Status#EQUAL}: no change and nothing to test;
 *   <li>a metric with no value on a side (no young GC, so no young pause to average) is
 *       {@link Status#NOT_APPLICABLE};
 *   <li>fewer than {@value #MIN_RUNS} runs on a side give no interval ({@link Status#TOO_FEW_RUNS}):
 *       with two runs a side Welch's interval has about one degree of freedom and spans
 *       thousands of percent, which says nothing.
 * </ul>
 *
 * @param diff candidate mean - baseline mean (NaN when not applicable)
 * @param low lower bound of the 95 % interval of {@code diff}; NaN without an interval
 * @param high upper bound
 * @param pct the change in percent; NaN when the baseline mean is 0
 * @param pctLow lower bound of its 95 % interval, never below -100
 * @param pctHigh upper bound
 * @param logScale whether the percentages come from the log scale
 * @param status whether the two sides could be compared, and how
 * @param n the fewer of the two sides' run counts
 * @param level the confidence level of the interval: {@value #LEVEL}, or under early stopping the
 *     level of the look that made it ({@link SequentialDesign#level(int)})
 */
public record Delta(double diff, double low, double high, double pct, double pctLow, double pctHigh,
    boolean logScale, Status status, int n, double level) {
  /** Confidence level of the intervals. */
  public static final double LEVEL = 0.95;
  /** Fewest runs on each side for an interval. */
  public static final int MIN_RUNS = 3;

  /** How a metric compares. */
  public enum Status {
    /** Both sides measured with enough runs: the interval says how sure the change is. */
    COMPARED("compared"),
    /** Every run on both sides has the same value (zero Full GCs on both sides): "=". */
    EQUAL("equal"),
    /** A side has no value for the metric (no events to measure it by): "n/a". */
    NOT_APPLICABLE("n/a"),
    /** Fewer than {@value Delta#MIN_RUNS} runs on a side: a change, but no interval. */
    TOO_FEW_RUNS("too-few-runs");

    private final String key;

    Status(String key) {
      this.key = key;
    }

    /** The name in JSON. */
    public String key() {
      return key;
    }
  }

  public static Delta of(Summary candidate, Summary baseline) {
    return of(candidate, baseline, LEVEL);
  }

  /** The difference with an interval at {@code level} (such as 0.95). */
  public static Delta of(Summary candidate, Summary baseline, double level) {
    int nc = candidate == null ? 0 : candidate.n();
    int nb = baseline == null ? 0 : baseline.n();
    int n = Math.min(nc, nb);
    if (n == 0) {
      return new Delta(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, false,
          Status.NOT_APPLICABLE, n, level);
    }
    double b = baseline.mean();
    if (candidate.min() == candidate.max() && baseline.min() == baseline.max() && candidate.min() == baseline.min()) {
      double pct = b == 0 ? Double.NaN : 0;
      return new Delta(0, 0, 0, pct, pct, pct, false, Status.EQUAL, n, level);
    }
    double diff = candidate.mean() - b;
    boolean positive = candidate.min() > 0 && baseline.min() > 0;
    boolean intervals = n >= MIN_RUNS;
    Status status = intervals ? Status.COMPARED : Status.TOO_FEW_RUNS;
    double[] lin = intervals ? welch(candidate, baseline, level) : new double[] {Double.NaN, Double.NaN};
    // the candidate's mean is never negative: its difference never below -baseline
    double floor = candidate.min() >= 0 && baseline.min() >= 0 ? -b : Double.NEGATIVE_INFINITY;
    double low = Math.max(lin[0], floor);
    if (positive) {
      Summary lc = Summary.of(logs(candidate.values()));
      Summary lb = Summary.of(logs(baseline.values()));
      double[] lg = intervals ? welch(lc, lb, level) : new double[] {Double.NaN, Double.NaN};
      return new Delta(diff, low, lin[1], pctOf(lc.mean() - lb.mean()), pctOf(lg[0]), pctOf(lg[1]), true, status, n, level);
    }
    boolean pctOk = b != 0 && !Double.isNaN(b);
    return new Delta(diff, low, lin[1], pctOk ? atLeastMinus100(100 * diff / b) : Double.NaN,
        pctOk ? atLeastMinus100(100 * lin[0] / b) : Double.NaN, pctOk ? 100 * lin[1] / b : Double.NaN, false,
        status, n, level);
  }

  /** A relative change, never below -100 % (NaN stays NaN). */
  private static double atLeastMinus100(double pct) {
    return pct < -100 ? -100 : pct;
  }

  private static double pctOf(double logRatio) {
    return Double.isNaN(logRatio) ? Double.NaN : 100 * Math.expm1(logRatio);
  }

  private static List<Double> logs(List<Double> values) {
    return values.stream().map(Math::log).toList();
  }

  /** The Welch interval of mean(c) - mean(b) at {@code level}; both sides have at least two values. */
  private static double[] welch(Summary c, Summary b, double level) {
    double diff = c.mean() - b.mean();
    int nc = c.n();
    int nb = b.n();
    double vc = c.sd() * c.sd() / nc;
    double vb = b.sd() * b.sd() / nb;
    double se = Math.sqrt(vc + vb);
    if (se == 0) {
      return new double[] {diff, diff};
    }
    double df = (vc + vb) * (vc + vb) / (vc * vc / (nc - 1) + vb * vb / (nb - 1));
    double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - level) / 2);
    return new double[] {diff - t * se, diff + t * se};
  }

  /** Whether the interval is known (at least {@value #MIN_RUNS} runs on each side, values that differ). */
  public boolean hasInterval() {
    return status == Status.COMPARED && !Double.isNaN(low);
  }

  /** The interval's level in words, such as "95 %" or "98.9 %". */
  public String levelText() {
    return levelText(level);
  }

  /** A confidence level in words: "95 %", "98.9 %". */
  public static String levelText(double level) {
    double pct = Math.round(level * 1000) / 10.0;
    return pct == Math.rint(pct) ? String.format(java.util.Locale.US, "%.0f %%", pct)
        : String.format(java.util.Locale.US, "%.1f %%", pct);
  }

  /** Whether the interval excludes zero: a significant difference. */
  public boolean significant() {
    if (!hasInterval()) {
      return false;
    }
    if (logScale) {
      return pctLow > 0 || pctHigh < 0;
    }
    return low > 0 || high < 0;
  }

  /** Whether the interval lies wholly on the better side of zero for a metric where lower (or higher) is better. */
  public boolean significantlyBetter(boolean lowerIsBetter) {
    return significant() && lowerIsBetter == below();
  }

  /** Whether the interval lies wholly on the worse side of zero. */
  public boolean significantlyWorse(boolean lowerIsBetter) {
    return significant() && lowerIsBetter != below();
  }

  /**
   * Whether the change makes {@code m} better in a way that counts: significant, on the better side,
   * and beyond the metric's practical floor ({@link PracticalFloor}). Verdicts and regressions
   * decide with this; a goal the plan set is judged on its own numbers instead.
   */
  public boolean better(Metric m) {
    return significantlyBetter(m.lowerIsBetter()) && !negligible(m);
  }

  /** Whether the change makes {@code m} worse in a way that counts: significant and beyond its floor. */
  public boolean worse(Metric m) {
    return significantlyWorse(m.lowerIsBetter()) && !negligible(m);
  }

  /** Whether the change is significant but within {@code m}'s practical floor: no practical difference. */
  public boolean negligible(Metric m) {
    return PracticalFloor.of(m).covers(this);
  }

  /** Whether a significant interval lies below zero (on the scale the percentages come from). */
  private boolean below() {
    return logScale ? pctHigh < 0 : high < 0;
  }
}
