package io.jtune.experiment.report;

import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.List;
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
