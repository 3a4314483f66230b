package io.jtune.experiment.run;

import io.jtune.diagnostics.watch.PerfData;
import io.jtune.experiment.plan.Level;
import io.jtune.load.TimelinePoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Follows one run's load second by second: its warm-up (ended by {@link SteadyState} between the
 * level's warm-up and its ceiling, judged on the seconds after the level's ramp-up: while the rate
 * still grows the service cannot be steady at it) and its measured window, each second with the JIT compilers'
 * time read from the target's HotSpot counters ({@code java.ci.totalTime}, what
 * {@code jstat -compiler} reads, without starting a process).
 */
final class WarmupWatch {
  private final Level level;
  private final long pid;
  private Path counters;
  private boolean countersGone;
  private double jitMs0 = Double.NaN;
  private long compiles0 = -1;
  private final List<SteadyState.Second> warmup = new ArrayList<>();
  private final List<SteadyState.Second> window = new ArrayList<>();
  /** Per window second, the responses the service gave in it: to the window's requests and to the warm-up's. */
  private final List<Long> windowResponses = new ArrayList<>();
  private long backlog;
  /** Latencies (ns from the intended send) of the warm-up's requests answered in the window; null before any. */
  private org.HdrHistogram.Histogram backlogLatency;
  private long warmupResponses;
  private long warmupErrors;
  private SteadyState.End end;
  private double warmupS = Double.NaN;

  WarmupWatch(Level level, long pid) {
    this.level = level;
    this.pid = pid;
    jit(); // the counters at the load's start: each second's share is a difference
  }

  /** A second of the warm-up: true when the warm-up ends here. */
  boolean warmupSecond(TimelinePoint p) {
    warmup.add(second(p));
    warmupResponses += p.requests();
    warmupErrors += p.errors();
    if (!level.steadyWarmup() || p.second() + 1e-3 < level.warmup().toMillis() / 1000.0) {
      return false;
    }
    var judged = SteadyState.judge(afterRamp(), level.open() ? level.rateRps() : 0);
    if (judged.isPresent()) {
      end = judged.get();
      warmupS = p.second();
      return true;
    }
    return false;
  }

  /** The warm-up's seconds after the ramp-up (all of them without one): a second ending by the ramp's end is left out. */
  List<SteadyState.Second> afterRamp() {
    double rampS = level.rampUp().toMillis() / 1000.0;
    return rampS <= 0 ? warmup : warmup.stream().filter(s -> s.t() >= rampS + 1 - 1e-3).toList();
  }

  /**
   * The window starts at {@code second} of the load, held past the warm-up's judged end (or before
   * its ceiling) for a class histogram: the warm-up lasted that long.
   */
  void windowFrom(double second) {
    if (end == null) {
      end = level.steadyWarmup() ? SteadyState.End.CEILING : SteadyState.End.FIXED;
    }
    warmupS = second;
  }

  /** The warm-up is over: at its judged end, or at its ceiling (or fixed length). */
  void measureStarted() {
    if (end == null) {
      end = level.steadyWarmup() ? SteadyState.End.CEILING : SteadyState.End.FIXED;
      warmupS = (level.steadyWarmup() ? level.maxWarmup() : level.warmup()).toMillis() / 1000.0;
    }
  }

  /** Responses in the coming window second to requests sent in the warm-up (an overloaded service's backlog). */
  void warmupResponses(org.HdrHistogram.Histogram h) {
    backlog = h.getTotalCount();
    if (backlog > 0) {
      if (backlogLatency == null) {
        backlogLatency = new org.HdrHistogram.Histogram(h.getHighestTrackableValue(), 3);
      }
      backlogLatency.add(h);
    }
  }

  /**
   * The latencies of the warm-up's requests the service answered within the window (from their
   * intended send: the time they queued), or null when it answered none there.
   */
  io.jtune.load.LatencySummary backlogLatency() {
    return backlogLatency == null ? null : io.jtune.load.LatencySummary.of(backlogLatency);
  }

  /** Responses to the warm-up's requests within the window. */
  long backlogResponses() {
    return backlogLatency == null ? 0 : backlogLatency.getTotalCount();
  }

  /** Of the window's whole seconds, how many had responses (to its requests or to the warm-up's), and how many there were. */
  int[] windowSecondsAnswering() {
    double windowS = level.duration().toMillis() / 1000.0;
    int answering = 0;
    int seconds = 0;
    for (int i = 0; i < window.size() && window.get(i).t() <= windowS + 0.25; i++) {
      seconds++;
      answering += windowResponses.get(i) > 0 ? 1 : 0;
    }
    return new int[] {answering, seconds};
  }

  /** Whether the warm-up got answers that were not all errors: the service served before the window. */
  boolean servedInWarmup() {
    return warmupResponses > warmupErrors;
  }

  void windowSecond(TimelinePoint p) {
    window.add(second(p));
    windowResponses.add(p.requests() + backlog);
    backlog = 0;
  }

  /**
   * What was seen, with the window's served rate against the offered one (open model): the load's
   * throughput, the responses the service gave within the window per second, to the window's
   * requests and to a backlog of the warm-up's (responses while the load drained after the window
   * are no part of it). Counted by each response's own time, not by the per-second ticks: the
   * first window tick after a warm-up that ran to its ceiling also carries the warm-up's last
   * second.
   */
  RunResult.Steadiness result(double servedRps) {
    if (end == null) {
      measureStarted();
    }
    double offered = level.open() ? level.rateRps() : Double.NaN;
    boolean overloaded = level.open() && servedRps < offered * (1 - SteadyState.OFFERED_SPREAD_PCT / 100.0);
    return RunResult.Steadiness.of(warmupS, end.key(), level.warmup().toMillis() / 1000.0,
        level.maxWarmup().toMillis() / 1000.0, warmup, window, offered, servedRps, overloaded)
        .withRampUp(level.ramped() ? level.rampUp().toMillis() / 1000.0 : null);
  }

  private SteadyState.Second second(TimelinePoint p) {
    double before = jitMs0;
    long compilesBefore = compiles0;
    jit();
    double jit = Double.isNaN(before) || Double.isNaN(jitMs0) ? Double.NaN : jitMs0 - before;
    long compiles = compilesBefore < 0 || compiles0 < 0 ? -1 : compiles0 - compilesBefore;
    return new SteadyState.Second(p.second(), p.throughputRps(), p.p99Ms(), jit, compiles);
  }

  /** Reads the JIT's total time (ms) and compile count; NaN and -1 when the JVM does not publish them. */
  private void jit() {
    if (countersGone) {
      return;
    }
    try {
      if (counters == null) {
        counters = PerfData.locate(pid);
      }
      Map<String, Object> c = PerfData.read(counters);
      if (c.get("java.ci.totalTime") instanceof Long ticks && c.get("sun.os.hrt.frequency") instanceof Long hz
          && hz > 0) {
        jitMs0 = ticks * 1000.0 / hz;
      }
      if (c.get("sun.ci.totalCompiles") instanceof Long n) {
        compiles0 = n;
      }
    } catch (RuntimeException e) {
      // -XX:-UsePerfData, another user's JVM, or gone: the rule goes on with throughput and latency
      countersGone = true;
      jitMs0 = Double.NaN;
      compiles0 = -1;
    }
  }
}
