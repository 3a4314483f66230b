package io.jtune.gc.event;

/**
 * A safepoint the application was stopped for (-XX:+PrintGCApplicationStoppedTime, `safepoint`
 * tag): total stopped time and, where logged, the time to reach the safepoint.
 */
public record SafepointPause(double uptimeS, long epochMs, double stoppedMs, double timeToSafepointMs, long line)
    implements GcEvent {

  public SafepointPause {
    stoppedMs = GcEvent.durationOrNaN(stoppedMs);
    timeToSafepointMs = GcEvent.durationOrNaN(timeToSafepointMs);
  }

  @Override
  public SafepointPause withLine(long newLine) {
    return new SafepointPause(uptimeS, epochMs, stoppedMs, timeToSafepointMs, newLine);
  }

  @Override
  public SafepointPause withUptime(double newUptimeS) {
    return new SafepointPause(newUptimeS, epochMs, stoppedMs, timeToSafepointMs, line);
  }
}
