package io.jtune.experiment.tune;

import java.time.Duration;

/**
 * A tune session's time limit.
 *
 * @param limit the whole session's
 * @param startNanos when it started ({@link System#nanoTime()})
 * @param minDuration the shortest measured window a cut may leave
 */
public record TuneBudget(Duration limit, long startNanos, Duration minDuration) {
  /** What is left of the limit now (negative once it is past). */
  public Duration left() {
    return limit.minus(Duration.ofNanos(System.nanoTime() - startNanos));
  }
}
