package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import java.io.IOException;
import io.jtune.common.JtuneException;
import io.jtune.common.format.OpenMetrics;
import io.jtune.load.LoadException;
import io.jtune.load.LoadModel;
import io.jtune.load.LoadOpenMetrics;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadProgress;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadResultText;
import io.jtune.load.LoadRun;
import io.jtune.load.Replay;
import io.jtune.load.RequestTemplate;
import io.jtune.experiment.attribution.AttributionText;
import io.jtune.experiment.attribution.GcAttribution;
import io.jtune.experiment.attribution.LoggedPauses;
import io.jtune.experiment.attribution.PauseAttribution;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune load}: drives HTTP/1.1 keep-alive load at URLs and reports throughput and latency. */
@Command(name = "load", mixinStandardHelpOptions = true,
    description = {
        "Send HTTP/1.1 keep-alive load to http:// or https:// URLs and report throughput, latency percentiles,"
            + " errors.",
        "Closed model (default): --concurrency N connections back to back, like 'ab -c N'.",
        "Open model: --rate R requests/s on a fixed schedule; latency is measured from each request's"
            + " intended send time (coordinated-omission corrected) and also reported uncorrected.",
        "https:// uses the JDK's TLS: its default trust store and host name verification, unless --insecure.",
        "--cookies makes each connection a user that keeps its cookies (sessions); --requests-per-user N lets"
            + " users come and go.",
        "Durations take ms, s, m or h (a plain number is seconds)."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done (some requests may have failed: see the errors)",
        ExitCodes.INTERNAL_LINE,
        ExitCodes.USAGE_LINE + " (also: unreachable server, untrusted certificate, a --gc-log"
            + " without wall-clock stamps)",
        "3:no request succeeded (a result: the report is written, its errors say why)"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune load -c 32 -d 30s http://localhost:8080/",
        "  jtune load --rate 500 -d 1m --warmup 10s --hlog lat.hlog http://localhost/",
        "  jtune load -X POST --body=@order.json http://localhost:8080/order",
        "  jtune load --insecure -X POST -H 'Authorization: Bearer T' \\",
        "        -H 'Content-Type: application/json' --body=@order.json \\",
        "        https://localhost:8443/order",
        "  jtune load --weights 3,1 --format json http://localhost/a http://localhost/b",
        "  jtune load --rate 250 -d 1m --cookies --requests-per-user 20 \\",
        "        http://localhost:8080/examples/jsp/num/numguess.jsp",
        "  jtune load --rate 500 -d 1m --gc-log gc.log http://localhost:8080/",
        "  jtune load --replay access.log.gz --rate 300 -d 1m http://localhost:8080/",
        "  jtune load --replay requests.jsonl --replay-speed 10x \\",
        "        --group '/api/users/*' http://localhost:8080/"})
