package io.jtune.load;

/**
 * The start and latency of the requests one event loop completed, in preallocated primitive
 * arrays: recording allocates nothing. When the arrays fill, every second entry is dropped and
 * from then on only every second completion is kept (and so on), so a long run keeps an even
 * sample of itself instead of only its beginning; {@link #stride()} says how many completions
 * each entry stands for.
 */
final class RequestSample {
  private final long[] startNanos;
  private final int[] latencyMicros;
  private int count;
  private int stride = 1;
  private int skip = 1;

  RequestSample(int capacity) {
    int c = Math.max(2, capacity & ~1);
    this.startNanos = new long[c];
    this.latencyMicros = new int[c];
  }

  /**
   * One completed request: its start in nanoseconds from the run's start (the intended send time
   * in the open model) and its latency in nanoseconds.
   */
  void record(long fromRunStartNanos, long latencyNanos) {
    if (--skip > 0) {
      return;
    }
    if (count == startNanos.length) {
      // the capacity is even, so this completion is at an even position: it stays in the sample
      halve();
    }
    skip = stride;
    startNanos[count] = fromRunStartNanos;
    latencyMicros[count] = (int) Math.min(Integer.MAX_VALUE, latencyNanos / 1000);
    count++;
  }

  /** Keeps every second entry and doubles the stride. */
  private void halve() {
    int kept = 0;
    for (int i = 0; i < count; i += 2) {
      startNanos[kept] = startNanos[i];
      latencyMicros[kept] = latencyMicros[i];
      kept++;
    }
    count = kept;
    stride *= 2;
  }

  /** Halves until the stride is at least {@code target} (a power of two), so loops can be merged evenly. */
  void thinTo(int target) {
    while (stride < target) {
      halve();
    }
  }

  int count() {
    return count;
  }

  int stride() {
    return stride;
  }

  long startNanos(int i) {
    return startNanos[i];
  }

  int latencyMicros(int i) {
    return latencyMicros[i];
  }
}
