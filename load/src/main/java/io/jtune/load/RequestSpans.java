package io.jtune.load;

import java.time.Instant;
import java.util.List;

/**
 * When each measured request of a load run started and ended on the wall clock, as kept by
 * {@link LoadRun} when asked to ({@link LoadRun#execute(LoadPlan, LoadProgress, java.nio.file.Path, boolean)}).
 * Starts are the intended send times in the open model (coordinated omission: a request that
 * waited for a stalled server waited from when it was due). The nanosecond clock of the run is
 * placed on the wall clock by one reading of both clocks at the run's start.
 *
 * <p>A long or fast run keeps an even sample: each kept request stands for {@link #stride()}
 * completed ones (1 when every request was kept).
 */
public final class RequestSpans {
  private final long[] startEpochMicros;
  private final int[] latencyMicros;
  private final int stride;

  RequestSpans(long[] startEpochMicros, int[] latencyMicros, int stride) {
    if (startEpochMicros.length != latencyMicros.length) {
      throw new IllegalArgumentException("starts and latencies differ in length");
    }
    this.startEpochMicros = startEpochMicros;
    this.latencyMicros = latencyMicros;
    this.stride = stride;
  }

  /** Spans given directly, every request kept (for callers that measured requests themselves). */
  public static RequestSpans of(long[] startEpochMicros, int[] latencyMicros) {
    return new RequestSpans(startEpochMicros.clone(), latencyMicros.clone(), 1);
  }

  /** The event loops' samples merged, each thinned to the largest stride so every entry counts the same. */
  static RequestSpans merge(List<RequestSample> samples, Instant wallAtStart) {
    int stride = 1;
    for (RequestSample s : samples) {
      stride = Math.max(stride, s.stride());
    }
    int total = 0;
    for (RequestSample s : samples) {
      s.thinTo(stride);
      total += s.count();
    }
    long base = wallAtStart.getEpochSecond() * 1_000_000 + wallAtStart.getNano() / 1000;
    long[] starts = new long[total];
    int[] latencies = new int[total];
    int k = 0;
    for (RequestSample s : samples) {
      for (int i = 0; i < s.count(); i++) {
        starts[k] = base + s.startNanos(i) / 1000;
        latencies[k] = s.latencyMicros(i);
        k++;
      }
    }
    return new RequestSpans(starts, latencies, stride);
  }

  /** Requests kept. */
  public int size() {
    return startEpochMicros.length;
  }

  /** Completed requests each kept one stands for. */
  public int stride() {
    return stride;
  }

  public long startEpochMicros(int i) {
    return startEpochMicros[i];
  }

  public long endEpochMicros(int i) {
    return startEpochMicros[i] + latencyMicros[i];
  }

  public int latencyMicros(int i) {
    return latencyMicros[i];
  }
}
