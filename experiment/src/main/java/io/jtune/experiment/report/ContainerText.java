package io.jtune.experiment.report;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.run.RunResult;
import io.jtune.runtime.container.ContainerLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * What the container did and what the JVM chose inside it, in words for the text, Markdown and
 * HTML reports: the limits a level ran under, each candidate's ergonomics, and per run the CPU
 * throttling, the peak RSS against the memory limit, or the kill at the memory limit.
 */
public final class ContainerText {
  private ContainerText() {}

  /** "memory 512Mi, 1 CPU" for the level's runs; null when they ran with the host's memory and cores. */
  public static String limits(Plan plan, Level level) {
    var limits = plan.limitsAt(level);
    return limits.any() ? limits.describe() : null;
  }

  /**
   * Per candidate whose own limits differ from the level's, one line: the limits its runs had and
   * how they compare with the baseline's, "small: its own limits 0.5 CPUs, memory 512Mi (the
   * level's: 2 CPUs, memory 512Mi): fewer CPUs than the baseline (0.5 against 2)".
   */
  public static List<String> candidateLimits(Plan plan, Level level) {
    List<String> out = new ArrayList<>();
    Candidate base = plan.baselineCandidate();
    ContainerLimits levels = plan.limitsAt(level);
    ContainerLimits baseLimits = plan.limitsFor(base, level);
    for (Candidate c : plan.candidates()) {
      ContainerLimits mine = plan.limitsFor(c, level);
      if (mine.sameAs(levels)) {
        continue;
      }
      String vs = c == base ? "" : ": " + versusBaseline(mine, baseLimits);
      out.add(c.name() + (c == base ? " [baseline]" : "") + ": its own limits " + mine.describe() + " (the level's: "
          + levels.describe() + ")" + vs);
    }
    return out;
  }

  /** "fewer CPUs than the baseline (0.5 against 2); the same memory", or "the baseline's limits". */
  static String versusBaseline(ContainerLimits mine, ContainerLimits base) {
    List<String> parts = new ArrayList<>();
    differ(parts, "fewer", "more", "CPUs", "the host's cores", mine.cpus(), base.cpus(),
        mine.cpus() == null ? Long.MAX_VALUE : mine.cpus().millis(),
        base.cpus() == null ? Long.MAX_VALUE : base.cpus().millis());
    differ(parts, "less", "more", "memory", "the host's memory", mine.memory(), base.memory(),
        mine.memory() == null ? Long.MAX_VALUE : mine.memory().bytes(),
        base.memory() == null ? Long.MAX_VALUE : base.memory().bytes());
    return parts.isEmpty() ? "the baseline's limits" : "runs with " + String.join(" and ", parts);
  }

  /**
   * Adds "fewer CPUs than the baseline (0.5 against 2)" to {@code parts} when the candidate's limit
   * ({@code mine}, {@code mineSize}) and the baseline's differ; an absent limit is {@code none}, the
   * largest.
   */
  private static void differ(List<String> parts, String lessWord, String moreWord, String what, String none,
      Object mine, Object base, long mineSize, long baseSize) {
    if (mineSize != baseSize) {
      parts.add((mineSize < baseSize ? lessWord : moreWord) + " " + what + " than the baseline ("
          + (mine == null ? none : mine.toString()) + " against " + (base == null ? none : base.toString()) + ")");
    }
  }

