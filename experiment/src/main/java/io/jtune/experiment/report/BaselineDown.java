package io.jtune.experiment.report;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.LevelReport;
import io.jtune.experiment.report.ExperimentReport.Recommendation;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The verdict when the baseline does not serve inside its container: the container's memory limit
 * killed it (the kernel's OOM killer, SIGKILL), or, under a memory limit, its heap ran out
 * (OutOfMemoryError: a JVM default heap a quarter of the limit that the live set does not fit). A
 * service that does not serve needs no interval against it. Either must have ended at least half of
 * the baseline's runs. The candidate adopted ran every run to its end with no OOM kill and no leak
 * in its GC log (a live set still growing in a larger heap is a leak, not a heap too small); of
 * several, the lowest p99 at the highest load. Every significant regression it shows where the
 * baseline did run is named. Without such a candidate the usual comparison decides.
 */
final class BaselineDown {
  private static final String LEAK = "memory-leak";

  private BaselineDown() {}

  /** The verdict, or null when the limit never killed the baseline or no candidate ran clean. */
  static Recommendation of(Plan plan, List<String> baseFlags, List<LevelReport> levels, List<RunResult> runs) {
    String base = plan.baseline();
    List<RunResult> baseRuns = runs.stream().filter(r -> r.candidate().equals(base)).toList();
    List<RunResult> kills = baseRuns.stream()
        .filter(r -> r.oomKilled() || plan.anyLimits() && r.outOfHeap()).toList();
    if (kills.isEmpty() || 2 * kills.size() < baseRuns.size()) {
      return null;
    }
    boolean killed = kills.stream().anyMatch(RunResult::oomKilled);
    LevelReport top = ExperimentReport.highestLoad(levels);
    List<String> clean = plan.candidates().stream().map(Candidate::name).filter(n -> !n.equals(base))
        .filter(n -> runs.stream().anyMatch(r -> r.candidate().equals(n))
            && runs.stream().filter(r -> r.candidate().equals(n)).allMatch(r -> r.ok() && !r.oomKilled()
                && (r.gcProblem() == null || !LEAK.equals(r.gcProblem().code()))))
        .toList();
    if (clean.isEmpty()) {
      return null;
    }
    String w = clean.stream().min(Comparator.comparingDouble(n -> finite(top.candidate(n).mean(Metric.P99))))
        .orElseThrow();
    long wRuns = runs.stream().filter(r -> r.candidate().equals(w)).count();
    String killedWords = String.format(Locale.US, killed ? "the baseline was killed by the container's memory limit"
        + " in %d of %d runs" : "the baseline ran out of heap inside the container's memory limit in %d of %d runs",
        kills.size(), baseRuns.size());
    List<String> reasons = new ArrayList<>();
    reasons.add(kills.get(0).id() + ": " + kills.get(0).failure());
    for (LevelReport l : levels) {
      reasons.add(l.level().name() + ": " + w + " " + figures(l.candidate(w)));
    }
    Candidate wc = plan.candidate(w).orElseThrow();
    if (!wc.reason().isBlank()) {
      reasons.add("why it was tried: " + wc.reason());
    }
    List<Regressions.Regression> own = Regressions.of(levels, w);
    String cost = own.isEmpty() ? "" : ", though at a significant cost where the baseline did run ("
        + Regressions.atLevels(own) + ")";
    String summary = "Adopt " + w + ": " + killedWords + " (" + (killed ? at(kills.get(0))
        : "OutOfMemoryError: Java heap space") + "), while " + w + " ran all " + wRuns + " of its runs with no OOM kill"
        + " and no OutOfMemoryError" + cost + "; at " + top.level().name() + " " + figures(top.candidate(w))
        + (baseline(top).isEmpty() ? "" : " against the baseline's " + baseline(top)) + ". A configuration that"
        + " does not serve inside the container loses to one that does: " + w + " keeps the whole process within the"
        + " limit.";
    return new Recommendation(Verdict.ADOPT, w, summary, reasons,
        FlagDiff.of(plan.baselineCandidate().flags(), wc.flags(), baseFlags), false);
  }

  /** What the baseline's runs at a level measured: Full GCs and failed runs (its p99 when some runs served). */
  private static String baseline(LevelReport l) {
    CandidateReport b = l.baseline();
    List<String> parts = new ArrayList<>();
    double p99 = b.mean(Metric.P99);
    if (b.okRuns() > 0 && Double.isFinite(p99)) {
      parts.add(String.format(Locale.US, "p99 %.1f ms", p99));
    }
    double fgc = b.mean(Metric.FGC_COUNT);
    if (Double.isFinite(fgc)) {
      parts.add(String.format(Locale.US, "%.1f Full GCs per run", fgc));
    }
    if (b.failedRuns() > 0) {
      parts.add(b.failedRuns() + " of " + (b.okRuns() + b.failedRuns()) + " runs failed");
    }
    return String.join(", ", parts);
  }

  /** "at RSS 300.0 MB of 320.0 MB", from a killed run's failure line. */
  private static String at(RunResult r) {
    String f = r.failure() == null ? "" : r.failure();
    int from = f.indexOf(" at ");
    int to = f.indexOf(" (", from + 1);
    int colon = f.indexOf(':', from + 1);
    int end = to > 0 ? to : colon > 0 ? colon : f.length();
    return from >= 0 ? f.substring(from + 1, end) : "at its limit";
  }

  /** p99, Full GCs and peak RSS of the limit of a candidate at a level, as measured. */
  private static String figures(CandidateReport c) {
    List<String> parts = new ArrayList<>();
    double p99 = c.mean(Metric.P99);
    if (Double.isFinite(p99)) {
      parts.add(String.format(Locale.US, "p99 %.1f ms", p99));
    }
    double fgc = c.mean(Metric.FGC_COUNT);
    if (Double.isFinite(fgc)) {
      parts.add(String.format(Locale.US, "%.1f Full GCs per run", fgc));
    }
    double rss = c.mean(Metric.RSS_OF_LIMIT);
    if (Double.isFinite(rss)) {
      parts.add(String.format(Locale.US, "peak RSS %.0f %% of the limit", rss));
    }
    parts.add(c.okRuns() + " runs ok");
    return String.join(", ", parts);
  }

  private static double finite(double v) {
    return Double.isFinite(v) ? v : Double.MAX_VALUE;
  }
}
