package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.common.format.TerminalText;
import io.jtune.common.format.OutputFormat;
import io.jtune.experiment.tune.TuneSettings;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.load.DurationText;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.experiment.report.ExperimentJson;
import io.jtune.experiment.report.EarlyStopping;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.files.ExperimentRenderers;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.load.LoadProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune experiment}: runs a plan's candidates side by side under load and reports the verdict. */
@Command(name = "experiment", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Run candidate JVM configurations side by side under load and pick the winner on numbers.",
      "For each load level x candidate x repetition (interleaved by default) the target starts with the"
          + " candidate's flags and GC logging, warms up until it is in steady state (per-second throughput and"
          + " p99 stable for 6 s, JIT compilation settled; at least the level's warmup, at most its maxWarmup,"
          + " default 60s), is loaded for the measured window, and stops; the GC log is analyzed over that window."
          + " A run that served less than 90 %% of its open-model rate is reported as overloaded (its latencies"
          + " are a queue), with the capacity it served and what limits it; so is one whose window's own requests"
          + " waited behind the warm-up's queue and got no answer within it. The report compares every candidate with the baseline (mean,"
          + " spread, change with a 95 %% confidence interval), judges the plan's goals per level and names the"
          + " winner, or says plainly that flags are not the fix.",
      "Each run's GC log, load result, latency log and output tail land in DIR/runs/ID/ as it ends;"
          + " --resume DIR finishes an interrupted experiment without redoing finished runs.",
      "The plan format: experiment/README.md; 'jtune suggest' writes one from a GC log."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done (even when no candidate wins, unless --fail-on-goals)", ExitCodes.INTERNAL_LINE,
        "2:bad plan or bad usage, or the -o file cannot be written",
        "3:some runs failed",
        "4:--fail-on-goals: no candidate meets the goals (the reports are written first)"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune experiment plan.yaml",
      "  jtune experiment --fail-on-goals --out runs/checkout plan.yaml",
      "  jtune experiment --resume runs/checkout",
      "  jtune experiment --report runs/checkout --format json",
      "  jtune experiment --report runs/checkout --format html -o report.html"})
