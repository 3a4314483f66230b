package io.jtune.gc.parser.unified;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;

/**
 * A ZGC collection being read: its start line (cause, scope), the rows of its statistics
 * tables read so far, and its summary line (heap before and after). Generational ZGC logs a
 * young ("Y: " in a major, "y: " in a minor collection) and an old ("O: ") part; the live and
 * reclaimed bytes of both are added up.
 */
final class ZgcCycle {
  static final int YOUNG = 0;
  static final int OLD = 1;

  final PendingCycle span;
  final String cause;
  final CycleFacts.Scope scope;
  /** Capacity from the "Capacity:" row (Relocate End), else the configured maximum, else unknown. */
  long capacity = MemoryUsage.UNKNOWN;
  private final long[] live = {MemoryUsage.UNKNOWN, MemoryUsage.UNKNOWN};
  private final long[] reclaimed = {MemoryUsage.UNKNOWN, MemoryUsage.UNKNOWN};
  long allocated = MemoryUsage.UNKNOWN;
  long promoted = MemoryUsage.UNKNOWN;

  ZgcCycle(long gcId, String cause, CycleFacts.Scope scope) {
    this.span = new PendingCycle(gcId);
    this.cause = cause;
    this.scope = scope;
  }

  long gcId() {
    return span.gcId;
  }

  void live(int generation, long bytes) {
    live[generation] = bytes;
  }

  void reclaimed(int generation, long bytes) {
    reclaimed[generation] = bytes;
  }

  /** The summary line was read: the whole-cycle event, with the heap from it and the tables' figures. */
  ConcurrentPhase toEvent(String name, MemoryUsage heap, double durationMs) {
    long cap = heap.hasCapacity() ? heap.capacity() : capacity;
    HeapChange memory = HeapChange.heapOnly(MemoryUsage.of(heap.before(), heap.after(), cap));
    CycleFacts facts = new CycleFacts(cause, scope, span.startUptimeS, sum(live), allocated, sum(reclaimed), promoted);
    return new ConcurrentPhase(span.gcId, span.endUptimeS, span.endEpochMs, name, durationMs, true, memory,
        span.endLine, facts, cause);
  }

  private static long sum(long[] v) {
    if (v[YOUNG] < 0 && v[OLD] < 0) {
      return MemoryUsage.UNKNOWN;
    }
    return Math.max(0, v[YOUNG]) + Math.max(0, v[OLD]);
  }
}
