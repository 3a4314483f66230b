package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.analysis.LiveSetUnderLoad;
import io.jtune.gc.analysis.StartupPauses;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.runtime.output.OutputFile;
import io.jtune.gc.render.html.HtmlReport;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.FlagDiff;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.Suggestion;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tuning loop that {@code jtune tune} runs on any service and {@code jtune demo} on the
 * bundled lab: measure the baseline under the load (or start from a GC log), analyze and
 * diagnose it, stop at a memory leak (flags are not the fix), suggest candidates, run the
 * experiment (configurations x levels x repetitions, interleaved) and print the verdict with
 * the flag diff. Every document lands in the run directory: the baseline run under
 * {@code baseline/} (GC log, load and latency logs, thread dump, GC report), the experiment's
 * runs under {@code runs/}, and plan.yaml, experiment.json and report.txt/.md/.html.
 */
final class TuneLoop {
  /** The baseline's directory inside the run directory. */
  static final String BASELINE_DIR = "baseline";

  /** The demo's longest wait for one response (a plan level's default). */
  static final Duration LEVEL_TIMEOUT = Duration.ofSeconds(10);

  /**
   * What to tune.
   *
   * @param name the plan's name
   * @param target the service (a lab scenario or a command)
   * @param urls what every level requests
   * @param flags the baseline's JVM flags, or null when the lab scenario's or the log's
   * @param levels the load levels, the load asked for first
   * @param repetitions runs per level and configuration
   * @param candidates the most suggested candidates to run besides the baseline
   * @param gcLog a GC log to start from instead of measuring the baseline, or null
   * @param dir the run directory
   * @param by the command, for the plan's header ("jtune demo")
   * @param budget the time the session may take, or null for no limit
   */
  record Job(String name, ServiceSpec target, List<String> urls, List<String> flags, List<Level> levels,
      int repetitions, int candidates, Path gcLog, Path dir, String by, Budget budget) {}

  /**
   * A session's time limit.
   *
   * @param limit the whole session's
   * @param startNanos when it started ({@link System#nanoTime()})
   * @param minDuration the shortest measured window a cut may leave
   */
  record Budget(Duration limit, long startNanos, Duration minDuration) {
    /** What is left of the limit now (negative once it is past). */
    Duration left() {
      return limit.minus(Duration.ofNanos(System.nanoTime() - startNanos));
    }
  }

  /** The baseline the suggestion is made from: its run (null when from a log), its analysis, its GC report. */
  /**
   * @param liveRising the evidence that the live set rose under the load through the run, or null
   * @param levelled the evidence that it rose and then levelled off, or null
   */
  private record Baseline(RunResult run, Analysis analysis, Path gcLog, Path report, Duration perRun, String liveRising,
      String levelled) {}

  private final Job job;
  private final PrintWriter o;
  private final PrintWriter err;
  private List<Level> levels;
  private int repetitions;
  private int candidates;

  TuneLoop(Job job, PrintWriter out, PrintWriter err) {
    this.job = job;
    this.o = out;
    this.err = err;
    this.levels = job.levels();
    this.repetitions = job.repetitions();
    this.candidates = job.candidates();
  }

  /** Refuses a run directory that already holds an experiment (it continues with --resume instead). */
  static void checkFreshDir(Path dir) {
    if (Files.exists(dir.resolve(Experiment.PLAN_FILE))) {
      throw new JtuneException(dir + " already holds an experiment: continue it with 'jtune experiment --resume "
          + dir + "' or give another --out");
    }
  }

