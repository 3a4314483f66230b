package io.jtune.gc.aggregate;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import io.jtune.common.units.ByteSize;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Pauses carrying each {@link Anomaly} (with examples); Full GCs split into those the heap
 * forced and those something requested; and forced Full GCs that come back to back (one
 * starting within a few seconds of the previous one's end).
 */
public final class AnomalyAggregator implements Aggregator {
  /** Full GCs closer than this (end of one to start of the next) count as back to back. */
  public static final double BACK_TO_BACK_S = 5.0;

  private final Map<Anomaly, ExampleList> byAnomaly = new EnumMap<>(Anomaly.class);
  private final ExampleList fullGcs = new ExampleList(10);
  private final ExampleList backToBack = new ExampleList(10);
  private final ExampleList requestedFull = new ExampleList(10);
  private final ExampleList degenerated = new ExampleList(10);
  private double lastFullEndS = Double.NaN;

  @Override
  public void accept(GcEvent e) {
    if (!(e instanceof GcPause p)) {
      return;
    }
    if (!p.anomalies().isEmpty()) { // most pauses have none: no iterator per event
      for (Anomaly a : p.anomalies()) {
        byAnomaly.computeIfAbsent(a, k -> new ExampleList(10)).add(p.gcId(), p.uptimeS(), () -> describe(p));
      }
    }
    if (p.kind() == PauseKind.DEGENERATED) {
      degenerated.add(p.gcId(), p.uptimeS(), () -> describe(p));
    } else if (p.kind() == PauseKind.FULL && isRequested(p)) {
      requestedFull.add(p.gcId(), p.uptimeS(), () -> describe(p));
    } else if (p.kind() == PauseKind.FULL) {
      fullGcs.add(p.gcId(), p.uptimeS(), () -> describe(p));
      if (!Double.isNaN(lastFullEndS) && p.uptimeS() - lastFullEndS < BACK_TO_BACK_S) {
        double gap = p.uptimeS() - lastFullEndS;
        backToBack.add(p.gcId(), p.uptimeS(), () -> String.format(Locale.US,
            "%s %.0f ms, %.2f s after the previous full GC ended", p.name(), p.durationMs(), Math.max(0, gap)));
      }
      lastFullEndS = p.uptimeS() + p.durationMs() / 1000;
    }
  }

  /**
   * A Full GC that something asked for (System.gc(), metadata threshold, a heap dump or
   * inspection, a diagnostic command) rather than one the heap's state forced.
   */
  static boolean isRequested(GcPause p) {
    if (p.has(Anomaly.SYSTEM_GC) || p.has(Anomaly.METADATA_THRESHOLD)) {
      return true;
    }
    String c = p.cause() == null ? "" : p.cause();
    return c.contains("System.gc") || c.contains("Metadata GC Threshold") || c.contains("Heap Dump")
        || c.contains("Heap Inspection") || c.contains("Diagnostic Command") || c.contains("JvmtiEnv")
        || c.contains("WhiteBox") || c.contains("Last ditch");
  }

  static String describe(GcPause p) {
    StringBuilder sb = new StringBuilder();
    sb.append(p.name());
    if (p.cause() != null && !p.name().contains(p.cause())) {
      sb.append(" (").append(p.cause()).append(')');
    }
    sb.append(String.format(Locale.US, " %.1f ms", p.durationMs()));
    if (p.memory() != null && p.memory().heap() != null && p.memory().heap().hasAfter()) {
      var h = p.memory().heap();
      sb.append(String.format(Locale.US, ", heap %s->%s", ByteSize.human(h.before()), ByteSize.human(h.after())));
      if (h.hasCapacity()) {
        sb.append(String.format(Locale.US, " of %s", ByteSize.human(h.capacity())));
      }
    }
    return sb.toString();
  }

  public ExampleList of(Anomaly a) {
    return byAnomaly.getOrDefault(a, new ExampleList(0));
  }

  /** Full GCs the heap forced (not requested ones), with examples. */
  public ExampleList fullGcs() {
    return fullGcs;
  }

  /** Full GCs something asked for: System.gc(), metadata threshold, heap dumps; see {@link #isRequested}. */
  /** Shenandoah degenerated cycles (finished stop-the-world, not Full GCs). */
  public ExampleList degeneratedCycles() {
    return degenerated;
  }

  public ExampleList requestedFullGcs() {
    return requestedFull;
  }

  public ExampleList backToBack() {
    return backToBack;
  }
}
