package io.jtune.cli;

import io.jtune.core.JtuneException;
import io.jtune.core.model.Diagnosis;
import io.jtune.core.model.Problem;
import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.AnalysisOptions;
import io.jtune.core.analysis.GcAnalyzer;
import io.jtune.core.event.PauseKind;
import io.jtune.core.finding.Finding;
import io.jtune.core.lab.LabLaunch;
import io.jtune.core.lab.LabLauncher;
import io.jtune.core.lab.LabScenario;
import io.jtune.core.lab.RunningLab;
import io.jtune.core.output.OutputFile;
import io.jtune.core.render.html.HtmlReport;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.ReportFiles;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.load.LoadModel;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadRun;
import io.jtune.load.RequestTemplate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jtune demo}: the whole tuning loop on the bundled lab — a baseline run under load, its
 * GC log analyzed, candidates suggested from the findings and the young/survivor sizing rules, and the
 * experiment at two load levels with repetitions, confidence intervals, goals and a verdict.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Tune the bundled lab end to end: measure, analyze, suggest, verify side by side, decide.",
      "1. runs a lab scenario under load with its default flags and analyzes the GC log;",
      "2. suggests candidate flag sets from the findings (jtune suggest);",
      "3. runs the experiment: baseline and candidates at two load levels, repeated, interleaved;",
      "4. prints the comparison with 95 %% confidence intervals, the goals and the verdict.",
      "Everything runs on 127.0.0.1; the lab JVMs stop when the demo ends or is interrupted.",
      "About 9 minutes (--quick: about 2); an interrupted demo continues with 'jtune experiment --resume DIR'."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done", ExitCodes.INTERNAL_LINE, "2:bad usage, or the lab could not run", "3:some runs failed"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune demo",
      "  jtune demo --quick",
      "  jtune demo --scenario api --duration 30s --repetitions 5 --out api-demo"})
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "survivor-overflow",
      description = "lab scenario to tune (default survivor-overflow; see 'jtune lab --list')")
  String scenario;

  @Option(names = "--quick", description = "shorter runs and one candidate (about 2 minutes)")
  boolean quick;

  @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "measured window per run (default 20s, 6s with --quick)")
  Duration duration;

  @Option(names = "--repetitions", paramLabel = "N", description = "runs per level and candidate (default 3)")
  Integer repetitions;

  @Option(names = "--candidates", paramLabel = "N",
      description = "suggested candidates to try besides the baseline (default 2, 1 with --quick)")
  Integer candidates;

  @Option(names = "--out", paramLabel = "DIR", description = "run directory (default jtune-runs/demo-TIME)")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    Duration measured = duration != null ? duration : Duration.ofSeconds(quick ? 6 : 20);
    if (measured.isZero()) {
      throw new JtuneException("--duration must be above 0");
    }
    int reps = repetitions != null ? repetitions : Plan.DEFAULT_REPETITIONS;
    int maxCandidates = candidates != null ? candidates : quick ? 1 : 2;
    if (reps < 1 || maxCandidates < 1) {
      throw new JtuneException("--repetitions and --candidates must be at least 1");
    }
    Duration warmup = Duration.ofSeconds(quick ? 3 : 5);
    LabLauncher lab = LabLauncher.locate();
    LabScenario sc = lab.scenario(scenario);
    List<Level> levels = levels(sc, warmup, measured);
    Level high = levels.get(0);
    Path dir = out != null ? out
        : Path.of("jtune-runs", "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Files.createDirectories(dir);

    o.println("jtune demo: lab scenario '" + sc.name() + "'");
    o.println("  " + sc.about());
    o.println("  its JVM flags: " + String.join(" ", sc.jvmFlags()));
    o.println();
    o.println("1/4  baseline: " + high.describeLoad() + " on /scenario, " + secs(warmup) + " warm-up + "
        + secs(measured) + " measured, GC log analyzed");
    o.flush();
    Baseline base = baseline(lab, sc, high, dir.resolve("baseline"), List.of());
    o.println(String.format(Locale.US,
        "  %,.0f req/s, p99 %.1f ms, max %.1f ms | GC: %d young, %d full, pauses %.0f ms in all, %.2f %% of the time",
        base.load.throughputRps(), base.load.latencyMs().p99(), base.load.latencyMs().max(),
        base.analysis.pauses().kind(PauseKind.YOUNG).count(), base.analysis.pauses().kind(PauseKind.FULL).count(),
        base.analysis.pauses().all().totalMs(), 100 - base.analysis.throughputPct()));
    for (Finding f : base.analysis.findings()) {
      o.println("  [" + f.severity().label().toUpperCase(Locale.ROOT) + "] " + f.title()
          + (f.flags().isEmpty() ? "" : "  ->  " + String.join(" ", f.flags())));
    }
    if (base.analysis.diagnosis().primary() == Problem.MEMORY_LEAK) {
      Diagnosis d = base.analysis.diagnosis();
      o.println();
      o.println("Verdict: memory leak. JVM flags are not the fix, so no candidates are run.");
      for (String e : d.evidence()) {
        o.println("  " + e);
      }
      if (!d.advice().isBlank()) {
        o.println("  -> " + d.advice());
      }
      o.println("  (the baseline answered " + String.format(Locale.US, "%,d", base.load.successes())
          + " requests in its measured window; GC report: " + base.report + ")");
      return 0;
    }
    o.println();
    o.println("2/4  suggest: candidates from the findings and the sizing rules (young about 3/8 of the heap, old keeping 1.5x the live set, survivors)");
    Suggestion s = Advisor.advise(base.analysis, Advisor.Inputs.NONE.withQps(base.load.throughputRps())
        .withConcurrency(high.concurrency()).withJdk(Runtime.version().feature()));
    o.println("  " + s.verdict());
    if (s.candidates().isEmpty()) {
      o.println();
      o.println("No JVM flag set is worth trying: GC is not the fix here. Look at CPU, locks and the code"
          + " (GC report: " + base.report + ").");
      return 0;
    }
    Plan plan = demoPlan(s, sc, levels, reps, maxCandidates);
    for (Candidate c : plan.candidates()) {
      if (!c.name().equals(plan.baseline())) {
        o.println("  " + c.name() + ": " + String.join(" ", c.flags()));
        o.println("      why: " + c.reason());
      }
    }
    int skipped = s.candidates().size() - (plan.candidates().size() - 1);
    if (skipped > 0) {
      o.println("  (" + skipped + " more suggested; 'jtune suggest' on " + base.gcLog + " lists them all)");
    }
    String yaml = new PlanWriter().header(List.of("written by jtune demo")).write(plan);
    // run the plan as written, so that the run directory's plan.yaml reports exactly the same
    plan = PlanReader.read(new StringReader(yaml), dir.resolve(Experiment.PLAN_FILE).toString(),
        Path.of("").toAbsolutePath());
    o.println();
    o.println("3/4  experiment: " + plan.candidates().size() + " configurations x " + plan.levels().size()
        + " load levels x " + reps + " repetitions = " + plan.schedule().size() + " runs, interleaved; "
        + "plan " + dir.resolve(Experiment.PLAN_FILE));
    for (Level l : plan.levels()) {
      o.println("  " + l.name() + ": " + l.describeLoad() + "; goals: "
          + String.join(", ", l.goals().values().stream().map(Goal::describe).toList()));
    }
    o.flush();
    Experiment e = Experiment.prepare(plan, yaml, dir, Experiment.Options.DEFAULTS,
        ExperimentCommand.listener(o, spec.commandLine().getErr()));
    List<RunResult> results = e.run();
    ExperimentReport report = ExperimentReport.of(plan, sc.jvmFlags(), results);
    List<Path> files = ReportFiles.writeAll(report, dir);
    o.println();
    o.println("4/4  verdict");
    o.println();
    ExperimentText.text(report, o);
    o.println();
    o.println("Reports: " + String.join(", ", files.stream().map(Path::toString).toList()));
    o.println("Runs (GC logs, load results, latency logs, thread dumps): " + dir.resolve("runs")
        + "; baseline GC report: " + base.report);
    o.flush();
    if (sc.fixFlags().isEmpty() && !sc.fixLabArgs().isEmpty()) {
      applicationFix(lab, sc, high, dir, base, o);
    }
    return results.stream().allMatch(RunResult::ok) ? 0 : 3;
  }

  /**
   * The demo's two levels: the scenario's intended load (high) and half of it (medium), in the
   * scenario's load model.
   */
  static List<Level> levels(LabScenario sc, Duration warmup, Duration measured) {
    List<Level> out = new ArrayList<>();
    Duration timeout = Duration.ofSeconds(10);
    if (sc.rateRps().isPresent()) {
      double rate = sc.rateRps().getAsDouble();
      // a small client pool, as the scenario is calibrated (its 'about' says so)
      int conns = sc.connections().orElse(4);
      out.add(new Level("high", rate, conns, List.of("/scenario"), warmup, measured, timeout, Map.of(), 0));
      out.add(new Level("medium", Math.max(1, Math.round(rate / 2)), conns, List.of("/scenario"), warmup, measured,
          timeout, Map.of(), 0));
    } else {
      int clients = sc.concurrency().orElse(8);
      out.add(new Level("high", 0, clients, List.of("/scenario"), warmup, measured, timeout, Map.of(), 0));
      out.add(new Level("medium", 0, Math.max(1, clients / 2), List.of("/scenario"), warmup, measured, timeout,
          Map.of(), 0));
    }
    return out;
  }

  /** The suggestion's plan with the demo's levels (the suggestion's goals for the same level names) and candidates. */
  static Plan demoPlan(Suggestion s, LabScenario sc, List<Level> levels, int reps, int maxCandidates) {
    Plan suggested = s.plan("demo-" + sc.name(), ServiceSpec.lab(sc.name()), List.of("/scenario"));
    List<Level> ls = new ArrayList<>();
    for (Level l : levels) {
      Map<String, Goal> goals = suggested.level(l.name()).map(Level::goals)
          .orElse(suggested.levels().get(0).goals());
      ls.add(new Level(l.name(), l.rateRps(), l.concurrency(), l.urls(), l.warmup(), l.duration(), l.timeout(),
          goals, 0));
    }
    List<Candidate> cs = new ArrayList<>();
    cs.add(suggested.baselineCandidate());
    suggested.candidates().stream().filter(c -> !c.name().equals(suggested.baseline())).limit(maxCandidates)
        .forEach(cs::add);
    return new Plan(suggested.name(), suggested.target(), suggested.baseline(), cs, ls, reps, Plan.Order.INTERLEAVED,
        Duration.ofSeconds(1), null);
  }

  /** The baseline run the suggestion is made from: its load, its GC log analyzed, an HTML report of it. */
  private record Baseline(LoadResult load, Analysis analysis, Path gcLog, Path report) {}

  private Baseline baseline(LabLauncher lab, LabScenario sc, Level level, Path dir, List<String> labArgs)
      throws IOException {
    Files.createDirectories(dir);
    Path gcLog = dir.resolve("gc.log").toAbsolutePath();
    List<String> jvm = List.of("-Xlog:gc*,gc+age=trace:file=" + gcLog + ":time,uptime,level,tags");
    LoadResult result;
    try (RunningLab running = lab.start(LabLaunch.of(sc.name()).withJvmFlags(jvm).withLabArgs(labArgs))) {
      List<RequestTemplate> targets = List.of(RequestTemplate.get(running.resolve("/scenario").toString()));
      LoadPlan plan = new LoadPlan(targets, level.open() ? LoadModel.OPEN : LoadModel.CLOSED, level.concurrency(),
          level.open() ? level.rateRps() : 0, level.duration(), 0, level.warmup(), Duration.ZERO, level.timeout(),
          LoadPlan.defaultThreads(level.concurrency()));
      ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), "baseline",
          (level.warmup().toMillis() + level.duration().toMillis()) / 1000.0);
      result = LoadRun.execute(plan, progress);
      progress.clear();
    }
    OutputFile.write(dir.resolve("load.json"), result::writeJson);
    Analysis analyzed = null;
    JtuneException unreadable = null;
    try {
      analyzed = GcAnalyzer.analyze(List.of(gcLog.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    } catch (JtuneException e) {
      unreadable = e;
    }
    // a baseline that answered nothing is still evidence when its GC log shows why (a leak that
    // filled the heap): the verdict is then that, not a failed demo
    if (result.successes() == 0 && (analyzed == null || analyzed.diagnosis().primary() != Problem.MEMORY_LEAK)) {
      throw new JtuneException("baseline run: no request succeeded against the lab (errors " + result.errors() + ")");
    }
    if (analyzed == null) {
      throw unreadable;
    }
    Analysis a = analyzed;
    Path html = dir.resolve("gc-report.html");
    OutputFile.write(html, w -> HtmlReport.write(a, w));
    return new Baseline(result, a, gcLog, html);
  }

  /**
   * A case whose fix is in the application, not in flags (the lab knows it: a cache moved off the
   * heap): the baseline's run again with the application fixed and the same flags, side by side,
   * so the diagnosis is checked against the known cause.
   */
  private void applicationFix(LabLauncher lab, LabScenario sc, Level high, Path dir, Baseline base, PrintWriter o)
      throws IOException {
    o.println();
    o.println("Check: the application fix the lab knows for this case (" + sc.fix() + "): lab options "
        + String.join(" ", sc.fixLabArgs()) + ", the same JVM flags and load, one run");
    o.flush();
    Baseline fixed = baseline(lab, sc, high, dir.resolve("application-fix"), sc.fixLabArgs());
    o.println(String.format(Locale.US, "  %-16s %12s %10s %10s %10s %14s", "", "req/s", "p99 ms", "Full GCs",
        "young GCs", "GC time share"));
    for (var row : List.of(Map.entry("baseline", base), Map.entry("application fix", fixed))) {
      Baseline b = row.getValue();
      o.println(String.format(Locale.US, "  %-16s %,12.0f %10.1f %10d %10d %13.2f%%", row.getKey(),
          b.load.throughputRps(), b.load.latencyMs().p99(), b.analysis.pauses().kind(PauseKind.FULL).count(),
          b.analysis.pauses().kind(PauseKind.YOUNG).count(), 100 - b.analysis.throughputPct()));
    }
    o.println("  Application fix's GC report: " + fixed.report);
    o.flush();
  }

  private static String secs(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.US, "%.1f s", d.toMillis() / 1000.0);
  }
}