  /** Runs the loop; the exit code (0, or 3 when some runs failed). */
  int run() throws IOException {
    checkFreshDir(job.dir());
    Files.createDirectories(job.dir());
    Level high = job.levels().get(0);
    Baseline base = job.gcLog() != null ? fromLog(high) : measure(high, high.duration(), BASELINE_DIR, "1/4  baseline");
    if (base.liveRising() != null && base.analysis().diagnosis().primary() != Problem.MEMORY_LEAK) {
      base = longer(high, base);
    }
    if (base.analysis().diagnosis().primary() == Problem.MEMORY_LEAK || base.liveRising() != null) {
      leakVerdict(base);
      return ExitCodes.OK;
    }
    refit(base);
    o.println();
    o.println("2/4  suggest: candidates from the findings and the sizing rules (young about 3/8 of the heap,"
        + " old keeping 1.5x the live set, survivors)");
    Suggestion s = Advisor.advise(base.analysis(), advisorInputs(base, high));
    o.println("  " + s.verdict());
    if (!job.target().isLab()) {
      // what the baseline rests on (the parts of the configuration a log does not state, the load)
      s.notes().forEach(n -> o.println("  note: " + n));
    }
    if (s.candidates().isEmpty()) {
      o.println();
      o.println("Verdict: " + (s.gcNotTheProblem() ? "not a GC problem" : "keep the baseline")
          + ". No JVM flag set is worth trying: GC is not the fix here. Look at CPU, locks and the code"
          + " (GC report: " + base.report() + ").");
      return ExitCodes.OK;
    }
    Plan plan = plan(s);
    printCandidates(plan);
    int skipped = s.candidates().size() - (plan.candidates().size() - 1);
    if (skipped > 0) {
      o.println("  (" + skipped + " more suggested; 'jtune suggest' on " + base.gcLog() + " lists them all)");
    }
    String yaml = new PlanWriter().header(List.of("written by " + job.by())).write(plan);
    // run the plan as written, so that the run directory's plan.yaml reports exactly the same
    plan = PlanReader.read(new StringReader(yaml), job.dir().resolve(Experiment.PLAN_FILE).toString(),
        Path.of("").toAbsolutePath());
    o.println();
    o.println("3/4  experiment: " + plan.candidates().size() + " configurations x " + plan.levels().size()
        + " load levels x " + plan.repetitions() + " repetitions = " + plan.schedule().size() + " runs, interleaved; "
        + "plan " + job.dir().resolve(Experiment.PLAN_FILE));
    for (Level l : plan.levels()) {
      o.println("  " + l.name() + ": " + l.describeLoad() + "; goals: "
          + String.join(", ", l.goals().values().stream().map(Goal::describe).toList()));
    }
    Duration perRun = base.perRun() != null ? base.perRun().plus(plan.cooldown())
        : high.warmup().plus(high.duration()).plus(Duration.ofSeconds(6));
    EtaListener eta = new EtaListener(ExperimentCommand.listener(o, err), o, perRun);
    eta.announce(plan.schedule().size());
    o.flush();
    Experiment e = prepare(plan, yaml, job.dir(), eta);
    List<RunResult> results = e.run();
    ExperimentReport report = ExperimentReport.of(plan, Experiment.baseFlags(plan), results);
    List<Path> files = ReportFiles.writeAll(report, job.dir());
    o.println();
    o.println("4/4  verdict");
    o.println();
    ExperimentText.text(report, o);
    o.println();
    flagDiff(report, plan);
    o.println();
    o.println("Reports: " + String.join(", ", files.stream().map(Path::toString).toList()));
    o.println("Runs (GC logs, load results, latency logs, thread dumps): " + job.dir().resolve("runs")
        + "; baseline GC report: " + base.report());
    o.flush();
    return results.stream().allMatch(RunResult::ok) ? ExitCodes.OK : ExitCodes.RUNS_FAILED;
  }

  /** The verdict's key as in experiment.json, and the winner's flags against the baseline's, option by option. */
  private void flagDiff(ExperimentReport report, Plan plan) {
    var rec = report.recommendation();
    o.println("Summary: verdict " + rec.verdict().key() + (rec.winner() == null ? "" : ", winner " + rec.winner()));
    if (rec.winner() == null) {
      o.println("Flag diff: none, keep the baseline's flags"
          + (plan.baselineCandidate().flags().isEmpty() ? "" : " (" + String.join(" ", plan.baselineCandidate().flags()) + ")"));
      return;
    }
    Candidate winner = plan.candidate(rec.winner()).orElseThrow();
    o.println("Flag diff, " + plan.baseline() + " -> " + winner.name() + ":");
    for (String d : FlagDiff.of(plan.baselineCandidate().flags(), winner.flags(), Experiment.baseFlags(plan))) {
      o.println("  " + d);
    }
  }

