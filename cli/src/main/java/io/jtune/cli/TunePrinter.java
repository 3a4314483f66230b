package io.jtune.cli;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.FlagDiff;
import io.jtune.experiment.report.Regressions;
import io.jtune.experiment.run.ClassGrowth;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.search.SearchResult;
import io.jtune.experiment.search.SearchText;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.experiment.tune.ApplicationFix;
import io.jtune.experiment.tune.BaselineKill;
import io.jtune.experiment.tune.TuneListener;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.gc.finding.Finding;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints what a tune session reports: the steps 1/4 to 4/4, the runs with the time left, the
 * verdict (a search's rounds and probes: {@link SearchPrinter}).
 */
final class TunePrinter extends SearchPrinter implements TuneListener {
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

  private final RunListener runs;

  TunePrinter(PrintWriter out, PrintWriter err) {
    super(out);
    this.runs = ExperimentCommand.listener(out, err);
  }

  @Override
  public void baselineFromLog(Path gcLog, Level high) {
    o.println("1/4  baseline: the GC log " + gcLog + " (not measured here); the experiment's load: "
        + high.describeLoad() + " on " + requests(high));
  }

  @Override
  public void baselineStarting(Level high, Duration measured, boolean longer) {
    o.println((longer ? "1/4  baseline, longer" : "1/4  baseline") + ": " + high.describeLoad() + " on "
        + requests(high) + ", " + (high.ramped() ? "the rate ramped up over " + secs(high.rampUp()) + " then " : "")
        + secs(high.warmup()) + " warm-up + " + secs(measured) + " measured, GC log analyzed");
    o.flush();
  }

  @Override
  public void baselineMeasured(RunResult r, Analysis a, int startupPauses, double longestStartupMs) {
    if (r.ok()) {
      o.println(String.format(Locale.US,
          "  %,.0f req/s, p99 %.1f ms, max %.1f ms | GC: %d young, %d full, pauses %.0f ms in all, %.2f %% of the time",
          r.metric("throughputRps"), r.metric("p99"), r.metric("latencyMax"), a.youngPauses(), a.fullPauses(),
          a.pausedMs(), 100 - a.throughputPct()));
      RunResult.Steadiness st = r.steadiness();
      if (st != null && !"fixed".equals(st.warmupEnded())) {
        o.println(String.format(Locale.US, "  warm-up %.0f s (%s; per-second req/s: %s), then the window: %s", st.warmupS(),
            switch (st.warmupEnded()) {
              case "steady" -> "until steady: throughput and p99 stable, JIT compilation settled";
              case "saturated" -> "serving less than offered, JIT done: saturated";
              default -> String.format(Locale.US, "not steady by the %.0f s ceiling", st.maxWarmupS());
            }, st.warmupThroughput(12), Boolean.TRUE.equals(st.windowUnanswered())
                ? String.format(Locale.US, "none of its own requests answered (it answered the warm-up's queue, %.0f"
                    + " req/s)", st.servedRps())
                : st.windowThroughput(12)));
      }
    }
    if (startupPauses > 0) {
      o.println(String.format(Locale.US, "  %d pause(s) while the service started, before the load (longest %.1f ms),"
          + " are not part of the diagnosis", startupPauses, longestStartupMs));
    }
  }

  @Override
  public void applicationFixStarting(ApplicationFix fix, Level level) {
    o.println();
    o.println("Check: the application fix the lab knows for this case (" + fix.what() + "): lab options "
        + String.join(" ", fix.labArgs()) + ", the same JVM flags and load (" + level.describeLoad() + "), one run");
    o.flush();
  }

  @Override
  public void applicationFixChecked(ApplicationFix fix, RunResult baseline, RunResult fixed, Path dir) {
    if (!fixed.ok()) {
      o.println("  the application-fix run failed: " + fixed.failure() + " (its files: " + dir + ")");
      o.flush();
      return;
    }
    o.println(String.format(Locale.US, "  %-16s %12s %10s %10s %10s %14s", "", "req/s", "p99 ms", "Full GCs",
        "young GCs", "GC time share"));
    fixRow("baseline", baseline);
    fixRow("application fix", fixed);
    o.println("  (measured windows of both runs; the fixed run's GC log and load report: " + dir + ")");
    o.flush();
  }

  private void fixRow(String name, RunResult r) {
    o.println(String.format(Locale.US, "  %-16s %,12.0f %10.1f %10.0f %10.0f %13.2f%%", name,
        r.metric(Metric.THROUGHPUT.key()), r.metric(Metric.P99.key()), r.metric(Metric.FGC_COUNT.key()),
        r.metric(Metric.YGC_COUNT.key()), r.metric(Metric.GC_TIME_SHARE.key())));
  }

  @Override
  public void liveSetLevelled(String evidence) {
    o.println("  " + evidence);
  }

  @Override
  public void diagnosis(Analysis a, boolean overruled) {
    o.println(overruled ? "  diagnosis of the log alone: " + a.diagnosis().line()
        + " (overruled: the live set rises under the load)" : "  diagnosis: " + a.diagnosis().line());
    for (Finding f : a.findings()) {
      o.println("  [" + f.severity().label().toUpperCase(Locale.ROOT) + "] " + f.title()
          + (overruled || f.flags().isEmpty() ? "" : "  ->  " + String.join(" ", f.flags())));
    }
  }

  @Override
  public void longerSkipped(int times, Duration left) {
    o.println("  (a run " + times + " times as long would show whether the live set levels off; the budget's "
        + RunBudget.words(left) + " left have no room for it and an experiment)");
  }

  @Override
  public void longerStarting(int times, Duration window) {
    o.println();
    o.println("     the live set rose through the run: a cache that fills for longer than " + secs(window)
        + ", or a leak; a run " + times + " times as long tells them apart");
  }

  @Override
  public void longerSettled(String levelled, Duration measured) {
    o.println("  " + (levelled != null ? levelled
        : "over " + secs(measured) + " the live set did not keep rising (its Full GCs under the load freed what it"
            + " had held): a cache or pool that filled, not a leak") + "; this run is the baseline");
  }

  @Override
  public void largerHeapStarting(List<String> flags, int times, Duration window) {
    o.println();
    o.println("     the heap filled and its Full GCs free almost nothing: a leak, or a store whose bound does not fit"
        + " the heap; a run at twice the heap (" + String.join(" ", flags) + "), " + times + " times as long, tells"
        + " them apart");
  }

  @Override
  public void largerHeapSkipped(String why) {
    o.println("  (a run at a larger heap would tell a leak from a store whose bound does not fit: " + why + ")");
  }

  @Override
  public void baselineOverloaded(io.jtune.experiment.tune.BaselineOverload overload, RunResult run) {
    o.println("  " + overload.words() + ".");
  }

  @Override
  public void coldStartRamp(io.jtune.experiment.tune.ColdStartRamp ramp, Level level, Duration firstCeiling) {
    o.println("  " + ramp.words(level.rateRps(), firstCeiling) + ".");
  }

  @Override
  public void baselineRerun(io.jtune.experiment.tune.BaselineOverload overload, RunResult run) {
    o.println("  " + overload.rerunWords() + ".");
    if (overload.unresolved()) {
      o.println();
      o.println("Verdict: overloaded. No experiment ran: a comparison of queues says nothing of the configurations.");
    }
  }

  @Override
  public void largerHeapSettled(io.jtune.experiment.tune.StoreBound store) {
    o.println("  " + store.evidence());
  }

  @Override
  public void answerLongerStarting(io.jtune.experiment.search.MemoryGrid.Step step, int times, Duration measured) {
    o.println();
    o.println("     the answer, " + step.mb() + " MB, met the SLO for a probe's window: run " + times + " times as long ("
        + secs(measured) + " measured) at the same load before its check; a live set that keeps rising (sessions,"
        + " caches, a leak) fills a small heap later");
    o.flush();
  }

  @Override
  public void budgetCut(Duration overhead, Duration left, List<String> cuts) {
    o.println("  the service takes about " + RunBudget.words(overhead) + " to start and stop; to fit the "
        + RunBudget.words(left) + " left: " + String.join("; ", cuts));
  }

  @Override
  public void suggesting() {
    o.println();
    o.println("2/4  suggest: candidates from the findings and the sizing rules (young about 3/8 of the heap,"
        + " old keeping 1.5x the live set, survivors)");
  }

  @Override
  public void suggested(Suggestion s, boolean notes) {
    o.println("  " + s.verdict());
    if (notes) {
      // what the baseline rests on (the parts of the configuration a log does not state, the load)
      s.notes().forEach(n -> o.println("  note: " + n));
    }
  }

  @Override
  public void noCandidates(Suggestion s, Path report) {
    o.println();
    o.println("Verdict: " + (s.gcNotTheProblem() ? "not a GC problem" : "keep the baseline")
        + ". No JVM flag set is worth trying: GC is not the fix here. Look at CPU, locks and the code"
        + " (GC report: " + report + ").");
  }

  @Override
  public void candidates(Plan plan, boolean lab, int skipped, Path gcLog) {
    Candidate baseline = plan.baselineCandidate();
    List<String> common = Experiment.baseFlags(plan);
    if (!lab) {
      o.println("  " + baseline.name() + ": " + (baseline.flags().isEmpty() ? "(the JVM's defaults)"
          : String.join(" ", baseline.flags())));
    }
    for (Candidate c : plan.candidates()) {
      if (!c.name().equals(plan.baseline())) {
        o.println("  " + c.name() + ": " + String.join(" ", c.flags()) + (c.params().isEmpty() ? ""
            : (c.flags().isEmpty() ? "" : "; ") + "application parameters " + String.join(", ", c.params().entrySet()
                .stream().map(e -> e.getKey() + "=" + e.getValue()).toList())));
        o.println("      why: " + c.reason());
        List<String> diff = FlagDiff.of(baseline.flags(), c.flags(), common);
        o.println("      vs " + plan.baseline() + ": " + (diff.isEmpty() ? "the same JVM flags"
            + (c.params().isEmpty() ? "" : "; only the application parameters differ") : String.join(", ", diff)));
      }
    }
    if (skipped > 0) {
      o.println("  (" + skipped + " more suggested; 'jtune suggest' on " + gcLog + " lists them all)");
    }
  }

  @Override
  public void experimentStarting(Plan plan, Path planFile) {
    o.println();
    o.println("3/4  experiment: " + plan.candidates().size() + " configurations x " + plan.levels().size()
        + " load levels x " + plan.repetitions() + " repetitions = " + plan.schedule().size() + " runs, interleaved"
        + (plan.shuffle() > 0 ? " (each round shuffled)" : "") + (plan.earlyStopping()
            ? ", at most: a candidate's repetitions stop once its verdict is settled" : ", every one (no early stopping)")
        + "; plan " + planFile);
    for (Level l : plan.levels()) {
      o.println("  " + l.name() + ": " + l.describeLoad() + "; goals: "
          + String.join(", ", l.goals().values().stream().map(Goal::describe).toList()));
    }
  }

  @Override
  public void runsEstimated(int count, Duration perRun) {
    Duration left = perRun.multipliedBy(count);
    o.println("  about " + RunBudget.words(left) + " (" + count + " runs of about " + RunBudget.words(perRun)
        + "); ends near " + LocalTime.now().plus(left).format(CLOCK));
    o.flush();
  }

  @Override
  public void runsLeft(int left, Duration rest) {
    o.println("        " + left + " run" + (left == 1 ? "" : "s") + " left, about " + RunBudget.words(rest)
        + "; ends near " + LocalTime.now().plus(rest).format(CLOCK));
    o.flush();
  }

  @Override
  public void searched(SearchResult result, List<Path> files) {
    o.println();
    SearchText.lines(result).forEach(o::println);
    o.println("  report: " + files.get(files.size() - 1));
    if (result.winner() != null && !result.winner().ownConfiguration()
        && (result.footprint() == null || result.footprint().answerStands())) {
      o.println("  the winner is now checked against the baseline, with full repetitions:");
    } else if (result.footprint() != null && result.footprint().longer() != null && !result.footprint().answerStands()) {
      o.println();
      o.println("Verdict: keep the baseline: "
          + io.jtune.experiment.tune.TuneResult.answerNotHeld(result.footprint()) + ".");
    }
    o.flush();
  }

  @Override
  public RunListener runs() {
    return runs;
  }

  @Override
  public void baselineKilled(BaselineKill kill, RunResult r, Path report) {
    o.println("  Diagnosis: the baseline was " + r.failure().substring(Math.max(0, r.failure().indexOf("killed"))));
    kill.lines().forEach(l -> o.println("    " + l));
    o.println("  -> The limit, not the collector, ends this service: the candidates keep the whole process under it."
        + " (GC report: " + report + ")");
    o.flush();
  }

  @Override
  public void defaultHeapFilled(String limits) {
    o.println("  Under the container's limits (" + limits + ") with the JVM's default heap (a quarter of the limit"
        + " above 512 MB, about 127 MB from 256 to 512 MB) a live set that fills the heap looks like a leak: a heap"
        + " the limit allows tells them apart (a leak keeps growing there too), so the candidates are run.");
    o.flush();
  }

  @Override
  public void memoryLeak(Diagnosis d, String liveRising, RunResult r, Path report) {
    o.println();
    o.println("Verdict: memory leak. JVM flags are not the fix, so no candidates are run.");
    // what grew by the run's own class histograms (the runs that check a rising live set take them)
    ClassGrowth growth = r == null ? null : r.classGrowth();
    String grew = growth == null ? null : growth.words(3);
    if (liveRising != null && d.primary() != Problem.MEMORY_LEAK) {
      // the live set rose under the load, faster than the log's own trend can show in one short run
      o.println("  " + liveRising);
      if (grew != null) {
        o.println("  " + Character.toUpperCase(grew.charAt(0)) + grew.substring(1) + ".");
        o.println("  -> Bound what grows (a cache or journal, sessions kept for a long timeout), or fix the leak; both"
            + " histograms are kept beside the run's result (" + ClassGrowth.START_FILE + ", " + ClassGrowth.END_FILE
            + ").");
      } else {
        o.println("  -> Find what grows: two class histograms a minute apart under the same load (jcmd PID"
            + " GC.class_histogram) show which classes gain instances" + (growth != null ? " (jtune's own: "
            + growth.failure() + ")" : "") + "; bound the cache or journal, or fix the leak. A run of several"
            + " minutes (--duration) shows whether the live set levels off.");
      }
    } else {
      d.evidence().forEach(e -> o.println("  " + e));
      if (grew != null) {
        o.println("  " + Character.toUpperCase(grew.charAt(0)) + grew.substring(1) + ".");
      }
      if (!d.advice().isBlank()) {
        o.println("  -> " + d.advice());
      }
    }
    String answered = r == null ? "" : r.ok()
        ? String.format(Locale.US, "the baseline answered %,.0f req/s in its measured window; ", r.metric("throughputRps"))
        : "the baseline run failed: " + r.failure() + "; ";
    o.println("  (" + answered + "GC report: " + report + ")");
    o.println("Summary: verdict memory-leak");
    o.flush();
  }

  @Override
  public void verdict(ExperimentReport report, Plan plan, List<Path> files, Path runsDir, Path baselineReport) {
    o.println();
    o.println("4/4  verdict");
    o.println();
    ExperimentText.text(report, o);
    o.println();
    var rec = report.recommendation();
    // a tried candidate that made things significantly worse is named here too, not only in the report
    String worse = Regressions.text(Regressions.of(report.levels()));
    o.println("Summary: verdict " + rec.verdict().key() + (rec.winner() == null ? "" : ", winner " + rec.winner())
        + (worse.isEmpty() ? "" : "; " + Character.toLowerCase(worse.charAt(0)) + worse.substring(1)));
    if (rec.winner() == null) {
      o.println("Flag diff: none, keep the baseline's flags" + (plan.baselineCandidate().flags().isEmpty() ? ""
          : " (" + String.join(" ", plan.baselineCandidate().flags()) + ")"));
    } else {
      Candidate winner = plan.candidate(rec.winner()).orElseThrow();
      o.println("Flag diff, " + plan.baseline() + " -> " + winner.name() + ":");
      FlagDiff.of(plan.baselineCandidate().flags(), winner.flags(), Experiment.baseFlags(plan))
          .forEach(d -> o.println("  " + d));
    }
    o.println();
    o.println("Reports: " + String.join(", ", files.stream().map(Path::toString).toList()));
    o.println("Runs (GC logs, load results, latency logs, thread dumps): " + runsDir
        + "; baseline GC report: " + baselineReport);
    o.flush();
  }

  /** What the level requests, in words: "POST /a, /b (2 headers, a 40-byte body)", the method left out for GET. */
  static String requests(Level l) {
    LevelRequest r = l.request();
    List<String> extras = new ArrayList<>();
    if (!r.headers().isEmpty()) {
      extras.add(r.headers().size() + (r.headers().size() == 1 ? " header" : " headers"));
    }
    if (r.bodyLength() > 0) {
      extras.add("a " + r.bodyLength() + "-byte body");
    }
    if (r.insecure()) {
      extras.add("any certificate");
    }
    if (r.users().cookies()) {
      extras.add(r.users().rotate() ? "cookies kept by users of " + r.users().requestsPerUser() + " requests"
          : "cookies kept per connection");
    }
    if (r.replay() != null) {
      // describeLoad names the log and its pace
      return "the logged requests" + (extras.isEmpty() ? "" : " (" + String.join(", ", extras) + ")");
    }
    return (r.method().equals("GET") ? "" : r.method() + " ") + String.join(", ", l.urls())
        + (extras.isEmpty() ? "" : " (" + String.join(", ", extras) + ")");
  }

  static String secs(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.US, "%.1f s", d.toMillis() / 1000.0);
  }
}
