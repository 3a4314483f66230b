package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Level;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The ceiling of each run's warm-up for {@code tune} and {@code demo}: past its shortest length the
 * warm-up ends once the service is in steady state, at the latest at this ceiling.
 */
final class WarmupOptions {
  @Option(names = "--max-warmup", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "the longest warm-up of a run: past the warm-up (5s, 3s with --quick) it ends as soon as the"
          + " service's per-second throughput and p99 have been stable for " + 6 + " s and its JIT compilation has"
          + " settled (HotSpot's compiler time under 5 %% of it), at the latest here (default "
          + Level.DEFAULT_MAX_WARMUP_S + "s; as short as the warm-up: a fixed warm-up)")
  Duration maxWarmup;

  /** The levels with the ceiling given, or as they are. */
  List<Level> apply(List<Level> levels) {
    if (maxWarmup == null) {
      return levels;
    }
    if (maxWarmup.isNegative()) {
      throw new JtuneException("--max-warmup must not be negative");
    }
    return levels.stream().map(l -> l.withMaxWarmup(maxWarmup)).toList();
  }
}