  private void printCandidates(Plan plan) {
    Candidate baseline = plan.baselineCandidate();
    List<String> common = Experiment.baseFlags(plan);
    if (!job.target().isLab()) {
      o.println("  " + baseline.name() + ": " + (baseline.flags().isEmpty() ? "(the JVM's defaults)"
          : String.join(" ", baseline.flags())));
    }
    for (Candidate c : plan.candidates()) {
      if (!c.name().equals(plan.baseline())) {
        o.println("  " + c.name() + ": " + String.join(" ", c.flags()));
        o.println("      why: " + c.reason());
        o.println("      vs " + plan.baseline() + ": "
            + String.join(", ", FlagDiff.of(baseline.flags(), c.flags(), common)));
      }
    }
  }

  private Advisor.Inputs advisorInputs(Baseline base, Level high) {
    double qps = base.run() != null && base.run().ok() ? base.run().metric("throughputRps")
        : high.open() ? high.rateRps() : Double.NaN;
    Advisor.Inputs in = Advisor.Inputs.NONE.withQps(qps).withConcurrency(high.concurrency());
    // the lab runs on this JDK; a command's JDK is the one its log names
    return job.target().isLab() ? in.withJdk(Runtime.version().feature()) : in.withFlags(job.flags());
  }

  /** The suggestion's plan with the job's levels (the suggestion's goals for the same level names) and candidates. */
  private Plan plan(Suggestion s) {
    Plan suggested = s.plan(job.name(), job.target(), job.urls());
    List<Level> ls = new ArrayList<>();
    for (Level l : levels) {
      Map<String, Goal> goals = suggested.level(l.name()).map(Level::goals)
          .orElse(suggested.levels().get(0).goals());
      ls.add(new Level(l.name(), l.rateRps(), l.concurrency(), l.urls(), l.warmup(), l.duration(), l.timeout(),
          goals, 0, l.request()));
    }
    List<Candidate> cs = new ArrayList<>();
    cs.add(suggested.baselineCandidate());
    suggested.candidates().stream().filter(c -> !c.name().equals(suggested.baseline())).limit(candidates)
        .forEach(cs::add);
    return new Plan(suggested.name(), suggested.target(), suggested.baseline(), cs, ls, repetitions,
        Plan.Order.INTERLEAVED, Duration.ofSeconds(1), null);
  }

  /**
   * The experiment fitted into what is left of the budget, now that the baseline run has shown
   * how long the service takes to start and stop; when even the smallest experiment does not
   * fit, it runs that and says by how much the budget is exceeded.
   */
  private void refit(Baseline base) {
    Budget b = job.budget();
    if (b == null || base.perRun() == null) {
      return;
    }
    Level high = levels.get(0);
    Duration window = high.warmup().plus(high.duration());
    Duration overhead = base.perRun().minus(window);
    overhead = overhead.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : overhead;
    Duration left = b.left();
    RunBudget.Shape now = new RunBudget.Shape(levels.size(), candidates, repetitions, high.warmup(), high.duration(),
        b.minDuration(), false);
    RunBudget.Fit fit;
    try {
      fit = RunBudget.fit(now, left, overhead);
    } catch (JtuneException e) {
      RunBudget.Shape least = new RunBudget.Shape(1, 1, Math.min(2, repetitions), high.warmup(), b.minDuration(),
          b.minDuration(), false);
      fit = new RunBudget.Fit(least, List.of("the smallest experiment, over the budget by about "
          + RunBudget.words(least.estimate(overhead).minus(left))), least.estimate(overhead));
    }
    if (fit.cuts().isEmpty()) {
      return;
    }
    RunBudget.Shape s = fit.shape();
    o.println("  the service takes about " + RunBudget.words(overhead) + " to start and stop; to fit the "
        + RunBudget.words(left.isNegative() ? Duration.ZERO : left) + " left: " + String.join("; ", fit.cuts()));
    List<Level> cut = new ArrayList<>();
    for (Level l : levels.subList(0, s.levels())) {
      cut.add(new Level(l.name(), l.rateRps(), l.concurrency(), l.urls(), s.warmup(), s.duration(), l.timeout(),
          l.goals(), l.line(), l.request()));
    }
    levels = cut;
    repetitions = s.repetitions();
    candidates = s.candidates();
  }

