package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.search.SearchSpec;
import io.jtune.experiment.tune.ApplicationFix;
import io.jtune.experiment.tune.TuneResult;
import io.jtune.experiment.tune.TuneSession;
import io.jtune.experiment.tune.TuneSettings;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jtune demo}: the whole tuning loop on the bundled lab — a baseline run under load, its
 * GC log analyzed, candidates suggested from the findings and the young/survivor sizing rules, and the
 * experiment at two load levels with repetitions, confidence intervals, goals and a verdict:
 * {@code jtune tune}'s loop ({@link TuneSession}) on a lab scenario.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Tune the bundled lab end to end: measure, analyze, suggest, verify side by side, decide.",
      "1. runs a lab scenario under load with its default flags and analyzes the GC log;",
      "2. suggests candidate flag sets from the findings (jtune suggest);",
      "3. runs the experiment: baseline and candidates at two load levels, repeated, interleaved;",
      "4. prints the comparison with 95 %% confidence intervals, the goals and the verdict.",
      "With --param (the lab's threads, accept-count, cache-mb or store-entries), step 3 is first a search over"
          + " its values, as in 'jtune tune' (see its --help).",
      "Everything runs on 127.0.0.1; the lab JVMs stop when the demo ends or is interrupted.",
      "About 9 minutes (--quick: about 2); an interrupted demo continues with 'jtune experiment --resume DIR'."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done", ExitCodes.INTERNAL_LINE, "2:bad usage, or the lab could not run", "3:some runs failed"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune demo",
      "  jtune demo --quick",
      "  jtune demo --scenario api --duration 30s --repetitions 5 --out api-demo",
      "  jtune demo --scenario io-bound --rate 250 --param threads=8,16,32,64,128 \\",
      "        --objective throughput --slo 'p99<=300ms'",
      "  jtune demo --scenario jit-warmup --max-warmup 90s"})
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

  @Option(names = "--rate", paramLabel = "N",
      description = "open model at N requests/s instead of the scenario's load (above the service's capacity the"
          + " baseline is reported as overloaded and the session measures at a rate it serves)")
  Double rate;

  @Option(names = "--concurrency", paramLabel = "N",
      description = "with --rate: the most requests in flight (default " + LoadCommand.OPEN_MODEL_CONNECTIONS + ")")
  Integer concurrency;

  @Mixin ContainerLimitOptions container;

  @Mixin WarmupOptions warmupOptions;

  @Mixin StoppingOptions stopping;

  @Mixin SearchOptions search;

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
    if (rate != null && !(rate > 0) || concurrency != null && concurrency < 1) {
      throw new JtuneException("--rate must be a positive number and --concurrency 1 or more");
    }
    if (concurrency != null && rate == null) {
      throw new JtuneException("--concurrency goes with --rate (the scenario's own load sets its own)");
    }
    Duration warmup = Duration.ofSeconds(quick ? 3 : 5);
    LabLauncher lab = LabLauncher.locate();
    LabScenario sc = lab.scenario(scenario);
    SearchSpec searched = search.spec(ServiceSpec.lab(sc.name()));
    // before anything starts: without the right to make cgroups, one line and nothing runs
    // a scenario that runs in a container has its limits; --memory-limit / --cpus replace them
    ContainerLimits limits = container.checked(sc);
    if (rate != null && !(rate > 0)) {
      throw new JtuneException("--rate must be above 0");
    }
    List<Level> levels = warmupOptions.apply((rate == null ? levels(sc, warmup, measured)
        : TuneSettings.levels(rate, concurrency != null ? concurrency : LoadCommand.OPEN_MODEL_CONNECTIONS,
            List.of(sc.request()), warmup, measured, 2, TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET))
        .stream().map(l -> l.withLimits(limits)).toList());
    Path dir = out != null ? out
        : Path.of("jtune-runs", "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Files.createDirectories(dir);

    o.println("jtune demo: lab scenario '" + sc.name() + "'");
    o.println("  " + sc.about());
    o.println("  its JVM flags: " + String.join(" ", sc.jvmFlags()));
    if (searched != null) {
      o.println("  " + SearchOptions.describe(searched));
    }
    if (limits.any()) {
      o.println("  container limits: " + limits.describe() + " (each run's service in a fresh cgroup)");
    }
    o.println();
    // a case whose fix is in the application (the lab knows it) is checked with one run so fixed
    ApplicationFix fix = sc.fixFlags().isEmpty() && !sc.fixLabArgs().isEmpty()
        ? new ApplicationFix(sc.fix(), sc.fixLabArgs()) : null;
    TuneSettings settings = new TuneSettings("demo-" + sc.name(), ServiceSpec.lab(sc.name()), List.of(sc.request()), null,
        levels, reps, maxCandidates, null, dir, "jtune demo", null, fix).withSearch(searched);
    TuneResult result = new TuneSession(settings, new TunePrinter(o, spec.commandLine().getErr()))
        .withRunOrder(!stopping.noEarlyStopping, stopping.shuffleNumber()).run();
    int rc = result.runsOk() ? ExitCodes.OK : ExitCodes.RUNS_FAILED;
    return rc;
  }

  /**
   * The demo's two levels: the scenario's intended load (high) and half of it (medium), in the
   * scenario's load model.
   */
  static List<Level> levels(LabScenario sc, Duration warmup, Duration measured) {
    // an open model keeps a small client pool, as the scenario is calibrated (its 'about' says so)
    return sc.rateRps().isPresent()
        ? TuneSettings.levels(sc.rateRps().getAsDouble(), sc.connections().orElse(4), List.of(sc.request()), warmup, measured, 2,
            TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET)
        : TuneSettings.levels(0, sc.concurrency().orElse(8), List.of(sc.request()), warmup, measured, 2,
            TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET);
  }

}
