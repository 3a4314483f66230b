package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.suggest.RunningJvmFlags;
import io.jtune.experiment.tune.TuneBudget;
import io.jtune.experiment.tune.TuneResult;
import io.jtune.experiment.tune.TuneSession;
import io.jtune.experiment.tune.TuneSettings;
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
      "The command runs through sh -c with {jvmFlags} replaced by a configuration's flags (and jtune's GC"
          + " logging) and {port} by a free port; --ready is polled until it answers 200. Each run's GC log,"
          + " load result, latency log and thread dump land in DIR/runs/ID/, the reports in DIR.",
      "Every request of the load sends --method, --header and --body as 'jtune load' does; they are written into"
          + " the plan, so 'jtune experiment --resume DIR' sends them too. With --insecure, https:// --ready and"
          + " request URLs may have any certificate.",
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
      "  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port}\" \\",
      "        --ready http://127.0.0.1:{port}/ --url / --rate 100 --gc-log gc.log \\",
      "        --quick",
      "  jtune tune --command \"java {jvmFlags} -jar app.jar --port {port}\" \\",
      "        --ready https://127.0.0.1:{port}/health --insecure --rate 200 \\",
      "        --url /api/orders -X POST -H 'Authorization: Bearer T' \\",
      "        -H 'Content-Type: application/json' --body=@order.json"})
final class TuneCommand implements Callable<Integer> {
  /** A guess of a service's start and stop until one is timed. */
  private static final Duration START_STOP = Duration.ofSeconds(6);

  @Spec CommandSpec spec;

  @Option(names = "--command", required = true, paramLabel = "\"CMD\"",
      description = "starts the service: a command with {jvmFlags} and {port}, run by sh -c")
  String command;

  @Option(names = "--ready", required = true, paramLabel = "URL",
      description = "polled until it answers 200 (may use {port}), e.g. http://127.0.0.1:{port}/health")
  String ready;

  @Option(names = "--url", required = true, paramLabel = "PATH",
      description = "a request path on the service, or 'WEIGHT PATH' (repeatable): the load's requests")
  List<String> urls;

  @Mixin RequestOptions request;

  @Mixin RequestOptions.Weights weights;

  @Option(names = "--rate", paramLabel = "N", description = "open model: requests per second on a fixed schedule")
  Double rate;

  @Option(names = "--concurrency", paramLabel = "N",
      description = "closed model: clients back to back; with --rate: the most requests in flight (default "
          + LoadCommand.OPEN_MODEL_CONNECTIONS + ")")
  Integer concurrency;

  @Option(names = "--flags", paramLabel = "\"FLAGS\"", parameterConsumer = LiteralValue.class,
      description = "the service's JVM flags now (the baseline)")
  String flags;

  @Option(names = "--pid", paramLabel = "PID",
      description = "the running service's JVM: its heap, generation and GC flags (jcmd PID VM.flags) are the baseline")
  Long pid;

  @Option(names = "--gc-log", paramLabel = "LOG",
      description = "start from this GC log of the service instead of measuring the baseline")
  Path gcLog;

  @Option(names = "--quick", description = "short runs and one candidate (default budget 5 min)")
  boolean quick;

  @Option(names = "--budget", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "the most time the session may take (default 20m, 5m with --quick)")
  Duration budget;

