package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.report.UniformLoad;
import io.jtune.experiment.search.SearchSpec;
import io.jtune.experiment.tune.TuneBudget;
import io.jtune.experiment.tune.TuneResult;
import io.jtune.experiment.tune.TuneSession;
import io.jtune.experiment.tune.TuneSettings;
import io.jtune.load.Replay;
import io.jtune.runtime.container.ContainerLimits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jtune tune}: the whole tuning loop on any Java service started by a command — the
 * baseline measured under the given load (or a GC log), diagnosis, suggestion, the experiment
 * fitted into a time budget, the verdict and the flag diff ({@link TuneSession}, which the demo
 * runs on the lab), printed by {@link TunePrinter}.
 */
@Command(name = "tune", mixinStandardHelpOptions = true, sortOptions = false,
    defaultValueProvider = RequestOptions.PlanDefaults.class,
    description = {
      "Tune a Java service end to end: measure, diagnose, suggest, verify side by side, decide.",
      "1. starts the service with its flags (--flags, --pid's, or the JVM's defaults) under the load and"
          + " analyzes its GC log (or starts from --gc-log);",
      "2. diagnoses it and suggests candidate configurations (each one whole: heap bounds and collector"
          + " explicit); a memory leak stops here, since flags are not the fix;",
      "3. runs the experiment: baseline and candidates at the load and at half of it, repeated, interleaved,"
          + " fitted into --budget (what had to be cut is said);",
      "4. prints the comparison with 95 %% confidence intervals, the verdict and the flag diff.",
      "With --param, step 3 is a search over the application's own parameter first: each value (crossed with the"
          + " first rule-made candidate when the budget holds it) runs at the load in rounds, one more run each per"
          + " round; from the third run on a value leaves the race when its 95 %% interval shows it misses the SLO"
          + " (--slo; without it: worse than the service's own values) or is worse than the best by more than 5 %%"
          + " on the --objective. Of the values left, the cheapest within 5 %% of the best wins (the knee: a smaller"
          + " value is the cheaper unless the values end in :larger-is-cheaper), and the report says why it was"
          + " preferred to each costlier one as good. A whole-number parameter is then refined: between the winner"
          + " and the listed value below it that did not qualify, the midpoint is probed (bisecting, at most 3"
          + " probes, as many runs as the winner had, within --budget). The winner is checked against the baseline"
          + " with full repetitions. DIR/search.txt, .json and .html report it.",
      "The command runs through sh -c with {jvmFlags} replaced by a configuration's flags (and jtune's GC"
          + " logging) and {port} by a free port; --ready is polled until it answers 200. Each run's GC log,"
          + " load result, latency log and thread dump land in DIR/runs/ID/, the reports in DIR.",
      "Every request of the load sends --method, --header and --body as 'jtune load' does; they are written into"
          + " the plan, so 'jtune experiment --resume DIR' sends them too, except secret headers (Authorization,"
          + " Cookie, names ending in -Key/-Token/-Secret, --secret-header): give those as $${env:NAME} to keep them"
          + " for --resume; a value given in clear is written <redacted>. With --insecure, https:// --ready and"
          + " request URLs may have any certificate.",
      "Whatever the session ends with, DIR/tune.json holds its verdict (recommendation.verdict), the diagnosis and"
          + " the baseline's figures.",
      "Ctrl-C stops the service; 'jtune experiment --resume DIR' continues an interrupted experiment."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done (whatever the verdict)", ExitCodes.INTERNAL_LINE,
        "2:bad usage, the service does not start or answer, or the budget is too small",
        "3:some runs failed"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port}\" \\",
      "        --ready http://127.0.0.1:{port}/health --url /api/items --rate 200",
      "  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port}\" \\",
      "        --ready http://127.0.0.1:{port}/health --url '3 /api/items' \\",
      "        --url /api/cart --concurrency 16 --flags \"-Xmx512m -XX:+UseG1GC\" \\",
      "        --budget 30m --out runs/app",
      "  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port} \\",
      "        --workers {threads:200}\" --ready http://127.0.0.1:{port}/health \\",
      "        --url /api/items --rate 300 --param threads=8..128 \\",
      "        --objective throughput --slo 'p99<=200ms,errors<=0.1%%'",
      "  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port}\" \\",
      "        --ready http://127.0.0.1:{port}/ --url / --rate 100 --gc-log gc.log \\",
      "        --quick",
      "  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port}\" \\",
      "        --ready https://127.0.0.1:{port}/health --insecure --rate 200 \\",
      "        --url /api/orders -X POST -H 'Authorization: Bearer $${env:API_TOKEN}' \\",
      "        -H 'Content-Type: application/json' --body=@order.json"})
final class TuneCommand implements Callable<Integer> {
  /** A guess of a service's start and stop until one is timed. */
  private static final Duration START_STOP = Duration.ofSeconds(6);

  /**
   * The header's budget line: the experiment's shape and its time. A search runs before the
   * experiment (which then checks its winner against the baseline) and stops where the budget
   * holds no further round, so with one the whole session takes about the budget, not the
   * experiment's estimate alone.
   */
  static String budgetLine(Duration limit, RunBudget.Fit fit, boolean search) {
    RunBudget.Shape s = fit.shape();
    String time = search
        ? "about " + RunBudget.words(fit.estimate()) + " for the experiment, plus the search before it: at most about "
            + RunBudget.words(limit)
            + " in all (the search stops where the budget holds no further round)"
        : "about " + RunBudget.words(fit.estimate()) + " in all";
    return "  budget " + RunBudget.words(limit) + ": " + s.levels() + " load level" + (s.levels() > 1 ? "s" : "")
        + ", up to " + s.candidates() + " candidate" + (s.candidates() > 1 ? "s" : "") + ", " + s.repetitions()
        + " repetitions, " + TunePrinter.secs(s.warmup()) + " warm-up + " + TunePrinter.secs(s.duration())
        + " measured per run; " + time;
  }