  /** The baseline from the GC log given: analyzed, not measured here. */
  private Baseline fromLog(Level high) {
    o.println("1/4  baseline: the GC log " + job.gcLog() + " (not measured here); the experiment's load: "
        + high.describeLoad() + " on " + requests(high));
    Analysis a = GcAnalyzer.analyze(job.gcLog().toString(), analysisOptions(), e -> true);
    Path dir = job.dir().resolve(BASELINE_DIR);
    printAnalysis(a, false);
    return new Baseline(null, a, job.gcLog(), report(a, dir), null, null, null);
  }

  /** How many times the first baseline's measured window the run that checks a rising live set is. */
  static final int LONGER = 3;

  /**
   * The live set rose through the first baseline run: a cache or pool that fills for longer than
   * a run, or a leak. A run {@value #LONGER} times as long tells them apart when the budget has
   * room for it and an experiment after it: the live set levels off (the longer run is then the
   * baseline) or keeps rising (a leak).
   */
  private Baseline longer(Level high, Baseline first) throws IOException {
    Duration measured = high.duration().multipliedBy(LONGER);
    Duration run = first.perRun() == null ? high.warmup().plus(measured).plus(Duration.ofSeconds(6))
        : first.perRun().plus(measured.minus(high.duration()));
    Budget b = job.budget();
    if (b != null) {
      Duration left = b.left();
      if (left.compareTo(run.multipliedBy(2)) < 0) {
        o.println("  (a run " + LONGER + " times as long would show whether the live set levels off; the budget's "
            + RunBudget.words(left.isNegative() ? Duration.ZERO : left) + " left have no room for it and an experiment)");
        return first;
      }
    }
    o.println();
    o.println("     the live set rose through the run: a cache that fills for longer than " + secs(high.duration())
        + ", or a leak; a run " + LONGER + " times as long tells them apart");
    Baseline again = measure(high, measured, BASELINE_DIR + "-longer", "1/4  baseline, longer");
    if (again.liveRising() == null && again.analysis().diagnosis().primary() != Problem.MEMORY_LEAK) {
      o.println("  " + (again.levelled() != null ? again.levelled()
          : "over " + secs(measured) + " the live set did not keep rising (its Full GCs under the load freed what it"
              + " had held): a cache or pool that filled, not a leak") + "; this run is the baseline");
    }
    return again;
  }

