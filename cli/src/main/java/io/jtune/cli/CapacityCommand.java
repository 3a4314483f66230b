package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import java.io.IOException;
import io.jtune.common.JtuneException;
import io.jtune.load.CapacityResult;
import io.jtune.load.CapacityRun;
import io.jtune.load.CapacitySweep;
import io.jtune.load.LoadException;
import io.jtune.load.LoadPlan;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune capacity}: sweeps concurrency to find where throughput flattens (the optimal thread count). */
@Command(name = "capacity", mixinStandardHelpOptions = true,
    description = {
        "Sweep concurrency against a URL to find where QPS stops growing and RT starts climbing.",
        "Closed-model steps 1, 2, 4, ... --max print concurrency, QPS, mean RT, p99 and the target's CPU"
            + " (with --pid). Finds the knee (smallest concurrency"
            + " reaching 95%% of the highest QPS), fits the Universal Scalability Law, and with the CPU time"
            + " per request (measured with --pid, or --cpu-time) shows optimal threads ="
            + " ((wait + CPU) / CPU) x cores and the predicted RT beyond the knee."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done", ExitCodes.INTERNAL_LINE, ExitCodes.USAGE_LINE,
        "3:no request succeeded at any level (a result: the report is written, its errors say why)"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune capacity --max 128 --pid 4242 http://localhost:8080/api",
        "  jtune capacity --step-duration 10s --cpu-time 2.5ms http://localhost:8080/",
        "  jtune capacity --format json --cores 4 http://localhost:8080/"})
final class CapacityCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "URL", description = "http:// or https:// URL to load")
  String url;

  @Option(names = "--max", defaultValue = "64", description = "highest concurrency (default ${DEFAULT-VALUE})")
  int max;

  @Option(names = "--levels", split = ",", paramLabel = "N", description = "explicit concurrency levels instead of 1, 2, 4, ... --max")
  List<Integer> levels;

  @Mixin ReplayOptions replay;

  @Option(names = "--step-duration", paramLabel = "DURATION", defaultValue = "5s", converter = DurationConverter.class,
      description = "measured time per level (default 5s)")
  Duration stepDuration;

  @Option(names = "--step-warmup", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
      description = "unmeasured time per level before the measurement (default 1s)")
  Duration stepWarmup;

  @Option(names = "--pid", description = "process id of the target, to read its CPU time from /proc")
  long pid;

  @Option(names = {"--cpu-time", "--cpu-ms"}, paramLabel = "DURATION", converter = DurationConverter.Millis.class,
      description = "the target's CPU time per request, when known, e.g. 2.5ms (a plain number is milliseconds)")
  Duration cpuTime;

  @Option(names = "--cores", description = "cores serving the target (default: this machine's)")
  int cores;

  @Mixin RequestOptions request;

  /** {@code --format}: the sweep's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(RENDERERS.formats());
    }
  }

  private static final Renderers<CapacityResult> RENDERERS = Renderers.<CapacityResult>of()
      .with(OutputFormat.TEXT, CapacityResult::writeText).with(OutputFormat.JSON, CapacityResult::writeJson);

  @Option(names = "--format", defaultValue = "text", converter = Formats.class, completionCandidates = Formats.class,
      description = "text or json (default ${DEFAULT-VALUE})")
  OutputFormat format;

  @Option(names = {"-q", "--quiet"}, description = "no line per finished step on stderr")
  boolean quiet;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CapacityResult result;
    try {
      CapacitySweep sweep = sweep();
      result = CapacityRun.execute(sweep, step -> {
        if (!quiet && System.console() != null) {
          err.printf(Locale.US, "concurrency %d: %.1f QPS, mean RT %.2f ms%n",
              step.concurrency(), step.throughputRps(), step.meanRtMs());
          err.flush();
        }
      });
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    }
    RENDERERS.render(format, result, out);
    // every response an error (5xx, 4xx, resets) or none at all: nothing measured the service's capacity
    if (result.steps().stream().allMatch(st -> st.requests() == st.errors())) {
      err.println("jtune: no request succeeded (" + result.steps().stream().mapToLong(st -> st.errors()).sum()
          + " errors)");
      return ExitCodes.NO_SUCCESS;
    }
    return 0;
  }

  private CapacitySweep sweep() {
    io.jtune.load.Replay replayed = replay.replay();
    if (replayed != null && (replayed.followsTime() || request.body != null || request.data != null)) {
      throw new LoadException("capacity replays a log's mix at each concurrency: --replay-speed, --body and --data"
          + " do not apply");
    }
    LoadPlan base = LoadPlan.closed(request.templates(List.of(url), null), 1, Duration.ofSeconds(1))
        .withTimeout(request.timeout).withInsecure(request.insecure).withReplay(replayed).withUsers(request.users());
    List<Integer> concurrency = levels != null ? levels : CapacitySweep.doublingLevels(max);
    int serving = cores > 0 ? cores : Runtime.getRuntime().availableProcessors();
    if (cpuTime != null && cpuTime.isZero()) {
      throw new LoadException("--cpu-time must be above 0");
    }
    return new CapacitySweep(base, concurrency, stepDuration, stepWarmup, pid,
        cpuTime == null ? Double.NaN : DurationConverter.millis(cpuTime), serving);
  }
}
