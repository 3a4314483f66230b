package io.jtune.experiment.report;

import io.jtune.experiment.plan.Metric;
import java.util.Locale;

/**
 * The smallest change in a metric a service owner would call better or worse: a change counts
 * only when it is significant (its interval excludes zero) and its point estimate is beyond both
 * floors, the relative one ({@code pct}, in percent of the baseline) and the absolute one
 * ({@code abs}, in the metric's unit; it matters where a relative change is meaningless near
 * zero). A significant change within a floor is "no practical difference": with many runs and a
 * tiny spread, p50 100.95 -> 101.03 ms (+0.08 %) is significant and nothing anyone would act on.
 *
 * <p>The floors, as a JVM performance engineer reads a before/after comparison on a shared host:
 * <ul>
 *   <li>latency (percentiles and the slowest request): {@value #LATENCY_PCT} % or
 *       {@value #LATENCY_MS} ms, the resolution below which a latency change is not felt;
 *   <li>throughput: {@value #THROUGHPUT_PCT} %, requests served are what a service is for;
 *   <li>process CPU: {@value #CPU_PCT} % or {@value #CPU_POINTS} % of a core;
 *   <li>memory (peak RSS): {@value #MEMORY_PCT} % or {@value #MEMORY_MB} MB (of the limit:
 *       {@value #MEMORY_PCT} % or {@value #POINTS} percentage point);
 *   <li>GC time share: {@value #GC_PCT} % or {@value #GC_SHARE_POINTS} percentage point of the time;
 *       GC pause times and young collection counts: {@value #GC_PCT} % or {@value #LATENCY_MS} ms;
 *   <li>shares of requests in a pause and CPU throttling: {@value #GC_PCT} % or {@value #POINTS}
 *       percentage point (or {@value #LATENCY_MS} ms, 0 periods);
 *   <li>no floor for errors and Full GCs: each one is an event a service owner wants to know of.
 * </ul>
 * Goals the plan set (an SLO such as {@code p99 <= 20 ms}, {@code p99: -30%}) are judged on their own
 * numbers ({@link GoalJudge}), not on these floors.
 *
 * @param pct the relative floor in percent, 0 for none
 * @param abs the absolute floor in the metric's unit, 0 for none
 * @param unit the absolute floor's unit in words ("ms", "percentage point")
 */
public record PracticalFloor(double pct, double abs, String unit) {
  static final double LATENCY_PCT = 2;
  static final double LATENCY_MS = 0.1;
  static final double THROUGHPUT_PCT = 1;
  static final double CPU_PCT = 3;
  static final double CPU_POINTS = 1;
  static final double MEMORY_PCT = 3;
  static final double MEMORY_MB = 1;
  static final double GC_PCT = 5;
  static final double GC_SHARE_POINTS = 0.1;
  static final double POINTS = 1;

  private static final PracticalFloor NONE = new PracticalFloor(0, 0, "");

  /** The floor of a metric. */
  public static PracticalFloor of(Metric m) {
    return switch (m) {
      case P50, P95, P99, P999, LATENCY_MAX -> new PracticalFloor(LATENCY_PCT, LATENCY_MS, "ms");
      case THROUGHPUT -> new PracticalFloor(THROUGHPUT_PCT, 0, "");
      case CPU, OTHERS_CPU -> new PracticalFloor(CPU_PCT, CPU_POINTS, "% of a core");
      case RSS -> new PracticalFloor(MEMORY_PCT, MEMORY_MB, "MB");
      case RSS_OF_LIMIT -> new PracticalFloor(MEMORY_PCT, POINTS, "percentage point");
      case GC_TIME_SHARE -> new PracticalFloor(GC_PCT, GC_SHARE_POINTS, "percentage point");
      case YGC_TIME_TOTAL, YGC_MS_PER_MIN_PEAK, YGC_MS_PER_MIN_MEAN, YGC_PAUSE, MAX_PAUSE, PAUSE_MS_PER_SLOW,
          PAUSE_MS_IN_SLOW, THROTTLED_TIME -> new PracticalFloor(GC_PCT, LATENCY_MS, "ms");
      case YGC_COUNT, YGC_PER_MIN_PEAK, YGC_PER_MIN_MEAN, THROTTLED_PERIODS -> new PracticalFloor(GC_PCT, 0, "");
      case SLOW_IN_PAUSE, ALL_IN_PAUSE, THROTTLED_PCT -> new PracticalFloor(GC_PCT, POINTS, "percentage point");
      case ERRORS, FGC_COUNT, FGC_TIME_TOTAL, FGC_PER_MIN_PEAK, FGC_PER_MIN_MEAN, FGC_MS_PER_MIN_PEAK,
          FGC_MS_PER_MIN_MEAN, FGC_PER_DAY, STARTUP_FGC -> NONE;
    };
  }

  /**
   * Whether a significant change is within the floor: its relative change no larger than
   * {@code pct} (when there is one: a baseline of 0 has none) or its absolute change no larger
   * than {@code abs}. False for a change that is not significant: that one is no change at all.
   */
  public boolean covers(Delta d) {
    if (!d.significant()) {
      return false;
    }
    boolean relative = pct > 0 && !Double.isNaN(d.pct()) && Math.abs(d.pct()) <= pct;
    boolean absolute = abs > 0 && Math.abs(d.diff()) <= abs;
    return relative || absolute;
  }

  /**
   * Which floor holds a change {@link #covers covered}, in words: "within the 2 % floor", or with
   * its absolute size where the relative change is larger, "+0.04 ms, within the 0.1 ms floor".
   */
  public String within(Delta d) {
    if (pct > 0 && !Double.isNaN(d.pct()) && Math.abs(d.pct()) <= pct) {
      return "within the " + num(pct) + " % floor";
    }
    return String.format(Locale.US, "%+.2g %s, within the %s %s floor", d.diff(), unit, num(abs), unit);
  }

  /** Whether the metric has a floor at all (errors and Full GCs have none). */
  public boolean any() {
    return pct > 0 || abs > 0;
  }

  /** The floor in words: "2 % or 0.1 ms", "1 %", "5 % or 0.1 percentage point". */
  public String words() {
    String rel = pct > 0 ? num(pct) + " %" : "";
    String ab = abs > 0 ? num(abs) + " " + unit : "";
    return rel.isEmpty() ? ab : ab.isEmpty() ? rel : rel + " or " + ab;
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.format(Locale.US, "%.0f", v) : String.format(Locale.US, "%s", v);
  }
}