  /**
   * Per candidate with limits of its own whose JVM, naming no collector, chose another collector
   * than the baseline's at this level (from the runs' ergonomics): the comparison is of collectors
   * as well as of cores or memory, and the flag that keeps the baseline's.
   */
  public static List<String> collectorChanges(Plan plan, List<String> targetFlags, Level level,
      List<RunResult> levelRuns) {
    return collectorChangeByCandidate(plan, targetFlags, level, levelRuns).entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue()).toList();
  }

  /** {@link #collectorChanges} by candidate name, the text without the name. */
  public static Map<String, String> collectorChangeByCandidate(Plan plan, List<String> targetFlags, Level level,
      List<RunResult> levelRuns) {
    Map<String, String> out = new LinkedHashMap<>();
    Candidate base = plan.baselineCandidate();
    RunResult.Ergonomics be = firstErgonomics(levelRuns, base.name());
    if (be == null || be.collector() == null) {
      return out;
    }
    for (Candidate c : plan.candidates()) {
      RunResult.Ergonomics ce = firstErgonomics(levelRuns, c.name());
      if (c == base || !c.limits().any() || ce == null || ce.collector() == null
          || ce.collector().equals(be.collector())) {
        continue;
      }
      List<String> flags = new ArrayList<>(targetFlags);
      flags.addAll(c.flags());
      if (JvmFlags.of(flags).chosenCollectorOption().isPresent()) {
        continue; // a collector the candidate chose: the comparison it asked for
      }
      String keep = JvmOption.COLLECTOR_CHOICES.stream().filter(o -> o.option().equals("Use" + be.collector()
          + (be.collector().equals("ZGC") ? "" : "GC"))).findFirst().map(JvmOption::on).orElse(null);
      out.put(c.name(), "names no collector, and under its own limits (" + plan.limitsFor(c, level).describe()
          + ", " + processors(ce) + ") the JVM's ergonomics chose " + ce.collector() + " GC where the baseline's chose "
          + be.collector() + " GC (" + processors(be) + "): its runs compare collectors as well as resources"
          + (keep == null ? "" : "; " + keep + " in its flags keeps the baseline's"));
    }
    return out;
  }

  private static String processors(RunResult.Ergonomics e) {
    return e.activeProcessors() == null ? "active processors not known" : e.activeProcessors()
        + (e.activeProcessors() == 1 ? " active processor" : " active processors");
  }

  private static RunResult.Ergonomics firstErgonomics(List<RunResult> runs, String candidate) {
    return runs.stream().filter(r -> r.candidate().equals(candidate) && r.ergonomics() != null)
        .map(RunResult::ergonomics).findFirst().orElse(null);
  }

  /**
   * Per candidate, what its JVM's ergonomics chose at this level (from its first run that asked):
   * "baseline: Serial GC, MaxHeapSize 126.0 MB, 1 active processor, CICompilerCount 2".
   */
  public static List<String> ergonomics(List<Candidate> candidates, List<RunResult> levelRuns) {
    List<String> out = new ArrayList<>();
    for (Candidate c : candidates) {
      levelRuns.stream().filter(r -> r.candidate().equals(c.name()) && r.ergonomics() != null).findFirst()
          .ifPresent(r -> out.add(c.name() + ": " + r.ergonomics().describe()));
    }
    return out;
  }

  /** Per run under limits, one line: its throttling and peak RSS against the limit, or its kill at the limit. */
  public static List<String> perRun(List<RunResult> levelRuns) {
    List<String> out = new ArrayList<>();
    for (RunResult r : levelRuns) {
      RunResult.ContainerSeen c = r.container();
      if (c == null) {
        continue;
      }
      if (c.oomKilled()) {
        out.add(r.id() + ": " + r.failure());
        continue;
      }
      List<String> parts = new ArrayList<>();
      double throttled = r.metric(Metric.THROTTLED_PERIODS.key());
      if (!Double.isNaN(throttled)) {
        parts.add(String.format(Locale.US, "CPU throttled in %.0f periods of 100 ms (%s %%) for %s ms in the measured"
            + " window", throttled, Metric.THROTTLED_PCT.format(r.metric(Metric.THROTTLED_PCT.key())),
            Metric.THROTTLED_TIME.format(r.metric(Metric.THROTTLED_TIME.key()))));
        if (c.throttledPeriods() != null && c.periods() != null) {
          parts.add(String.format(Locale.US, "whole run: %,d of %,d periods, %,d ms", c.throttledPeriods(), c.periods(),
              c.throttledMs() == null ? 0 : c.throttledMs()));
        }
      }
      if (c.memoryLimitBytes() != null) {
        double rssMb = r.metric(Metric.RSS.key());
        String rss = Double.isNaN(rssMb) ? "peak RSS not known" : "peak RSS " + ByteSize.human(rssMb * 1024 * 1024)
            + " of " + ByteSize.human(c.memoryLimitBytes()) + " (" + Metric.RSS_OF_LIMIT.format(
                r.metric(Metric.RSS_OF_LIMIT.key())) + " %)";
        parts.add(rss + (c.peakMemoryBytes() == null ? "" : "; the group's memory peaked at "
            + ByteSize.human(c.peakMemoryBytes())));
      }
      if (!r.ok()) {
        parts.add("failed: " + r.failure());
      }
      out.add(r.id() + ": " + (parts.isEmpty() ? "no counters" : String.join("; ", parts)));
    }
    return out;
  }

  /** How many of a candidate's runs the container's memory limit killed. */
  static long oomKilledRuns(List<RunResult> runs, String candidate) {
    return runs.stream().filter(r -> r.candidate().equals(candidate) && r.oomKilled()).count();
  }
}
