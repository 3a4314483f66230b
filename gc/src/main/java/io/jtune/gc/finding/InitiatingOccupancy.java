package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.model.MemoryModel;
import java.util.List;
import java.util.Locale;

/**
 * A fixed G1 initiating heap occupancy (-XX:InitiatingHeapOccupancyPercent) that starts marking
 * earlier without starting it all the time: never below the live set's share of the heap plus
 * {@value #MARGIN} points (below that, the heap is always over the threshold after a collection
 * and G1 marks back to back), and at least {@value #FLOOR}. When that lands at or above G1's own
 * starting value ({@value #G1_DEFAULT}, which G1 then adapts to the allocation it sees), a fixed
 * value would not start marking earlier: the flag is not proposed, and the advice says why.
 */
final class InitiatingOccupancy {
  static final int FLOOR = 35;
  static final int MARGIN = 15;
  static final int G1_DEFAULT = 45;

  private InitiatingOccupancy() {}

  /** The live set's share of the heap, percent, or NaN when either is not known. */
  static double liveSharePct(MemoryModel m) {
    long heap = m.capacities().heapMax();
    return m.live().known() && heap > 0 ? 100.0 * m.live().bytes() / heap : Double.NaN;
  }

  /** The value to set, or -1 when none should be. */
  static int percent(MemoryModel m) {
    double live = liveSharePct(m);
    int v = Double.isNaN(live) ? FLOOR : Math.max(FLOOR, (int) Math.ceil(live + MARGIN));
    return v >= G1_DEFAULT ? -1 : v;
  }

  /** The flag, or none. */
  static List<String> flags(MemoryModel m) {
    int v = percent(m);
    return v < 0 ? List.of() : List.of(JvmOption.INITIATING_HEAP_OCCUPANCY_PERCENT.set(v));
  }

  /** A sentence on the value chosen, or on why none is, for the finding's advice. */
  static String why(MemoryModel m) {
    double live = liveSharePct(m);
    int v = percent(m);
    if (Double.isNaN(live)) {
      return " The live set is not known here: check that -XX:InitiatingHeapOccupancyPercent=" + v
          + " stays at least " + MARGIN + " points above the share of the heap that stays live.";
    }
    if (v < 0) {
      return String.format(Locale.US, " No -XX:InitiatingHeapOccupancyPercent: the live set holds %.0f %% of the heap,"
          + " so a threshold at least %d points above it (%.0f %%) is not below G1's own adaptive start at %d %%;"
          + " a lower one would start marking after every collection. Give the heap more room instead.",
          live, MARGIN, live + MARGIN, G1_DEFAULT);
    }
    return String.format(Locale.US, " -XX:InitiatingHeapOccupancyPercent=%d: %d points above the live set's %.0f %%"
        + " of the heap (at least %d), so marking starts earlier than G1's %d %% without starting after every"
        + " collection.", v, MARGIN, live, FLOOR, G1_DEFAULT);
  }
}