final class ExperimentCommand implements Callable<Integer> {
  /** {@code --format}: the experiment report's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(ExperimentRenderers.of(Path.of("")).formats());
    }
  }

  @Spec CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "PLAN.yaml", description = "the experiment plan")
  Path planFile;

  @Option(names = "--out", paramLabel = "DIR", description = "run directory (default jtune-runs/PLAN-NAME-TIME)")
  Path out;

  @Option(names = "--resume", paramLabel = "DIR", description = "continue the experiment in DIR (its saved plan), keeping finished runs")
  Path resume;

  @Option(names = "--report", paramLabel = "DIR", description = "only print the report of the runs in DIR (no runs)")
  Path reportOnly;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Formats.class,
      completionCandidates = Formats.class,
      description = "report on stdout: text (default), markdown, json (schema " + ExperimentJson.SCHEMA + "),"
          + " html (one offline page with charts), openmetrics, or prometheus (the Prometheus text format)")
  OutputFormat format;

  @Mixin ReportOutput output;

  @Mixin ContainerLimitOptions container;

  @Mixin StoppingOptions stopping;

  @Option(names = "--fail-on-goals", description = "exit 4 when no candidate meets the goals (for CI)")
  boolean failOnGoals;

  @Option(names = "--jfr", description = "also record each run with JDK Flight Recorder (DIR/runs/ID/recording.jfr)")
  boolean jfr;

  @Option(names = "--no-thread-dumps", description = "do not take a thread dump (SIGQUIT) during each warm-up")
  boolean noThreadDumps;

  @Option(names = "--max-duration", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "start no run after this much wall time (the run under way finishes), report the runs done;"
          + " over the plan's maxDuration, for this invocation only (1s to 7d)")
  Duration maxDuration;

  @Override
  public Integer call() throws IOException {
    int given = (planFile != null ? 1 : 0) + (resume != null ? 1 : 0) + (reportOnly != null ? 1 : 0);
    if (given != 1) {
      throw new JtuneException("give exactly one of PLAN.yaml, --resume DIR or --report DIR");
    }
    PrintWriter err = spec.commandLine().getErr();
    output.check(List.of());
    Plan plan;
    String text;
    Path dir;
    if (container.given() && planFile == null) {
      throw new JtuneException("--memory-limit and --cpus go with a plan file: an experiment resumed or reported keeps"
          + " the limits its plan was run with");
    }
    if (stopping.given() && planFile == null) {
      throw new JtuneException("--no-early-stopping and --shuffle go with a plan file: an experiment resumed or reported"
          + " keeps the order and stopping rule its plan was run with (earlyStopping and shuffle in its plan.yaml)");
    }
    if (planFile != null) {
      text = PlanReader.text(planFile);
      plan = PlanReader.read(planFile, text);
      if (stopping.given()) {
        plan = stopping.applyTo(plan);
        // the saved plan (for --resume) holds the order and the rule the runs had
        text = withTopKeys(text, plan);
      }
      ContainerLimits scenario = ScenarioLimits.of(plan, container);
      if (container.given() || scenario.any()) {
        // before anything starts: without the right to make cgroups, one line and nothing runs; a lab
        // scenario that runs in a container has its limits unless the plan or the options set them
        ContainerLimits asked = scenario.any() ? scenario : container.checked();
        boolean hadLimits = plan.limits().any();
        plan = plan.withLimits(new ContainerLimits(asked.memory() != null ? asked.memory() : plan.limits().memory(),
            asked.cpus() != null ? asked.cpus() : plan.limits().cpus()));
        // the saved plan (for --resume) holds the limits the runs had
        text = PlanLimitsText.withLimits(text, hadLimits, plan);
      }
      dir = out != null ? out : Path.of("jtune-runs", plan.fileName() + "-"
          + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
      if (Files.isDirectory(dir.resolve("runs")) && out != null) {
        throw new JtuneException(dir + " already holds an experiment: use --resume " + dir + " or another --out");
      }
    } else {
      dir = resume != null ? resume : reportOnly;
      Path saved = dir.resolve(Experiment.PLAN_FILE);
      if (!Files.isRegularFile(saved) && Files.isDirectory(dir.resolve(TuneSettings.BASELINE_DIR))) {
        throw new JtuneException(dir + " holds a tuning session stopped before its experiment: run the same"
            + " 'jtune tune' command again (a finished baseline run is kept)");
      }
      if (!Files.isRegularFile(saved)) {
        throw new JtuneException(dir + " is not an experiment run directory (no " + Experiment.PLAN_FILE + ")");
      }
      text = Files.readString(saved, StandardCharsets.UTF_8);
      Path baseFile = dir.resolve(Experiment.PLAN_BASE_FILE);
      Path base = Files.isRegularFile(baseFile) ? Path.of(Files.readString(baseFile).trim()) : dir.toAbsolutePath();
      plan = PlanReader.read(new StringReader(text), saved.toString(), base);
      plan = plan.withSource(base.resolve(plan.fileName() + ".yaml"));
    }
    if (maxDuration != null) {
      if (reportOnly != null) {
        throw new JtuneException("--max-duration goes with a plan file or --resume: --report runs nothing");
      }
      if (maxDuration.compareTo(Duration.ofSeconds(1)) < 0 || maxDuration.compareTo(PlanReader.MAX_DURATION) > 0) {
        throw new JtuneException("--max-duration must be between 1s and 7d, not " + DurationText.format(maxDuration));
      }
      plan = plan.withMaxDuration(maxDuration);
    }
    if (reportOnly != null) {
      List<RunResult> results = Experiment.readResults(dir, plan);
      ExperimentReport report = ExperimentReport.of(plan, Experiment.baseFlags(plan), results);
      print(report, dir);
      return gate(report, ExitCodes.OK);
    }
    err.println("jtune experiment '" + plan.name() + "': " + plan.candidates().size() + " candidates x "
        + plan.levels().size() + " levels x " + plan.repetitions() + " repetitions = " + plan.schedule().size()
        + " runs, " + plan.order().key() + "; run directory " + dir);
    err.flush();
    Experiment e = Experiment.prepare(plan, text, dir, new Experiment.Options(jfr, !noThreadDumps), listener(err, err));
    List<RunResult> results = e.run(EarlyStopping.of(plan));
    ExperimentReport report = ExperimentReport.of(plan, Experiment.baseFlags(plan), results);
    List<Path> files = ReportFiles.writeAll(report, dir);
    print(report, dir);
    err.println("jtune: reports written to " + String.join(", ", files.stream().map(Path::toString).toList()));
    err.flush();
    return gate(report, results.stream().allMatch(RunResult::ok) ? ExitCodes.OK : ExitCodes.RUNS_FAILED);
  }

  /** The plan text with its top-level earlyStopping and shuffle keys as {@code plan} has them. */
  static String withTopKeys(String text, Plan plan) {
    String kept = text.lines().filter(l -> !l.startsWith("earlyStopping:") && !l.startsWith("shuffle:"))
        .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
    return kept + "earlyStopping: " + plan.earlyStopping() + "\n" + (plan.shuffle() > 0 ? "shuffle: " + plan.shuffle()
        + "\n" : "");
  }

