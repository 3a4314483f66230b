package io.jtune.load;

/** Receives a load run's progress once per interval, on the run's coordinating thread. */
@FunctionalInterface
public interface LoadProgress {
  /** Does nothing. */
  LoadProgress NONE = (elapsedSeconds, warmup, point) -> { };

  /**
   * Called after each interval.
   *
   * @param elapsedSeconds seconds since the run started (warmup included)
   * @param warmup whether the run is still in its warmup (then {@code point} is null)
   * @param point the interval just finished, null during warmup
   */
  void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point);

  /** Called once when the warmup is over and requests start being recorded. */
  default void onMeasureStart() {}

  /**
   * Asked after each interval: true ends the run there (its target is gone, so what is left of the
   * window would only count connection errors); the result covers the time that ran.
   */
  default boolean stopNow() {
    return false;
  }
}
