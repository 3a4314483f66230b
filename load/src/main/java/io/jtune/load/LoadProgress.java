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

  /**
   * Asked after each second of the warmup with that second's responses (throughput and p99 of
   * the requests sent in the warmup, {@code second} counted from the run's start): true ends the
   * warmup there and the measured window starts at once, lasting as planned. The plan's warmup
   * is then the longest it may last (its ceiling). By default false: the warmup lasts as planned.
   * Not asked of plans bounded by a request count.
   */
  default boolean warmedUp(TimelinePoint second) {
    return false;
  }

  /**
   * Called after each measured interval, before {@link #onInterval}: the responses in it that
   * answered requests sent (open model: due) in the warmup, a backlog the service was still working
   * through, as a histogram of their latencies in nanoseconds from the intended send (its count is
   * how many). With the interval's own responses they are what the service served in that second.
   * The run reuses the histogram after the call: add it to one of your own to keep it.
   */
  default void onWarmupResponses(org.HdrHistogram.Histogram responses) {}

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
