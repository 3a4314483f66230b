package io.jtune.gc.event;

/**
 * A noteworthy condition that is not itself a pause: a ZGC allocation stall, a Shenandoah
 * cancelled cycle, a G1 humongous allocation request, a to-space exhaustion reported apart
 * from its pause.
 *
 * @param durationMs how long it lasted when logged (allocation stall), else NaN
 */
public record GcNotice(long gcId, double uptimeS, long epochMs, Kind kind, String text, double durationMs, long line)
    implements GcEvent {

  public GcNotice {
    durationMs = GcEvent.durationOrNaN(durationMs);
  }

  /** The notices parsers emit. */
  public enum Kind {
    ALLOCATION_STALL,
    CYCLE_CANCELLED,
    /** A concurrent cycle the JVM's exit (or the end of the log) cut off before it finished: no trouble. */
    CYCLE_CUT_OFF,
    HUMONGOUS_ALLOCATION,
    TO_SPACE_EXHAUSTED,
    CONCURRENT_MODE_FAILURE,
    CONCURRENT_MARK_ABORT,
    OTHER
  }

  @Override
  public GcNotice withLine(long newLine) {
    return new GcNotice(gcId, uptimeS, epochMs, kind, text, durationMs, newLine);
  }

  @Override
  public GcNotice withUptime(double newUptimeS) {
    return new GcNotice(gcId, newUptimeS, epochMs, kind, text, durationMs, line);
  }
}
