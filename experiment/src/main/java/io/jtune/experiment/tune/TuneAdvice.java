package io.jtune.experiment.tune;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.runtime.container.ContainerLimits;
import java.util.List;

/**
 * What a tune session tells the advisor besides the baseline's GC log: the load, what the
 * measured window cost, and the container the runs ran in: the load level's memory and CPU limits,
 * the baseline's native memory (Native Memory Tracking) and how much its CPU quota throttled it, so
 * that every candidate's heap is the limit less the measured non-heap less headroom at most.
 */
final class TuneAdvice {
  /** Where the limit of a tune session's runs comes from, in the budget's words. */
  static final String SOURCE = "the limit the runs ran under";

  private TuneAdvice() {}

  /** The advisor's inputs for the baseline {@code run} (null when the baseline is a GC log) at {@code high}. */
  static Advisor.Inputs inputs(TuneSettings job, RunResult run, Level high, double loadStartUptimeS) {
    boolean measured = run != null && run.ok();
    double qps = measured ? run.metric("throughputRps") : high.open() ? high.rateRps() : Double.NaN;
    Advisor.Inputs in = Advisor.Inputs.NONE.withQps(qps).withConcurrency(high.concurrency());
    if (measured) {
      // the goals follow what the GC costs in the measured window, not in start-up
      in = in.withMeasured(BaselineCost.of(run)).withStartupEnd(loadStartUptimeS);
    }
    in = in.withContainer(container(high, run));
    // the lab runs on this JDK; a command's JDK is the one its log names
    return job.target().isLab() ? in.withJdk(Runtime.version().feature()) : in.withFlags(job.flags());
  }

  /**
   * The container as the advice reads it: the level's limits (its own, else the plan's given by
   * the settings), the baseline run's native memory and the share of CFS periods its quota
   * throttled ({@link ContainerLimit#NONE} with neither a limit nor a measurement).
   */
  static ContainerLimit container(Level high, RunResult run) {
    ContainerLimits l = high.limits();
    ContainerLimit c = ContainerLimit.of(l.memory() == null ? -1 : l.memory().bytes(),
        l.cpus() == null ? Double.NaN : l.cpus().cores(), SOURCE);
    if (run == null) {
      return c;
    }
    c = c.withNativeMemory(run.nativeMemory());
    RunResult.ContainerSeen seen = run.container();
    if (seen != null && seen.periods() != null && seen.periods() > 0 && seen.throttledPeriods() != null) {
      c = c.withThrottling(100.0 * seen.throttledPeriods() / seen.periods());
    }
    return c;
  }

  /** The baseline's whole flags: the lab scenario's (for a lab) with the settings' own. */
  static List<String> wholeFlags(TuneSettings job) {
    return FlagSet.merge(Experiment.baseFlags(job.target()), job.flags() == null ? List.of() : job.flags());
  }

  /**
   * The suggestion for a baseline the memory limit killed: its situation is the kill (the log of a
   * JVM killed so early shows no collection to judge), the candidates those that fit the limit.
   */
  static Suggestion afterKill(Suggestion s, BaselineKill kill) {
    String verdict = "Diagnosis: " + kill.words() + " Candidates: " + (s.candidates().isEmpty() ? "none"
        : String.join(", ", s.candidates().stream().map(c -> c.name()).toList())) + ", each within the limit.";
    return new Suggestion(s.jdk(), s.collector(), s.baselineFlags(), s.candidates(), s.levels(), false, verdict,
        s.evidence(), s.notes(), s.diagnosis());
  }

  /**
   * The suggestion where a live set filled the JVM's default heap under a memory limit: not yet a
   * leak, since a heap the limit allows tells them apart; the candidates are those within the limit.
   */
  static Suggestion defaultHeapFilled(Suggestion s, String limits) {
    String verdict = "Diagnosis: the JVM's default heap under the container's limits (" + limits + "): the live set"
        + " fills it and Full GCs come back to back, as a leak would show; a heap the limit allows tells a leak from a"
        + " heap too small. Candidates: " + (s.candidates().isEmpty() ? "none"
        : String.join(", ", s.candidates().stream().map(c -> c.name()).toList())) + ", each within the limit.";
    return new Suggestion(s.jdk(), s.collector(), s.baselineFlags(), s.candidates(), s.levels(), false, verdict,
        s.evidence(), s.notes(), s.diagnosis());
  }

  /**
   * Whether {@code high} runs under a memory limit with the heap left to the JVM's default (a
   * share of the limit: no -Xmx, -XX:MaxRAMPercentage or -XX:MaxRAM in the baseline's flags).
   */
  static boolean defaultHeapInLimit(TuneSettings job, Level high) {
    if (high.limits().memory() == null) {
      return false;
    }
    JvmFlags f = JvmFlags.of(wholeFlags(job));
    return f.bytes(JvmOption.MAX_HEAP_SIZE).isEmpty() && !f.has("MaxRAMPercentage") && !f.has("MaxRAM")
        && !f.has("MaxRAMFraction");
  }
}
