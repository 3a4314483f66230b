package io.jtune.cli;

import io.jtune.core.JtuneException;
import io.jtune.load.CapacityResult;
import io.jtune.load.CapacityRun;
import io.jtune.load.CapacitySweep;
import io.jtune.load.DurationText;
import io.jtune.load.LoadException;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadTarget;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
            + " per request (measured with --pid, or --cpu-ms) shows optimal threads ="
            + " ((wait + CPU) / CPU) x cores and the predicted RT beyond the knee."})
final class CapacityCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "URL", description = "http:// URL to load")
  String url;

  @Option(names = "--max", defaultValue = "64", description = "highest concurrency (default ${DEFAULT-VALUE})")
  int max;

  @Option(names = "--levels", split = ",", paramLabel = "N", description = "explicit concurrency levels instead of 1, 2, 4, ... --max")
  List<Integer> levels;

  @Option(names = "--step-duration", paramLabel = "TIME", defaultValue = "5s",
      description = "measured time per level (default ${DEFAULT-VALUE})")
  String stepDuration;

  @Option(names = "--step-warmup", paramLabel = "TIME", defaultValue = "1s",
      description = "unmeasured time per level before the measurement (default ${DEFAULT-VALUE})")
  String stepWarmup;

  @Option(names = "--pid", description = "process id of the target, to read its CPU time from /proc")
  long pid;

  @Option(names = "--cpu-ms", paramLabel = "MS", description = "the target's CPU time per request, when known")
  Double cpuMs;

  @Option(names = "--cores", description = "cores serving the target (default: this machine's)")
  int cores;

  @Option(names = {"-X", "--method"}, defaultValue = "GET", description = "HTTP method (default ${DEFAULT-VALUE})")
  String method;

  @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'", description = "extra request header (repeatable)")
  List<String> headers = new ArrayList<>();

  @Option(names = {"-b", "--body"}, paramLabel = "TEXT|@FILE", description = "request body, literal or --body=@FILE")
  String body;

  @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "5s",
      description = "longest wait for one response (default ${DEFAULT-VALUE})")
  String timeout;

  @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE})")
  LoadCommand.OutputFormat format;

  @Option(names = {"-q", "--quiet"}, description = "no line per finished step on stderr")
  boolean quiet;

  @Override
  public Integer call() {
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
    if (format == LoadCommand.OutputFormat.json) {
      result.writeJson(out);
    } else {
      result.writeText(out);
    }
    if (result.maxThroughputRps() == 0) {
      err.println("jtune: no request succeeded");
      return 1;
    }
    return 0;
  }

  private CapacitySweep sweep() {
    LoadTarget target = new LoadTarget(LoadTarget.parseUrl(url), method, headers, LoadCommand.body(body), 1);
    Duration perRequest = DurationText.parse(timeout, "--timeout");
    LoadPlan base = LoadPlan.closed(List.of(target), 1, Duration.ofSeconds(1)).withTimeout(perRequest);
    List<Integer> concurrency = levels != null ? levels : CapacitySweep.doublingLevels(max);
    int serving = cores > 0 ? cores : Runtime.getRuntime().availableProcessors();
    if (cpuMs != null && !(cpuMs > 0)) {
      throw new LoadException("--cpu-ms must be above 0");
    }
    return new CapacitySweep(base, concurrency, DurationText.parse(stepDuration, "--step-duration"),
        DurationText.parse(stepWarmup, "--step-warmup"), pid, cpuMs == null ? Double.NaN : cpuMs, serving);
  }
}
