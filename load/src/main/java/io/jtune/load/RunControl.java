package io.jtune.load;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Recorder;

/** The clock marks and shared recorders of one load run, seen by all its event loops. */
final class RunControl {
  final long startNanos;
  final long measureStartNanos;
  /** After this instant no new request is sent (closed model: the run ends here). */
  final long measureEndNanos;
  /** Requests sent (closed model) or due (open model) before the end may complete until here. */
  final long drainDeadlineNanos;
  final long timeoutNanos;
  final long highestTrackableNanos;
  /** Latency from the intended send time (open model) or the actual send (closed model). */
  final Recorder corrected;
  /** Latency from the actual send time. */
  final Recorder uncorrected;
  final AtomicLongArray errors = new AtomicLongArray(ErrorKind.values().length);
  volatile boolean stopRequested;

  RunControl(long startNanos, long measureStartNanos, long measureEndNanos, long drainDeadlineNanos,
      long timeoutNanos) {
    this.startNanos = startNanos;
    this.measureStartNanos = measureStartNanos;
    this.measureEndNanos = measureEndNanos;
    this.drainDeadlineNanos = drainDeadlineNanos;
    this.timeoutNanos = timeoutNanos;
    // corrected latency can reach the whole run when the server stops answering entirely
    this.highestTrackableNanos = Math.max(drainDeadlineNanos - startNanos + timeoutNanos, 60_000_000_000L);
    this.corrected = new Recorder(highestTrackableNanos, 3);
    this.uncorrected = new Recorder(highestTrackableNanos, 3);
  }

  void countError(ErrorKind kind) {
    errors.incrementAndGet(kind.ordinal());
  }
}