  @Spec CommandSpec spec;

  @Option(names = "--command", required = true, paramLabel = "\"CMD\"",
      description = "starts the service: a command with {jvmFlags} and {port}, run by sh -c")
  String command;

  @Option(names = "--ready", required = true, paramLabel = "URL",
      description = "polled until it answers 200 (may use {port}), e.g. http://127.0.0.1:{port}/health")
  String ready;

  @Option(names = "--url", paramLabel = "PATH",
      description = "a request path on the service, or 'WEIGHT PATH' (repeatable): the load's requests")
  List<String> urls;

  @Mixin ReplayOptions replay;

  @Mixin RequestOptions request;

  @Mixin RequestOptions.Weights weights;

  @Mixin TuneOptions options;

  @Mixin ContainerLimitOptions container;

  @Mixin StoppingOptions stopping;

  @Mixin SearchOptions search;

  @Mixin WarmupOptions warmupOptions;

  @Override
  public Integer call() throws IOException {
    long started = System.nanoTime();
    CommandTemplate.check(command, ready);
    Replay replayed = replay.replay();
    if ((urls == null || urls.isEmpty()) == (replayed == null)) {
      throw new JtuneException(replayed == null ? "give the load's requests: --url PATH (repeatable)"
          + " or --replay FILE" : "--replay sends the log's requests: --url does not apply");
    }
    if (replayed != null && (request.body != null || request.data != null || weights.weights != null)) {
      throw new JtuneException("--replay sends the log's requests: --body, --data and --weights do not apply");
    }
    if (replayed != null && replayed.followsTime()) {
      if (options.rate != null) {
        throw new JtuneException("--replay-speed follows the log's own pace: --rate does not apply");
      }
      // the open model at the log's pace; the rate written to the plan is the log's mean at that speed
      options.rate = Math.max(0.001, replayed.rateRps());
    }
    options.validate(request.timeout);
    ServiceSpec target = new ServiceSpec(null, List.of(), command, ready, options.readyTimeout, null, null, 0);
    SearchSpec searched = search.spec(target);
    // before anything starts: without the right to make cgroups, one line and nothing runs
    ContainerLimits limits = container.checked();
    List<String> paths = replayed != null ? List.of("/") : RequestOptions.weighted(urls, weights.weights);
    LevelRequest levelRequest = request.levelRequest();
    if (replayed != null) {
      levelRequest = levelRequest.withReplay(new LevelRequest.ReplaySource(replay.file.toAbsolutePath().normalize(),
          replayed.speed(), replay.groups));
    }
    PrintWriter o = spec.commandLine().getOut();
    List<String> baseline = options.baselineFlags();
    RunBudget.Shape wanted = options.wanted();
    Duration limit = options.budget != null ? options.budget : Duration.ofMinutes(options.quick ? 5 : 20);
    RunBudget.Fit fit = RunBudget.fit(wanted, limit, START_STOP);
    RunBudget.Shape s = fit.shape();
    Path dir = options.out != null ? options.out
        : Path.of("jtune-runs", "tune-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    TuneSettings.checkFreshDir(dir);
    Files.createDirectories(dir);

    o.println("jtune tune: " + command);
    o.println("  baseline flags: " + (baseline != null ? (baseline.isEmpty() ? "none" : String.join(" ", baseline))
        : options.gcLog != null ? "what the GC log states (give --flags or --pid for the ones in use)"
        : "the JVM's defaults (give --flags or --pid for the ones in use)"));
    o.println(budgetLine(limit, fit, searched != null));
    if (!fit.cuts().isEmpty()) {
      o.println("  cut to fit the budget: " + String.join("; ", fit.cuts()));
    }
    if (searched != null) {
      o.println("  " + SearchOptions.describe(searched));
    }
    o.println();
    List<Level> levels = TuneSettings.levels(options.rate != null ? options.rate : 0, options.clients(), paths,
        s.warmup(), s.duration(), s.levels(), request.timeout, levelRequest).stream()
        .map(l -> l.withLimits(limits)).toList();
    levels = warmupOptions.apply(levels);
    if (limits.any()) {
      o.println("  container limits: " + limits.describe() + " (each run's service in a fresh cgroup)");
    }
    TuneSettings settings = new TuneSettings("tune", target, paths, baseline, levels, s.repetitions(),
        s.candidates(), options.gcLog, dir, "jtune tune", new TuneBudget(limit, started, wanted.minDuration()), null)
        .withSearch(searched);
    TuneResult result = new TuneSession(settings, new TunePrinter(o, spec.commandLine().getErr()))
        .withRunOrder(!stopping.noEarlyStopping, stopping.shuffleNumber()).run();
    String uniform = UniformLoad.note(levels);
    if (uniform != null && result.report() == null) {
      // whatever the verdict, it holds for this load only (an experiment's report says so itself)
      o.println();
      o.println("Note: " + uniform + ".");
    }
    return result.runsOk() ? ExitCodes.OK : ExitCodes.RUNS_FAILED;
  }
}