  /** {@code --fail-on-goals}: exit 4 when no candidate meets every goal, unless the runs already failed (3). */
  private int gate(ExperimentReport report, int code) {
    if (!failOnGoals || code != ExitCodes.OK || report.someCandidateMeetsAllGoals()) {
      return code;
    }
    spec.commandLine().getErr().println("jtune: --fail-on-goals: no candidate meets the goals");
    return ExitCodes.GATE_FAILED;
  }

  /** The report in the asked format, on stdout or into --output; {@code dir} holds the runs' files. */
  private void print(ExperimentReport report, Path dir) throws IOException {
    output.write(spec, "report", w -> render(report, dir, w));
  }

  private void render(ExperimentReport report, Path dir, PrintWriter o) throws IOException {
    ExperimentRenderers.of(dir).render(format, report, o);
  }

  /** Run-by-run progress on stderr; the live load line only on a terminal. */
  static RunListener listener(PrintWriter out, PrintWriter err) {
    return new RunListener() {
      private ProgressPrinter current;

      @Override
      public void checking(String what) {
        out.println("  checking " + TerminalText.safe(what));
        out.flush();
      }

      @Override
      public void warning(String what) {
        out.println("  warning: " + TerminalText.safe(what));
        out.flush();
      }

      @Override
      public void runKept(RunResult r, int index, int total) {
        out.println(String.format(Locale.US, "  [%d/%d] %s: kept from the earlier attempt (%s)", index, total,
            r.id(), r.status()));
        out.flush();
      }

      private final java.util.Set<String> stopped = new java.util.HashSet<>();

      @Override
      public void runSkipped(io.jtune.experiment.plan.Plan.RunKey key, String why, int index, int total) {
        // the reason once per level and candidate: the runs after it stop for the same one
        boolean first = stopped.add(key.level() + "/" + key.candidate());
        out.println(String.format(Locale.US, "  [%d/%d] %s: not needed%s", index, total, key.id(),
            first ? " (early stopping: " + TerminalText.safe(why) + ")" : ""));
        out.flush();
      }

      @Override
      public LoadProgress loadProgress(io.jtune.experiment.plan.Plan.RunKey key, double totalSeconds) {
        current = new ProgressPrinter(err, key.id(), totalSeconds);
        return current;
      }

      @Override
      public void runFinished(RunResult r, int index, int total) {
        if (current != null) {
          current.clear();
        }
        out.println(String.format(Locale.US, "  [%d/%d] %s: %s", index, total, r.id(), TerminalText.safe(summary(r))));
        out.flush();
      }
    };
  }

  static String summary(RunResult r) {
    if (!r.ok()) {
      return "FAILED: " + r.failure();
    }
    String s = String.format(Locale.US, "%,.0f req/s, p99 %.1f ms, p95 %.1f ms, %d young GC, %d full GC, GC %.1f %% of the time",
        r.metric("throughputRps"), r.metric("p99"), r.metric("p95"), (long) r.metric("ygcCount"),
        (long) r.metric("fgcCount"), r.metric("gcTimeShare"));
    if (r.overloaded()) {
      // the requests queued: their latency is the queue's, whatever pauses fell while they waited
      return s + String.format(Locale.US, "; served %,.0f of %,.0f req/s offered: the latency is queueing",
          r.steadiness().servedRps(), r.steadiness().offeredRps());
    }
    double slowInPause = r.metric(Metric.SLOW_IN_PAUSE.key());
    return Double.isNaN(slowInPause) ? s
        : s + String.format(Locale.US, ", %.0f %% of requests > p99 in a GC pause", slowInPause);
  }
}
