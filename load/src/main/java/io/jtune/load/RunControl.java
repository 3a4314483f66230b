package io.jtune.load;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Recorder;

/** The clock marks and shared recorders of one load run, seen by all its event loops. */
final class RunControl {
  final long startNanos;
  /*
   * The three marks below move once, earlier, when a warm-up judged by its progress ends before
   * its ceiling (measureFrom): every event loop reads them afresh.
   */
  volatile long measureStartNanos;
  /** After this instant no new request is sent (closed model: the run ends here). */
  volatile long measureEndNanos;
  /** Requests sent (closed model) or due (open model) before the end may complete until here. */
  volatile long drainDeadlineNanos;
  final long timeoutNanos;
  final long highestTrackableNanos;
  /** Latency from the intended send time (open model) or the actual send (closed model). */
  final Recorder corrected;
  /** Latency from the actual send time. */
  final Recorder uncorrected;
  final AtomicLongArray errors = new AtomicLongArray(ErrorKind.values().length);
  /*
   * Warmup requests go through the same code as measured ones, into these by phase index
   * (WARMUP, MEASURED) rather than past an if: a path the JIT never saw taken in the warmup
   * is compiled as a trap, and the first measured requests then ran deoptimized code until it
   * was compiled again, about the first second of the measurement.
   */
  static final int WARMUP = 0;
  static final int MEASURED = 1;
  final Recorder[] correctedByPhase;
  final Recorder[] uncorrectedByPhase;
  final AtomicLongArray[] errorsByPhase = {new AtomicLongArray(ErrorKind.values().length), errors};
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
    this.correctedByPhase = new Recorder[] {new Recorder(highestTrackableNanos, 3), corrected};
    this.uncorrectedByPhase = new Recorder[] {new Recorder(highestTrackableNanos, 3), uncorrected};
  }

  /** The measured window starts at {@code nanos} (a warm-up ended before its ceiling) and lasts as planned. */
  void measureFrom(long nanos) {
    long window = measureEndNanos - measureStartNanos;
    long drain = drainDeadlineNanos - measureEndNanos;
    measureStartNanos = nanos;
    measureEndNanos = nanos + window;
    drainDeadlineNanos = nanos + window + drain;
  }

  /**
   * The highest latency a run of {@code plan} records: the whole run when the server stops
   * answering entirely (the same as {@link #highestTrackableNanos}).
   */
  static long highestTrackable(LoadPlan plan) {
    long timeout = plan.timeout().toNanos();
    return Math.max(plan.warmup().toNanos() + plan.measureLimit().toNanos() + 2 * timeout, 60_000_000_000L);
  }

  /** {@link #MEASURED} when a request sent (or due) at {@code nanos} is measured, else {@link #WARMUP}; no branch. */
  int phaseAt(long nanos) {
    return (int) ((measureStartNanos - 1 - nanos) >>> 63);
  }

  /**
   * 1 when a response completed at {@code nanos} falls in the measured window [start, end), else 0;
   * no branch (completions in the warm-up must not leave the window's path uncompiled).
   */
  int inWindow(long nanos) {
    return (int) (((measureStartNanos - 1 - nanos) & (nanos - measureEndNanos)) >>> 63);
  }

  void countError(ErrorKind kind) {
    errors.incrementAndGet(kind.ordinal());
  }
}
