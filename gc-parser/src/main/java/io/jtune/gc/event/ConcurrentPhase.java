package io.jtune.gc.event;

/**
 * Work a collector did concurrently with the application: one phase (e.g. "CMS-concurrent-mark",
 * "Concurrent Mark") or, with {@code wholeCycle}, a whole concurrent cycle (G1 "Concurrent Mark
 * Cycle", a ZGC/Shenandoah collection, CMS initial-mark to reset).
 *
 * @param uptimeS when the phase or cycle ended (the log prints it then); it began durationMs earlier
 * @param durationMs wall time of the phase or cycle, or NaN when the log does not say (or gives no
 *     usable time: a cycle whose end is logged before its start, when the clock went back)
 * @param memory heap across the cycle when logged (ZGC/Shenandoah), else null
 * @param facts a ZGC collection's cause, scope and statistics, else null
 * @param cause what started the cycle when the log says it (a ZGC collection's cause in parentheses,
 *     the "Trigger:" line before a Shenandoah cycle), else null
 */
public record ConcurrentPhase(
    long gcId,
    double uptimeS,
    long epochMs,
    String name,
    double durationMs,
    boolean wholeCycle,
    HeapChange memory,
    long line,
    CycleFacts facts,
    String cause)
    implements GcEvent {

  public ConcurrentPhase {
    durationMs = GcEvent.durationOrNaN(durationMs);
  }

  /** A phase or cycle with nothing more than its name, time and heap. */
  public ConcurrentPhase(long gcId, double uptimeS, long epochMs, String name, double durationMs, boolean wholeCycle,
      HeapChange memory, long line) {
    this(gcId, uptimeS, epochMs, name, durationMs, wholeCycle, memory, line, null, null);
  }

  @Override
  public ConcurrentPhase withLine(long newLine) {
    return new ConcurrentPhase(gcId, uptimeS, epochMs, name, durationMs, wholeCycle, memory, newLine, facts, cause);
  }

  @Override
  public ConcurrentPhase withUptime(double newUptimeS) {
    double shift = newUptimeS - uptimeS;
    CycleFacts moved = facts == null || Double.isNaN(facts.startUptimeS()) ? facts
        : new CycleFacts(facts.cause(), facts.scope(), facts.startUptimeS() + shift, facts.liveBytes(),
            facts.allocatedBytes(), facts.reclaimedBytes(), facts.promotedBytes());
    return new ConcurrentPhase(gcId, newUptimeS, epochMs, name, durationMs, wholeCycle, memory, line, moved, cause);
  }
}
