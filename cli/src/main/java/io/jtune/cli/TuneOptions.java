package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.RunBudget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jtune tune}'s options after the request's: the load model, the baseline, the session's size and place. */
final class TuneOptions {
  @Option(names = "--rate", paramLabel = "N", description = "open model: requests per second on a fixed schedule")
  Double rate;

  @Option(names = "--concurrency", paramLabel = "N",
      description = "closed model: clients back to back; with --rate: the most requests in flight (default "
          + LoadCommand.OPEN_MODEL_CONNECTIONS + ")")
  Integer concurrency;

  @Mixin BaselineFlags baseline;

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

  /** Refuses options that contradict each other or are out of range; {@code timeout}: --timeout. */
  void validate(Duration timeout) {
    if (rate == null && concurrency == null) {
      throw new JtuneException("give the load: --rate N (requests per second) or --concurrency N (clients)");
    }
    if (rate != null && !(rate > 0)) {
      throw new JtuneException("--rate must be a positive number");
    }
    if (concurrency != null && concurrency < 1) {
      throw new JtuneException("--concurrency must be 1 or more");
    }
    baseline.validate();
    if (candidates != null && candidates < 1) {
      throw new JtuneException("--candidates must be at least 1");
    }
    for (Duration d : new Duration[] {duration, budget, readyTimeout, timeout}) {
      if (d != null && (d.isZero() || d.isNegative())) {
        throw new JtuneException("--duration, --budget, --ready-timeout and --timeout must be above 0");
      }
    }
    // the session writes them into its plan, which takes no more (a longer one is a typo)
    if (timeout.compareTo(PlanReader.MAX_WAIT) > 0
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

  /** The baseline's flags: --flags, the running JVM's (--pid), or null for the lab's or the log's. */
  List<String> baselineFlags() {
    return baseline.list();
  }

  /** The clients (or the most requests in flight) of the load. */
  int clients() {
    return concurrency != null ? concurrency : rate != null ? LoadCommand.OPEN_MODEL_CONNECTIONS : 1;
  }

  /** The session asked for, before the budget cuts it. */
  RunBudget.Shape wanted() {
    Duration measured = duration != null ? duration : Duration.ofSeconds(quick ? 6 : 20);
    Duration warmup = Duration.ofSeconds(quick ? 3 : 5);
    int wantedCandidates = candidates != null ? candidates : quick ? 1 : 2;
    return new RunBudget.Shape(2, wantedCandidates, Plan.DEFAULT_REPETITIONS, warmup, measured,
        min(measured, Duration.ofSeconds(quick ? 3 : 5)), gcLog == null);
  }
}