  @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "measured window per run (default 20s, 6s with --quick; the budget may shorten it)")
  Duration duration;

  @Option(names = "--candidates", paramLabel = "N",
      description = "suggested candidates to try besides the baseline (default 2, 1 with --quick)")
  Integer candidates;

  @Option(names = "--ready-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
      defaultValue = "60s", description = "how long the service may take to answer --ready (default 60s)")
  Duration readyTimeout;

  @Option(names = "--out", paramLabel = "DIR", description = "run directory (default jtune-runs/tune-TIME)")
  Path out;

  @Override
  public Integer call() throws IOException {
    long started = System.nanoTime();
    validate();
    List<String> paths = RequestOptions.weighted(urls, weights.weights);
    LevelRequest levelRequest = request.levelRequest();
    PrintWriter o = spec.commandLine().getOut();
    List<String> baseline = flags != null ? JvmFlags.split(flags)
        : pid != null ? RunningJvmFlags.of(pid, Duration.ofSeconds(30)) : null;
    Duration measured = duration != null ? duration : Duration.ofSeconds(quick ? 6 : 20);
    Duration warmup = Duration.ofSeconds(quick ? 3 : 5);
    int wantedCandidates = candidates != null ? candidates : quick ? 1 : 2;
    RunBudget.Shape wanted = new RunBudget.Shape(2, wantedCandidates, Plan.DEFAULT_REPETITIONS, warmup, measured,
        min(measured, Duration.ofSeconds(quick ? 3 : 5)), gcLog == null);
    Duration limit = budget != null ? budget : Duration.ofMinutes(quick ? 5 : 20);
    RunBudget.Fit fit = RunBudget.fit(wanted, limit, START_STOP);
    RunBudget.Shape s = fit.shape();
    Path dir = out != null ? out
        : Path.of("jtune-runs", "tune-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    TuneSettings.checkFreshDir(dir);
    Files.createDirectories(dir);

    o.println("jtune tune: " + command);
    o.println("  baseline flags: " + (baseline != null ? (baseline.isEmpty() ? "none" : String.join(" ", baseline))
        : gcLog != null ? "what the GC log states (give --flags or --pid for the ones in use)"
        : "the JVM's defaults (give --flags or --pid for the ones in use)"));
    o.println("  budget " + RunBudget.words(limit) + ": " + s.levels() + " load level" + (s.levels() > 1 ? "s" : "")
        + ", up to " + s.candidates() + " candidate" + (s.candidates() > 1 ? "s" : "") + ", " + s.repetitions()
        + " repetitions, " + TunePrinter.secs(s.warmup()) + " warm-up + " + TunePrinter.secs(s.duration())
        + " measured per run; about " + RunBudget.words(fit.estimate()) + " in all");
    if (!fit.cuts().isEmpty()) {
      o.println("  cut to fit the budget: " + String.join("; ", fit.cuts()));
    }
    o.println();
    int clients = concurrency != null ? concurrency : rate != null ? LoadCommand.OPEN_MODEL_CONNECTIONS : 1;
    List<Level> levels = TuneSettings.levels(rate != null ? rate : 0, clients, paths, s.warmup(), s.duration(),
        s.levels(), request.timeout, levelRequest);
    ServiceSpec target = new ServiceSpec(null, List.of(), command, ready, readyTimeout, null, null, 0);
    TuneSettings settings = new TuneSettings("tune", target, paths, baseline, levels, s.repetitions(),
        s.candidates(), gcLog, dir, "jtune tune", new TuneBudget(limit, started, wanted.minDuration()));
    TuneResult result = new TuneSession(settings, new TunePrinter(o, spec.commandLine().getErr())).run();
    return result.runsOk() ? ExitCodes.OK : ExitCodes.RUNS_FAILED;
  }

  private void validate() {
    CommandTemplate.check(command, ready);
    if (rate == null && concurrency == null) {
      throw new JtuneException("give the load: --rate N (requests per second) or --concurrency N (clients)");
    }
    if (rate != null && !(rate > 0)) {
      throw new JtuneException("--rate must be a positive number");
    }
    if (concurrency != null && concurrency < 1) {
      throw new JtuneException("--concurrency must be 1 or more");
    }
    if (flags != null && pid != null) {
      throw new JtuneException("--pid and --flags both give the baseline's flags: use one");
    }
    if (candidates != null && candidates < 1) {
      throw new JtuneException("--candidates must be at least 1");
    }
    for (Duration d : new Duration[] {duration, budget, readyTimeout, request.timeout}) {
      if (d != null && (d.isZero() || d.isNegative())) {
        throw new JtuneException("--duration, --budget, --ready-timeout and --timeout must be above 0");
      }
    }
    // the session writes them into its plan, which takes no more (a longer one is a typo)
    if (request.timeout.compareTo(PlanReader.MAX_WAIT) > 0
        || readyTimeout != null && readyTimeout.compareTo(PlanReader.MAX_WAIT) > 0) {
      throw new JtuneException("--timeout and --ready-timeout are at most 1h");
    }
    if (duration != null && duration.compareTo(PlanReader.MAX_WINDOW) > 0) {
      throw new JtuneException("--duration is at most 24h");
    }
    if (gcLog != null && !Files.isRegularFile(gcLog)) {
      throw new JtuneException("GC log not found: " + gcLog);
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
