package io.jtune.experiment.plan;

import java.util.Locale;

/**
 * A goal for one metric at a load level: a change relative to the baseline
 * ({@code p99: -30%} = at least 30 % lower; {@code throughputRps: -5%} = at most 5 % lower,
 * since more throughput is better), an absolute bound ({@code fgcPerDay: <= 4},
 * {@code maxPause: < 200}), or {@code noFgcOnStartup: true}.
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
      case RELATIVE -> throw new IllegalStateException("relative goal");
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

  /** The goal in words for reports, such as "p99 -30% vs baseline" or "fgcPerDay <= 4". */
  public String describe() {
    if (key().equals("noFgcOnStartup")) {
      return "no Full GC at startup";
    }
    return switch (kind) {
      case RELATIVE -> metric.key() + " " + String.format(Locale.US, "%+.0f%%", value) + " vs baseline";
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
