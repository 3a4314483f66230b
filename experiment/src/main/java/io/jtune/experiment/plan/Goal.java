package io.jtune.experiment.plan;

import java.util.Locale;

/**
 * A goal for one metric at a load level: a change relative to the baseline
 * ({@code p99: -30%} = at least 30 % lower; {@code throughputRps: -5%} = at most 5 % lower,
 * since more throughput is better), a non-inferiority margin ({@code p99: within +10%} = not
 * more than 10 % higher, judged on the 95 % interval's worse end; {@code throughputRps: within -5%}),
 * an absolute bound ({@code fgcPerDay: <= 4}, {@code maxPause: < 200}), or
 * {@code noFgcOnStartup: true}.
 *
 * @param metric what is judged
 * @param kind how
 * @param value the percentage (relative) or the bound (absolute, in the metric's unit)
 * @param text as written in the plan
 * @param line the plan line it was written on, 0 if made in code
 */
public record Goal(Metric metric, Kind kind, double value, String text, int line) {

  /** How a goal judges a candidate. */
  public enum Kind {
    /** Change vs the baseline in percent: better by at least |value| when negative for a lower-is-better metric. */
    RELATIVE,
    /**
     * Non-inferiority: the change vs the baseline may be worse by at most the margin ({@code value}, in
     * percent, signed towards worse: +10 for a lower-is-better metric, -5 for throughput). Met when the
     * 95 % interval's worse end stays inside the margin; missed on a significant change beyond it.
     */
    NON_INFERIOR,
    AT_MOST,
    BELOW,
    AT_LEAST,
    ABOVE
  }

  /** The plan key of the goal: the metric's key, or {@code noFgcOnStartup}. */
  public String key() {
    return text.equals("true") && metric == Metric.STARTUP_FGC ? "noFgcOnStartup" : metric.key();
  }

  /** Whether an absolute value meets an absolute goal. */
  public boolean meetsAbsolute(double v) {
    return switch (kind) {
      case AT_MOST -> v <= value;
      case BELOW -> v < value;
      case AT_LEAST -> v >= value;
      case ABOVE -> v > value;
      case RELATIVE, NON_INFERIOR -> throw new IllegalStateException("relative goal");
    };
  }

  /**
   * Whether a change vs the baseline (percent) meets a relative goal: for a lower-is-better
   * metric the change must be at most the goal ({@code -30%}: -30 or lower), for throughput at
   * least the goal.
   */
  public boolean meetsRelative(double changePct) {
    return metric.lowerIsBetter() ? changePct <= value : changePct >= value;
  }

  /** Whether the goal compares with the baseline (a relative change or a non-inferiority margin). */
  public boolean relative() {
    return kind == Kind.RELATIVE || kind == Kind.NON_INFERIOR;
  }

  /** Whether a relative goal asks for the metric to get better (p99 -30 %), not only to stay within a bound. */
  public boolean demandsBetter() {
    return kind == Kind.RELATIVE && (metric.lowerIsBetter() ? value < 0 : value > 0);
  }

  /** A non-inferiority goal on {@code m} with the margin in percent, signed towards worse. */
  public static Goal nonInferior(Metric m, double marginPct) {
    return new Goal(m, Kind.NON_INFERIOR, marginPct, "within " + String.format(Locale.US, "%+.0f%%", marginPct), 0);
  }

  /** The goal in words for reports, such as "p99 -30% vs baseline" or "fgcPerDay <= 4". */
  public String describe() {
    if (key().equals("noFgcOnStartup")) {
      return "no Full GC at startup";
    }
    return switch (kind) {
      case RELATIVE -> metric.key() + " " + String.format(Locale.US, "%+.0f%%", value) + " vs baseline";
      case NON_INFERIOR -> metric.key() + " within " + String.format(Locale.US, "%+.0f%%", value)
          + " of baseline (confidence interval)";
      case AT_MOST -> metric.key() + " <= " + num(value);
      case BELOW -> metric.key() + " < " + num(value);
      case AT_LEAST -> metric.key() + " >= " + num(value);
      case ABOVE -> metric.key() + " > " + num(value);
    };
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
