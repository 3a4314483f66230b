package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.PhaseTimes;
import io.jtune.gc.event.Tenuring;
import java.util.EnumSet;
import java.util.Set;

/**
 * What is known so far about one stop-the-world pause while its record is being read; turned
 * into an immutable {@link GcPause} by {@link #toPause}. One instance is reused per parser.
 */
final class PauseDraft {
  static final long NONE = MemoryUsage.UNKNOWN;

  long gcId;
  double uptimeS;
  long epochMs;
  long line;
  PauseKind kind;
  String name;
  String cause;
  /** Name of the young-generation segment ("ParNew", "PSYoungGen", ...), or null. */
  String youngName;
  /** Name of the old-generation segment ("CMS", "Tenured", ...), or null. */
  String oldName;
  /** True when the old-generation segment reports its own collection time. */
  boolean oldCollected;
  boolean initialMark;
  boolean remark;
  boolean g1;
  boolean dashDash;
  boolean icms;
  double secs;
  final long[] young = new long[3];
  final long[] survivor = new long[3];
  final long[] old = new long[3];
  final long[] heap = new long[3];
  final long[] meta = new long[3];
  CpuTimes times;
  Tenuring tenuring;
  /** Heap and young generation of a young collection nested in this record (scavenge before remark). */
  final long[] nestedHeap = new long[3];
  final long[] nestedYoung = new long[3];
  final EnumSet<Anomaly> anomalies = EnumSet.noneOf(Anomaly.class);
  private final PhaseTimes.Builder phases = new PhaseTimes.Builder();

  void reset(long gcId, double uptimeS, long epochMs, long line) {
    this.gcId = gcId;
    this.uptimeS = uptimeS;
    this.epochMs = epochMs;
    this.line = line;
    kind = null;
    name = null;
    cause = null;
    youngName = null;
    oldName = null;
    oldCollected = false;
    initialMark = false;
    remark = false;
    g1 = false;
    dashDash = false;
    icms = false;
    secs = Double.NaN;
    clear(young);
    clear(survivor);
    clear(old);
    clear(heap);
    clear(meta);
    clear(nestedHeap);
    clear(nestedYoung);
    times = null;
    tenuring = null;
    anomalies.clear();
    phases.clear();
  }

  private static void clear(long[] m) {
    m[0] = NONE;
    m[1] = NONE;
    m[2] = NONE;
  }

  static void set(long[] m, long before, long after, long capacity) {
    m[0] = before;
    m[1] = after;
    m[2] = capacity;
  }

  static boolean known(long[] m) {
    return m[0] != NONE || m[1] != NONE || m[2] != NONE;
  }

  void phase(String key, double ms) {
    phases.put(key, ms, true);
  }

  private static MemoryUsage usage(long[] m) {
    return known(m) ? new MemoryUsage(m[0], m[1], m[2]) : null;
  }

  /** {@code a - b} when both are known and the difference is not negative, else unknown. */
  static long minus(long a, long b) {
    return a >= 0 && b >= 0 && a >= b ? a - b : NONE;
  }

  /**
   * A stop that began with a nested young collection (CMSScavengeBeforeRemark) starts from that
   * collection's heap: its "before" values are the nested ones, the young generation ends where
   * the nested collection left it.
   */
  private void startsWithNested() {
    if (known(heap) && nestedHeap[0] != NONE) {
      heap[0] = nestedHeap[0];
    }
    if (known(young) && nestedYoung[0] != NONE) {
      young[0] = nestedYoung[0];
      young[1] = nestedYoung[1];
    }
    if (known(old)) {
      long oldBefore = minus(nestedHeap[0], nestedYoung[0]);
      if (oldBefore != NONE) {
        old[0] = oldBefore;
      }
    }
  }

  /** The pause as an event; the old generation is derived as heap minus young when not logged. */
  GcPause toPause() {
    if (known(nestedHeap)) {
      startsWithNested();
    }
    MemoryUsage oldUsage = usage(old);
    if (oldUsage == null && known(young) && known(heap)) {
      oldUsage = new MemoryUsage(minus(heap[0], young[0]), minus(heap[1], young[1]), minus(heap[2], young[2]));
    }
    HeapChange memory = null;
    if (known(young) || known(heap) || oldUsage != null || known(meta)) {
      memory = new HeapChange(usage(young), usage(survivor), oldUsage, usage(heap), usage(meta));
    }
    return new GcPause(gcId, uptimeS, epochMs, kind, name, cause, secs * 1000.0, memory, times, tenuring,
        anomalies.isEmpty() ? Set.of() : anomalies, phases.build(), line);
  }

  boolean hasEpoch() {
    return epochMs != GcEvent.NO_EPOCH;
  }
}
