package io.jtune.gc.parser.unified;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;

/**
 * A concurrent cycle being read: where it started, where its last line so far ended, and the
 * heap at both ends when logged. CMS and Shenandoah cycles are built from their phases;
 * ZGC collections from their start and summary lines.
 */
final class PendingCycle {
  final long gcId;
  double startUptimeS = Double.NaN;
  long startEpochMs = GcEvent.NO_EPOCH;
  double endUptimeS = Double.NaN;
  long endEpochMs = GcEvent.NO_EPOCH;
  long endLine;
  long heapBefore = MemoryUsage.UNKNOWN;
  long heapAfter = MemoryUsage.UNKNOWN;
  long heapCapacity = MemoryUsage.UNKNOWN;
  /** What started the cycle (Shenandoah's "Trigger:" line before it), or null. */
  String cause;
  /** True once a concurrent phase of the cycle was seen (a lone pause is no cycle). */
  boolean hasConcurrentPhase;

  PendingCycle(long gcId) {
    this.gcId = gcId;
  }

  /** Extends the cycle over a line's span: [uptime - durationMs, uptime]. */
  void cover(double uptimeS, long epochMs, double durationMs, long line) {
    double dur = Double.isNaN(durationMs) ? 0 : durationMs;
    if (Double.isNaN(startUptimeS) && !Double.isNaN(uptimeS)) {
      startUptimeS = Math.max(0, uptimeS - dur / 1000); // not before JVM start
    }
    if (startEpochMs == GcEvent.NO_EPOCH && epochMs != GcEvent.NO_EPOCH) {
      startEpochMs = epochMs - Math.round(dur);
    }
    endUptimeS = uptimeS;
    endEpochMs = epochMs;
    endLine = line;
  }

  void heap(MemoryUsage u) {
    if (u == null) {
      return;
    }
    if (heapBefore < 0) {
      heapBefore = u.before();
    }
    heapAfter = u.after();
    heapCapacity = u.capacity();
  }

  /** Wall time from the first line's start to the last line, in ms; NaN when unknown. */
  double spanMs() {
    if (!Double.isNaN(startUptimeS) && !Double.isNaN(endUptimeS)) {
      return (endUptimeS - startUptimeS) * 1000;
    }
    if (startEpochMs != GcEvent.NO_EPOCH && endEpochMs != GcEvent.NO_EPOCH) {
      return endEpochMs - startEpochMs;
    }
    return Double.NaN;
  }

  ConcurrentPhase toEvent(String name, double durationMs) {
    HeapChange memory = heapBefore < 0 && heapAfter < 0
        ? null : HeapChange.heapOnly(MemoryUsage.of(heapBefore, heapAfter, heapCapacity));
    return new ConcurrentPhase(gcId, endUptimeS, endEpochMs, name, durationMs, true, memory, endLine, null, cause);
  }
}
