package io.jtune.experiment.tune;

import io.jtune.experiment.report.Overload;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.run.SteadyState;
import java.util.ArrayList;
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
 * @param reruns the baseline's runs at the rates it was measured at since, in order: the first at
 *     90 % of the capacity; one still overloaded steps down once more to 90 % of what it served, at
 *     most {@value #MAX_RERUNS} in all
 */
public record BaselineOverload(double offeredRps, double capacityRps, String limitedBy, double measuredAtRps,
    boolean windowUnanswered, List<Rerun> reruns) {
  /** The most runs of the baseline at a lower rate before the overload is the session's finding. */
  public static final int MAX_RERUNS = 2;

  /**
   * One run of the baseline at a lower rate.
   *
   * @param offeredRps its rate
   * @param servedRps what it served in its window
   * @param overloaded served under 90 % of it: still a queue
   * @param limitedBy what limits it when overloaded, else null
   * @param rampUpS its rate's ramp-up at the start of the warm-up, 0 without one
   * @param queueGrowing its p99 rising through the window, in words ({@link #queueGrowing}), or null
   */
  public record Rerun(double offeredRps, double servedRps, boolean overloaded, String limitedBy, double rampUpS,
      String queueGrowing) {}

  /**
   * Near its capacity a service that served about the rate offered over the window can still have
   * queued through it: its p99 rising second after second across the window ({@link
   * SteadyState#p99Rising}), the requests waiting longer and longer. Such a window is a queue's,
   * not the service's response time, as an overloaded one is. In words ("p99 rose through the
   * window from 122 ms to 1,883 ms"), or null when it did not (or the run has no window's record).
   */
  static String queueGrowing(RunResult run) {
    RunResult.Steadiness st = run.steadiness();
    if (!run.ok() || st == null || st.window() == null || run.windowEndEpochMs() <= run.windowStartEpochMs()) {
      return null;
    }
    double windowS = (run.windowEndEpochMs() - run.windowStartEpochMs()) / 1000.0;
    List<SteadyState.Second> w = st.window().stream().filter(s -> s.t() <= windowS + 0.25)
        .map(s -> new SteadyState.Second(s.t(), s.rps(), s.p99Ms(), Double.NaN, -1)).toList();
    if (!SteadyState.p99Rising(w)) {
      return null;
    }
    return String.format(Locale.US, "its p99 rose through the window from %,.0f ms to %,.0f ms, second after second",
        w.get(0).p99Ms(), w.get(w.size() - 1).p99Ms());
  }

  public BaselineOverload {
    reruns = reruns == null ? List.of() : List.copyOf(reruns);
  }

  /** The first baseline's finding, before any rerun. */
  public BaselineOverload(double offeredRps, double capacityRps, String limitedBy, double measuredAtRps,
      boolean windowUnanswered) {
    this(offeredRps, capacityRps, limitedBy, measuredAtRps, windowUnanswered, List.of());
  }

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
    return new BaselineOverload(offeredRps, capacityRps, limitedBy, offeredRps, windowUnanswered, reruns);
  }

  /**
   * This finding with the baseline's run at {@link #measuredAtRps} added: served, the comparison
   * is measured there; still overloaded, the next rate is 90 % of what it served, unless this was
   * the last rerun ({@link #unresolved}).
   */
  BaselineOverload withRerun(RunResult run) {
    RunResult.Steadiness st = run.steadiness();
    String rising = queueGrowing(run);
    boolean over = run.ok() && (run.overloaded() || rising != null);
    double served = st == null ? Double.NaN : st.servedRps();
    List<Rerun> all = new ArrayList<>(reruns);
    all.add(new Rerun(measuredAtRps, served, over, over ? Overload.limitedBy(List.of(run)) : null,
        st == null || st.rampUpS() == null ? 0 : st.rampUpS(), rising));
    double next = over && all.size() < MAX_RERUNS ? Overload.validRate(served) : measuredAtRps;
    return new BaselineOverload(offeredRps, capacityRps, limitedBy, next, windowUnanswered, all);
  }

  /** Whether the last rerun was overloaded too, and no rerun is left: the overload is the session's finding. */
  public boolean unresolved() {
    return !reruns.isEmpty() && reruns.get(reruns.size() - 1).overloaded() && reruns.size() >= MAX_RERUNS;
  }

  /** Whether the last rerun was overloaded and the session steps down to {@link #measuredAtRps} once more. */
  public boolean steppingDown() {
    return !reruns.isEmpty() && reruns.get(reruns.size() - 1).overloaded() && !unresolved();
  }

  /** The last rerun in words: still a queue (and what follows), or served. */
  public String rerunWords() {
    Rerun r = reruns.get(reruns.size() - 1);
    if (!r.overloaded()) {
      return String.format(Locale.US, "at %.0f req/s the baseline served %.0f req/s: a rate it serves, where the"
          + " comparison is measured", r.offeredRps(), r.servedRps());
    }
    String still = String.format(Locale.US, "still a queue at %.0f req/s: the baseline served %.0f req/s%s%s —"
        + " these latencies are a queue's again; what limits it: %s", r.offeredRps(), r.servedRps(), r.rampUpS() > 0
            ? String.format(Locale.US, " (its rate ramped up over %.0f s)", r.rampUpS()) : "",
        r.queueGrowing() == null ? "" : ", but " + r.queueGrowing(), r.limitedBy());
    if (!unresolved()) {
      return still + String.format(Locale.US, ". No diagnosis is drawn from a queue's run: the baseline is measured"
          + " once more at %.0f req/s (90 %% of what it served)", measuredAtRps);
    }
    return still + String.format(Locale.US, ". After %d runs below the rate asked for, none served: the overload is"
        + " the finding (capacity about %.0f req/s, limited by %s), not a GC diagnosis — no flag candidates are drawn"
        + " from a queue's run; lower the rate (--rate), or raise what limits it, and measure again", reruns.size(),
        r.servedRps(), r.limitedBy());
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
