package io.jtune.gc.parser.unified;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.PhaseTimes;
import io.jtune.gc.event.Tenuring;
import java.util.Arrays;
import java.util.EnumSet;

/**
 * The lines of one stop-the-world pause gathered so far: start line, detail lines (phases,
 * per-generation heap, metaspace, tenuring) and the summary line. Mutable while the pause is
 * being read; {@link #toEvent} makes the immutable {@link GcPause}.
 */
final class PendingPause {
  /** G1 region areas; {@link #regions} holds before, after and target count per area. */
  static final int EDEN = 0;
  static final int SURVIVOR = 1;
  static final int OLD = 2;
  static final int HUMONGOUS = 3;
  static final int ARCHIVE = 4;

  final long gcId;
  double startUptimeS = Double.NaN;
  long startEpochMs = GcEvent.NO_EPOCH;
  long startLine;
  PauseKind kind;
  String name;
  String cause;
  /** True once the summary line (the one with the duration) has been read. */
  boolean complete;
  double durationMs = Double.NaN;
  MemoryUsage heap;
  MemoryUsage young;
  MemoryUsage survivor;
  MemoryUsage old;
  MemoryUsage metaspace;
  CpuTimes times;
  long desiredSurvivorBytes = -1;
  int newThreshold = -1;
  int maxThreshold = -1;
  long agedBytes = -1;
  final EnumSet<Anomaly> anomalies = EnumSet.noneOf(Anomaly.class);
  /** Phase times in the order first seen; made at the first phase (a pause logged at info level has none). */
  private PhaseTimes.Builder phases;
  /** G1 region counts before/after/target of eden, survivor, old, humongous and archive. */
  long[] regions;

  PendingPause(long gcId) {
    this.gcId = gcId;
  }

  /**
   * Records a phase time. A name can occur at several levels (G1 "Other"); the top-level one
   * wins, else the first.
   */
  void phase(String phase, double ms, boolean topLevel) {
    if (phases == null) {
      phases = new PhaseTimes.Builder();
    }
    phases.put(phase, ms, topLevel);
  }

  boolean hasTenuring() {
    return newThreshold >= 0 || agedBytes >= 0 || desiredSurvivorBytes >= 0;
  }

  GcPause toEvent(long regionBytes) {
    if (regions != null && regionBytes > 0) {
      applyRegions(regionBytes);
    }
    HeapChange memory = heap == null && young == null && old == null && metaspace == null && survivor == null
        ? null : new HeapChange(young, survivor, old, heap, metaspace);
    Tenuring tenuring = hasTenuring()
        ? new Tenuring(desiredSurvivorBytes, newThreshold, maxThreshold, agedBytes) : null;
    return new GcPause(gcId, startUptimeS, startEpochMs, kind, name, cause, durationMs, memory, times,
        tenuring, anomalies, phases == null ? PhaseTimes.NONE : phases.build(), startLine);
  }

  void regions(int area, long before, long after, long target) {
    if (regions == null) {
      regions = new long[15];
      Arrays.fill(regions, -1);
    }
    regions[area * 3] = before;
    regions[area * 3 + 1] = after;
    regions[area * 3 + 2] = target;
  }

  private void applyRegions(long rs) {
    long[] r = regions;
    if (r[EDEN * 3] >= 0 && r[SURVIVOR * 3] >= 0 && young == null) {
      long cap = r[EDEN * 3 + 2] >= 0 && r[SURVIVOR * 3 + 2] >= 0 ? (r[EDEN * 3 + 2] + r[SURVIVOR * 3 + 2]) * rs : -1;
      young = MemoryUsage.of((r[EDEN * 3] + r[SURVIVOR * 3]) * rs, (r[EDEN * 3 + 1] + r[SURVIVOR * 3 + 1]) * rs, cap);
    }
    if (r[SURVIVOR * 3] >= 0 && survivor == null) {
      survivor = MemoryUsage.of(r[SURVIVOR * 3] * rs, r[SURVIVOR * 3 + 1] * rs,
          r[SURVIVOR * 3 + 2] >= 0 ? r[SURVIVOR * 3 + 2] * rs : -1);
    }
    if (r[OLD * 3] >= 0 && old == null) {
      long before = r[OLD * 3];
      long after = r[OLD * 3 + 1];
      for (int area = HUMONGOUS; area <= ARCHIVE; area++) {
        if (r[area * 3] >= 0) {
          before += r[area * 3];
          after += r[area * 3 + 1];
        }
      }
      old = MemoryUsage.of(before * rs, after * rs, MemoryUsage.UNKNOWN);
    }
  }
}