  /** The baseline run: the service with the baseline's flags under the first level's load, as one experiment run. */
  private Baseline measure(Level high, Duration measured, String dirName, String title) throws IOException {
    o.println(title + ": " + high.describeLoad() + " on " + requests(high) + ", "
        + secs(high.warmup()) + " warm-up + " + secs(measured) + " measured, GC log analyzed");
    o.flush();
    String reason = job.flags() == null || job.flags().isEmpty()
        ? "The service's own configuration, unchanged." : "The service's configuration: " + String.join(" ", job.flags());
    Level load = new Level(high.name(), high.rateRps(), high.concurrency(), high.urls(), high.warmup(),
        measured, high.timeout(), Map.of(), 0, high.request());
    Plan plan = new Plan(job.name() + "-baseline", job.target(), Suggestion.BASELINE,
        List.of(Candidate.of(Suggestion.BASELINE, job.flags() == null ? List.of() : job.flags(), reason)),
        List.of(load), 1, Plan.Order.INTERLEAVED, Duration.ZERO, null);
    String yaml = new PlanWriter().header(List.of("the baseline run of " + job.by())).write(plan);
    Path dir = job.dir().resolve(dirName);
    Path saved = dir.resolve(Experiment.PLAN_FILE);
    if (Files.isRegularFile(saved) && !Files.readString(saved, StandardCharsets.UTF_8).equals(yaml)) {
      throw new JtuneException(dir + " holds a baseline of another service, flags or load: give another --out");
    }
    EtaListener timer = new EtaListener(ExperimentCommand.listener(o, err), o,
        high.warmup().plus(measured).plus(Duration.ofSeconds(6)));
    RunResult r = prepare(plan, yaml, dir, timer).run().get(0);
    Path gcLog = dir.resolve("runs").resolve(r.id()).resolve("gc.log");
    Analysis a = null;
    JtuneException unreadable = null;
    StartupPauses startup = null;
    LiveSetUnderLoad live = null;
    if (Files.isRegularFile(gcLog)) {
      try {
        // the diagnosis is of the service under load: its start-up's pauses are left out (Full GCs kept)
        long loadStart = r.windowStartEpochMs() > 0 ? r.windowStartEpochMs() - high.warmup().toMillis() : 0;
        startup = new StartupPauses(loadStart);
        // the longer run also asks that a live set still rising at the end had a Full GC near it
        live = new LiveSetUnderLoad(loadStart, dirName.equals(BASELINE_DIR) ? 0 : r.windowEndEpochMs(), startup);
        a = GcAnalyzer.analyze(gcLog.toString(), analysisOptions(), live);
      } catch (JtuneException ex) {
        unreadable = ex;
      }
    }
    // a baseline that answered nothing is still evidence when its GC log shows why (a leak that
    // filled the heap): the verdict is then that, not a failed session
    if (!r.ok() && (a == null || a.diagnosis().primary() != Problem.MEMORY_LEAK)) {
      throw new JtuneException("baseline run: " + r.failure());
    }
    if (a == null) {
      throw unreadable != null ? unreadable : new JtuneException("baseline run wrote no GC log at " + gcLog);
    }
    if (r.ok()) {
      o.println(String.format(Locale.US,
          "  %,.0f req/s, p99 %.1f ms, max %.1f ms | GC: %d young, %d full, pauses %.0f ms in all, %.2f %% of the time",
          r.metric("throughputRps"), r.metric("p99"), r.metric("latencyMax"),
          a.youngPauses(), a.fullPauses(),
          a.pausedMs(), 100 - a.throughputPct()));
    }
    if (startup != null && startup.left() > 0) {
      o.println(String.format(Locale.US, "  %d pause(s) while the service started, before the load (longest %.1f ms),"
          + " are not part of the diagnosis", startup.left(), startup.longestMs()));
    }
    String rising = live == null ? null : live.rising();
    String levelled = live == null ? null : live.levelledOff();
    if (levelled != null && dirName.equals(BASELINE_DIR)) {
      o.println("  " + levelled);
    }
    // one voice: with the live set rising, the findings of this log alone (a heap the rising live set
    // fills too) are shown as overruled, without their flags
    printAnalysis(a, rising != null);
    // the experiment's runs take about as long as this one did (a longer run's less its longer window)
    Duration perRun = timer.perRun() == null ? null : timer.perRun().minus(measured.minus(high.duration()));
    return new Baseline(r, a, gcLog, report(a, dir), perRun, rising, levelled);
  }

  private AnalysisOptions analysisOptions() {
    return job.flags() == null || job.flags().isEmpty() ? AnalysisOptions.DEFAULTS
        : new AnalysisOptions(AnalysisOptions.DEFAULTS.windowS(), AnalysisOptions.DEFAULTS.pauseTargetMs(), Double.NaN,
            String.join(" ", job.flags()), false);
  }

  private void printAnalysis(Analysis a, boolean overruled) {
    o.println(overruled ? "  diagnosis of the log alone: " + a.diagnosis().line()
        + " (overruled: the live set rises under the load)" : "  diagnosis: " + a.diagnosis().line());
    for (Finding f : a.findings()) {
      o.println("  [" + f.severity().label().toUpperCase(Locale.ROOT) + "] " + f.title()
          + (overruled || f.flags().isEmpty() ? "" : "  ->  " + String.join(" ", f.flags())));
    }
  }

