package io.jtune.gc.event;

/**
 * One thing a GC log says happened, as an immutable value. Parsers emit events only when they
 * are complete (a multi-line G1 pause is one {@link GcPause}); aggregators consume them in
 * log order.
 */
public sealed interface GcEvent
    permits GcPause, ConcurrentPhase, SafepointPause, GcNotice, JvmInfo {
  /**
   * {@code ms} when it is a usable duration, else NaN: a negative or infinite time (a clock that
   * went back between a cycle's start and end, a mangled line) is no duration.
   */
  static double durationOrNaN(double ms) {
    return ms >= 0 && !Double.isInfinite(ms) ? ms : Double.NaN;
  }


  /** Marker for "no wall-clock time in the log". */
  long NO_EPOCH = Long.MIN_VALUE;

  /** Seconds since JVM start on the stitched timeline; never NaN once out of the reader. */
  double uptimeS();

  /** Wall-clock time in epoch milliseconds, or {@link #NO_EPOCH}. */
  long epochMs();

  /** 1-based line number in the source where the event started (0 if synthetic). */
  long line();

  /** A copy of this event that started at {@code line} of its source (used when parallel reading renumbers lines). */
  GcEvent withLine(long line);

  /** A copy of this event moved on the timeline (used when stitching rotated files). */
  GcEvent withUptime(double uptimeS);
}
