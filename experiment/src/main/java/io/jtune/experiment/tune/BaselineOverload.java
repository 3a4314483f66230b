package io.jtune.experiment.tune;

import io.jtune.experiment.report.Overload;
import io.jtune.experiment.run.RunResult;
import java.util.List;
import java.util.Locale;

/**
 * The first baseline served clearly less than the open-model rate offered: the service's capacity
 * at that load, what limits it, and the rate the session measures at instead (90 % of the
 * capacity: a rate it serves, where the configurations' latencies are theirs, not a queue's).
 *
 * @param offeredRps the rate asked for
 * @param capacityRps what the baseline served
 * @param limitedBy what limits it: GC, the CPU, a lock, or none of these ({@link Overload#limitedBy})
 * @param measuredAtRps the rate the session measured at instead
 * @param windowUnanswered no request sent in the window got an answer: the service spent it on the
 *     warm-up's queue (the capacity is what it served of that queue)
 */
public record BaselineOverload(double offeredRps, double capacityRps, String limitedBy, double measuredAtRps,
    boolean windowUnanswered) {

  /** The finding, or null when the run served what was offered (or is not an open-model run). */
  static BaselineOverload of(RunResult run) {
    if (run == null || !run.ok() || !run.overloaded()) {
      return null;
    }
    double capacity = run.steadiness().servedRps();
    return new BaselineOverload(run.steadiness().offeredRps(), capacity, Overload.limitedBy(List.of(run)),
        Overload.validRate(capacity), Boolean.TRUE.equals(run.steadiness().windowUnanswered()));
  }

  /**
   * The same finding in a search over the application's parameters: the rate asked for is kept,
   * since whether a value serves it (a larger pool, say) is what the search finds out; at 90 % of
   * the service's own capacity it would only confirm the configuration it has.
   */
  BaselineOverload keptForSearch() {
    return new BaselineOverload(offeredRps, capacityRps, limitedBy, offeredRps, windowUnanswered);
  }

  /** Whether the session kept the rate asked for ({@link #keptForSearch}). */
  public boolean rateKept() {
    return measuredAtRps >= offeredRps;
  }

  /** In words, for the session's output and its document. */
  public String words() {
    String queue = windowUnanswered
        ? " — the requests queued behind each other from the warm-up on, and none sent in the measured window got an"
            + " answer within it (it answered the warm-up's): these latencies are a queue's, not its response time"
        : " — these latencies are a queue, not its response time";
    if (rateKept()) {
      return String.format(Locale.US, "overloaded at %.0f req/s: the baseline served %.0f req/s (its capacity at this"
          + " load)%s; what limits it: %s. The search keeps %.0f req/s: which values serve it is what it finds out",
          offeredRps, capacityRps, queue, limitedBy, offeredRps);
    }
    return String.format(Locale.US, "overloaded at %.0f req/s: the baseline served %.0f req/s (its capacity at this"
        + " load)%s; what limits it: %s. The comparison is measured at %.0f req/s, a rate it serves", offeredRps,
        capacityRps, queue, limitedBy, measuredAtRps);
  }
}