  private static Path report(Analysis a, Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new JtuneException("cannot write " + dir + ": " + e.getMessage(), e);
    }
    Path html = dir.resolve("gc-report.html");
    OutputFile.write(html, w -> HtmlReport.write(a, w));
    return html;
  }

  private void leakVerdict(Baseline base) {
    Diagnosis d = base.analysis().diagnosis();
    o.println();
    o.println("Verdict: memory leak. JVM flags are not the fix, so no candidates are run.");
    if (base.liveRising() != null && d.primary() != Problem.MEMORY_LEAK) {
      // the live set rose under the load, faster than the log's own trend can show in one short run
      o.println("  " + base.liveRising());
      o.println("  -> Find what grows: two class histograms a minute apart under the same load (jcmd PID"
          + " GC.class_histogram) show which classes gain instances; bound the cache or journal, or fix the leak. A run"
          + " of several minutes (--duration) shows whether the live set levels off.");
    } else {
      for (String e : d.evidence()) {
        o.println("  " + e);
      }
      if (!d.advice().isBlank()) {
        o.println("  -> " + d.advice());
      }
    }
    RunResult r = base.run();
    String answered = r == null ? "" : r.ok()
        ? String.format(Locale.US, "the baseline answered %,.0f req/s in its measured window; ", r.metric("throughputRps"))
        : "the baseline run failed: " + r.failure() + "; ";
    o.println("  (" + answered + "GC report: " + base.report() + ")");
    o.println("Summary: verdict memory-leak");
    o.flush();
  }

  /** The experiment prepared; a service that does not start or answer is one line without the plan's line number. */
  private static Experiment prepare(Plan plan, String yaml, Path dir, RunListener listener) {
    try {
      return Experiment.prepare(plan, yaml, dir, Experiment.Options.DEFAULTS, listener);
    } catch (PlanException e) {
      if (plan.source() != null) {
        throw e;
      }
      throw new JtuneException(e.getMessage().replaceFirst("^plan line \\d+: ", ""), e);
    }
  }

  /**
   * {@code count} load levels (1 or 2): "high", the load asked for, and "medium", half of it, in
   * the same model (a rate of requests per second with at most {@code concurrency} in flight, or
   * {@code concurrency} closed-loop clients when the rate is 0), every request sending
   * {@code request} and waiting at most {@code timeout} for its response.
   */
  static List<Level> levels(double rateRps, int concurrency, List<String> urls, Duration warmup, Duration measured,
      int count, Duration timeout, LevelRequest request) {
    List<Level> out = new ArrayList<>();
    out.add(new Level("high", rateRps, concurrency, urls, warmup, measured, timeout, Map.of(), 0, request));
    if (count > 1) {
      out.add(rateRps > 0
          ? new Level("medium", Math.max(1, Math.round(rateRps / 2)), concurrency, urls, warmup, measured, timeout,
              Map.of(), 0, request)
          : new Level("medium", 0, Math.max(1, concurrency / 2), urls, warmup, measured, timeout, Map.of(), 0,
              request));
    }
    return out;
  }

  /** What the level requests, in words: "POST /a, /b (2 headers, a 40-byte body)", the method left out for GET. */
  static String requests(Level l) {
    LevelRequest r = l.request();
    List<String> extras = new ArrayList<>();
    if (!r.headers().isEmpty()) {
      extras.add(r.headers().size() + (r.headers().size() == 1 ? " header" : " headers"));
    }
    if (!r.body().isEmpty()) {
      extras.add("a " + r.body().getBytes(StandardCharsets.UTF_8).length + "-byte body");
    }
    if (r.insecure()) {
      extras.add("any certificate");
    }
    return (r.method().equals("GET") ? "" : r.method() + " ") + String.join(", ", l.urls())
        + (extras.isEmpty() ? "" : " (" + String.join(", ", extras) + ")");
  }

  static String secs(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.US, "%.1f s", d.toMillis() / 1000.0);
  }
}