final class LoadCommand implements Callable<Integer> {
  /** Connections used by the open model when --concurrency is not given. */
  static final int OPEN_MODEL_CONNECTIONS = 32;

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "URL", description = "http:// or https:// URLs to load (several: see --weights)")
  List<String> urls;

  @Option(names = {"-c", "--concurrency"}, paramLabel = "N",
      description = "closed model: concurrent connections (default 10); open model: most requests in flight"
          + " (default " + OPEN_MODEL_CONNECTIONS + ")")
  Integer concurrency;

  @Option(names = {"-r", "--rate"}, paramLabel = "R", description = "open model: requests per second on a fixed schedule")
  Double rate;

  @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", converter = DurationConverter.class,
      description = "measured time after the warmup (default 10s unless --requests is given)")
  Duration duration;

  @Option(names = {"-n", "--requests"}, paramLabel = "N", description = "measured requests to send, then stop")
  long requests;

  @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "0s", converter = DurationConverter.class,
      description = "time at the start whose requests are not recorded (default 0s)")
  Duration warmup;

  @Option(names = "--ramp-up", paramLabel = "DURATION", defaultValue = "0s", converter = DurationConverter.class,
      description = "closed model: start the connections evenly over DURATION; open model: raise the rate linearly"
          + " over DURATION")
  Duration rampUp;

  @Mixin RequestOptions request;

  @Mixin RequestOptions.Weights weights;

  @Mixin ReplayOptions replay;

  @Option(names = "--threads", paramLabel = "N", description = "event-loop threads (default half the cores, at least 1)")
  Integer threads;

  @Option(names = "--format", defaultValue = "text", converter = Formats.class, completionCandidates = Formats.class,
      description = "text, json, openmetrics or prometheus (Prometheus text format: textfile collector,"
          + " Pushgateway) (default ${DEFAULT-VALUE})")
  OutputFormat format;

  @Option(names = "--hlog", paramLabel = "FILE", description = "write an HdrHistogram interval log of the corrected latency")
  Path hlog;

  @Option(names = {"-q", "--quiet"}, description = "no live progress line")
  boolean quiet;

  @Option(names = "--gc-log", paramLabel = "FILE",
      description = {"the target JVM's GC log with wall-clock stamps (" + LoggedPauses.HOW_TO_LOG + "):",
          "read after the load; reports how many requests slower than p99 overlapped a stop-the-world pause,",
          "the pause time inside them, and the share of all requests that overlapped one"})
  Path gcLog;

  /** {@code --format}: the load result's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(renderers(null, null).formats());
    }
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    LoadPlan plan = plan();
    if (plan.replay() != null && format != OutputFormat.TEXT) {
      for (String note : new String[] {plan.replay().log().notUnderstoodText(), plan.replay().log().bodilessText()}) {
        if (note != null) {
          err.println("jtune: note: " + note);
        }
      }
    }
    LoadProgress progress = progress(err);
    LoadResult result;
    GcAttribution attribution = null;
    try {
      if (gcLog != null) {
        LoggedPauses.checkReadable(gcLog);
      }
      result = LoadRun.execute(plan, progress, hlog, gcLog != null);
      if (progress != LoadProgress.NONE) {
        err.println();
        progress = LoadProgress.NONE;
      }
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    } finally {
      if (progress != LoadProgress.NONE) {
        err.println();
      }
    }
    String gcLogProblem = null;
    if (gcLog != null) {
      try {
        attribution = PauseAttribution.ofRun(result, LoggedPauses.read(gcLog));
      } catch (LoadException e) {
        gcLogProblem = e.getMessage(); // the load's figures are still shown
      }
    }
    renderers(attribution, gcLog).render(format, result, out);
    if (result.successes() == 0) {
      err.println("jtune: no request succeeded; errors: " + LoadResultText.errors(result));
      return ExitCodes.NO_SUCCESS;
    }
    if (gcLogProblem != null) {
      throw new JtuneException(gcLogProblem);
    }
    return 0;
  }

  /** The result's formats; the text and JSON carry the GC pauses of {@code gcLog} when not null. */
  static Renderers<LoadResult> renderers(GcAttribution attribution, Path gcLog) {
    return Renderers.<LoadResult>of()
        .with(OutputFormat.TEXT, (r, out) -> {
          LoadResultText.write(r, out);
          if (attribution != null) {
            out.println("GC pauses in " + gcLog + ":");
            AttributionText.lines(attribution).forEach(l -> out.println("  " + l));
          }
        })
        .with(OutputFormat.JSON, (r, out) -> r.writeJson(out, attribution))
        .with(OutputFormat.OPENMETRICS, (r, out) -> LoadOpenMetrics.write(r, out, OpenMetrics.Syntax.OPENMETRICS))
        .with(OutputFormat.PROMETHEUS, (r, out) -> LoadOpenMetrics.write(r, out, OpenMetrics.Syntax.PROMETHEUS));
  }

  LoadPlan plan() {
    Replay replayed = replay.replay();
    if (replayed != null) {
      checkReplay(replayed);
    }
    List<RequestTemplate> targets = request.templates(urls, weights.weights);
    try {
      LoadModel model = rate == null && (replayed == null || !replayed.followsTime()) ? LoadModel.CLOSED : LoadModel.OPEN;
      int connections = concurrency != null ? concurrency : model == LoadModel.OPEN ? OPEN_MODEL_CONNECTIONS : 10;
      Duration measured = duration == null ? Duration.ZERO : duration;
      if (duration != null && measured.isZero()) {
        throw new LoadException("--duration must be above 0");
      }
      return new LoadPlan(targets, model, connections, rate == null ? 0 : rate, measured, requests, warmup, rampUp,
          request.timeout, threads != null ? threads : LoadPlan.defaultThreads(connections), request.insecure,
          replayed, request.users());
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    }
  }

  /** What a replay does not take: several URLs, weights, a body or data file (the log has its own requests), a rate at its speed. */
  private void checkReplay(Replay replayed) {
    if (urls.size() != 1) {
      throw new JtuneException("--replay sends the log's paths to one server: give one URL (scheme, host and port),"
          + " not " + urls.size());
    }
    if (weights.weights != null || request.body != null || request.data != null) {
      throw new JtuneException("--replay sends the log's requests: --weights, --body and --data do not apply");
    }
    if (replayed.followsTime() && (rate != null || rampUp.compareTo(Duration.ZERO) > 0)) {
      throw new JtuneException("--replay-speed follows the log's own pace: --rate and --ramp-up do not apply"
          + " (without --replay-speed, --rate sends the log's mix at that rate)");
    }
  }

  private LoadProgress progress(PrintWriter err) {
    if (quiet || System.console() == null) {
      return LoadProgress.NONE;
    }
    return (elapsed, inWarmup, point) -> {
      err.print("\r" + LoadResultText.progressLine(elapsed, inWarmup, point) + "   ");
      err.flush();
    };
  }
}
