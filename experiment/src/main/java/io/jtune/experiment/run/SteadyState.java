package io.jtune.experiment.run;

import java.util.List;
import java.util.Optional;

/**
 * The rule that ends a warm-up: the service is in steady state when, over the last
 * {@value #WINDOW_S} seconds,
 * <ul>
 *   <li>the throughput of their first half is within {@value #THROUGHPUT_SPREAD_PCT} % of their
 *       last half's, and in the open model their mean is within {@value #OFFERED_SPREAD_PCT} % of
 *       the offered rate (less is a backlog still growing, more is one still draining). Halves, not
 *       single seconds: a service with a Full GC every few seconds serves less in a second with a
 *       pause and catches up in the next, and is steady all the same;</li>
 *   <li>the per-second p99 has no trend: it is not rising (nor falling) second after second
 *       (Kendall's rank correlation with time of {@value #TREND_TAU} or more) by more than a factor
 *       {@value #LATENCY_RATIO} (plus {@value #LATENCY_SLACK_MS} ms) between the halves' medians. A
 *       queue that grows or drains has such a trend; pauses that come and go do not;</li>
 *   <li>the JIT compilers spent at most {@value #JIT_SHARE_PCT} % of the window compiling (HotSpot's
 *       own counter, what {@code jstat -compiler} reads; skipped when the JVM does not publish it).</li>
 * </ul>
 * An open-model service whose throughput is stable below the offered rate while its JIT has
 * settled (as above, and known), past twice {@value #WINDOW_S} seconds, is saturated: waiting
 * longer serves no more, and its window is reported as overloaded.
 */
public final class SteadyState {
  /** Seconds judged together. */
  public static final int WINDOW_S = 6;
  static final int THROUGHPUT_SPREAD_PCT = 10;
  static final double TREND_TAU = 0.6;
  static final int OFFERED_SPREAD_PCT = 10;
  static final double LATENCY_RATIO = 1.25;
  static final double LATENCY_SLACK_MS = 2;
  static final int JIT_SHARE_PCT = 5;

  /** How a warm-up ended. */
  public enum End {
    /** Steady before the ceiling. */
    STEADY("steady"),
    /** Serving less than the offered rate, stably, with JIT compilation done: overloaded. */
    SATURATED("saturated"),
    /** Not steady by the ceiling. */
    CEILING("ceiling"),
    /** A fixed warm-up (no ceiling above it). */
    FIXED("fixed");

    private final String key;

    End(String key) {
      this.key = key;
    }

    public String key() {
      return key;
    }
  }

  /**
   * One second of load.
   *
   * @param t seconds from the start of the load (warm-up) or of the window
   * @param rps responses in that second
   * @param p99Ms their p99 latency (from the intended send time in the open model)
   * @param jitMs time the JIT compilers spent in that second, NaN when not known
   * @param compiles methods compiled in that second, -1 when not known
   */
  public record Second(double t, double rps, double p99Ms, double jitMs, long compiles) {}

  private SteadyState() {}

  /** The warm-up's end after {@code series} (oldest first), or empty to go on warming up. */
  public static Optional<End> judge(List<Second> series, double offeredRps) {
    if (series.size() < WINDOW_S) {
      return Optional.empty();
    }
    List<Second> w = series.subList(series.size() - WINDOW_S, series.size());
    int half = WINDOW_S / 2;
    double mean = w.stream().mapToDouble(Second::rps).average().orElse(0);
    if (mean <= 0) {
      return Optional.empty();
    }
    double first = w.subList(0, half).stream().mapToDouble(Second::rps).average().orElse(0);
    double last = w.subList(WINDOW_S - half, WINDOW_S).stream().mapToDouble(Second::rps).average().orElse(0);
    boolean stable = Math.abs(first - last) <= mean * THROUGHPUT_SPREAD_PCT / 100.0;
    double jitMs = w.stream().mapToDouble(Second::jitMs).sum();
    boolean jitKnown = w.stream().noneMatch(s -> Double.isNaN(s.jitMs()));
    boolean jitSettled = !jitKnown || jitMs <= WINDOW_S * 1000.0 * JIT_SHARE_PCT / 100.0;
    boolean offeredMet = offeredRps <= 0 || Math.abs(mean - offeredRps) <= offeredRps * OFFERED_SPREAD_PCT / 100.0;
    if (stable && jitSettled && offeredMet && !latencyTrend(w)) {
      return Optional.of(End.STEADY);
    }
    if (offeredRps > 0 && stable && jitKnown && jitSettled && mean < offeredRps * (1 - OFFERED_SPREAD_PCT / 100.0)
        && series.size() >= 2 * WINDOW_S) {
      return Optional.of(End.SATURATED);
    }
    return Optional.empty();
  }

  /**
   * Whether the p99 rises through these seconds (a measured window, say) as a growing queue's does:
   * the rule's latency trend ({@value #TREND_TAU} or more of rank correlation with time, a factor
   * {@value #LATENCY_RATIO} between the halves' medians), rising; fewer than 4 seconds tell nothing.
   */
  public static boolean p99Rising(List<Second> w) {
    return w.size() >= 4 && kendallTau(w) > 0 && latencyTrend(w);
  }

  /** Whether the p99 rises or falls through the window: ranked with time, and by a factor between its halves. */
  private static boolean latencyTrend(List<Second> w) {
    int half = w.size() / 2;
    double first = median(w.subList(0, half));
    double last = median(w.subList(w.size() - half, w.size()));
    double lo = Math.min(first, last);
    double hi = Math.max(first, last);
    return Math.abs(kendallTau(w)) >= TREND_TAU && hi > lo * LATENCY_RATIO + LATENCY_SLACK_MS;
  }

  /** Kendall's rank correlation of the p99 with time: 1 rising every second, -1 falling, near 0 no order. */
  static double kendallTau(List<Second> w) {
    int concordant = 0;
    int discordant = 0;
    for (int i = 0; i < w.size(); i++) {
      for (int j = i + 1; j < w.size(); j++) {
        double d = w.get(j).p99Ms() - w.get(i).p99Ms();
        if (d > 0) {
          concordant++;
        } else if (d < 0) {
          discordant++;
        }
      }
    }
    int pairs = w.size() * (w.size() - 1) / 2;
    return pairs == 0 ? 0 : (concordant - discordant) / (double) pairs;
  }

  private static double median(List<Second> s) {
    double[] v = s.stream().mapToDouble(Second::p99Ms).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
