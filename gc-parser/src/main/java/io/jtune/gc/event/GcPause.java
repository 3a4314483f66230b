package io.jtune.gc.event;

import java.util.Map;
import java.util.Set;

/**
 * One stop-the-world GC pause.
 *
 * @param gcId GC id from the log (`GC(12)`, `#12:`), or -1 when not logged
 * @param uptimeS seconds since JVM start when the pause began
 * @param epochMs wall-clock start, or {@link GcEvent#NO_EPOCH}
 * @param kind what the pause did
 * @param name the collector's own name for it, e.g. "Pause Young (Normal)", "ParNew", "CMS-remark"
 * @param cause the GC cause when logged, e.g. "Allocation Failure", "Metadata GC Threshold"; else null
 * @param durationMs the stop-the-world time in milliseconds
 * @param memory occupancy across the pause, or null
 * @param times user/sys/real seconds, or null
 * @param tenuring tenuring distribution, or null
 * @param anomalies conditions seen in this pause (immutable; empty when none)
 * @param phases named sub-phase times in ms (G1 `gc+phases`, JDK 8 G1 details), or {@link PhaseTimes#NONE}
 * @param line the line the pause starts on
 */
public record GcPause(
    long gcId,
    double uptimeS,
    long epochMs,
    PauseKind kind,
    String name,
    String cause,
    double durationMs,
    HeapChange memory,
    CpuTimes times,
    Tenuring tenuring,
    Set<Anomaly> anomalies,
    PhaseTimes phases,
    long line)
    implements GcEvent {

  public GcPause {
    // most pauses have neither: no copy for them (the copy of an empty collection is the empty one)
    anomalies = anomalies == null || anomalies.isEmpty() ? Set.of() : Set.copyOf(anomalies);
    phases = phases == null ? PhaseTimes.NONE : phases;
  }

  /** The sub-phase times as a map in log order (a new view per call; {@link #phases} is cheaper). */
  public Map<String, Double> phasesMs() {
    return phases.asMap();
  }

  @Override
  public GcPause withUptime(double newUptimeS) {
    return new GcPause(gcId, newUptimeS, epochMs, kind, name, cause, durationMs, memory, times,
        tenuring, anomalies, phases, line);
  }

  @Override
  public GcPause withLine(long newLine) {
    return new GcPause(gcId, uptimeS, epochMs, kind, name, cause, durationMs, memory, times,
        tenuring, anomalies, phases, newLine);
  }

  public boolean has(Anomaly a) {
    return anomalies.contains(a);
  }
}
