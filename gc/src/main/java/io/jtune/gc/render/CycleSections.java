package io.jtune.gc.render;

import io.jtune.gc.aggregate.CollectionCauses;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.CycleMemory;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.GcNotice;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parts of the report sections about ZGC's collections, which are concurrent and log the
 * heap on themselves rather than on their pauses: minor and major counts, per-window counts, and
 * the heap before and after, live set and reclaimed bytes per collection.
 */
final class CycleSections {
  private CycleSections() {}

  /** The Overview's "Cycles" line, or null when the log's cycles do not say what they collected. */
  static String overview(Analysis a) {
    ConcurrentAggregator c = a.concurrent();
    if (!c.hasCycleScopes()) {
      return null;
    }
    long minor = c.cycles(CycleFacts.Scope.MINOR).count();
    long major = c.cycles(CycleFacts.Scope.MAJOR).count();
    long whole = c.cycles(CycleFacts.Scope.WHOLE_HEAP).count();
    List<String> parts = new ArrayList<>();
    if (minor > 0 || major > 0) {
      parts.add(Format.count(minor) + " minor (young generation only)");
      parts.add(Format.count(major) + " major (young and old generations)");
    }
    if (whole > 0) {
      parts.add(Format.count(whole) + " whole-heap (single generation)");
    }
    long cutOff = c.notices(GcNotice.Kind.CYCLE_CUT_OFF).count();
    String tail = cutOff == 0 ? "" : "; " + cutOff + " cut off by JVM exit";
    return "Cycles      " + Format.count(c.cycles().count()) + " concurrent collections: " + String.join(", ", parts) + tail;
  }

  /**
   * The collections by cause, for ZGC and Shenandoah, whose collections are concurrent cycles: the
   * pauses by cause count a cycle's pauses, and a log of summary lines alone has none. Null for
   * the other collectors (their collections are the pauses) and when no collection was read.
   */
  static Section byCause(Analysis a) {
    CollectionCauses c = a.concurrent().collections();
    if (!showsCollections(a)) {
      return null;
    }
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<String, CollectionCauses.ByCause> e : c.byCause()) {
      CollectionCauses.ByCause b = e.getValue();
      ConcurrentAggregator.Durations d = b.durations();
      rows.add(List.of(e.getKey(), Format.count(b.count()), Format.count(b.concurrent()), Format.count(b.stopTheWorld()),
          Format.count(d.timed()), Format.ms(d, d.totalMs()), Format.ms(d, d.meanMs()), Format.ms(d, d.maxMs())));
    }
    return new Section("Collections by cause",
        List.of("cause", "count", "concurrent", "stop-the-world", "timed", "total ms", "mean ms", "max ms"), rows,
        List.of("Each concurrent collection counts once (its pauses are under Pauses by cause); stop-the-world"
            + " ones are Full GCs. Durations are wall time, over the collections the log times (timed)."));
  }

  /** True when the report shows collections by cause: a ZGC or Shenandoah log with collections read. */
  static boolean showsCollections(Analysis a) {
    return a.jvm().collector().collectsConcurrently() && a.concurrent().collections().count() > 0;
  }

  /** A rate in MB/s; for ZGC collections too few or too short for one, says so (they are in the log). */
  static String rate(Analysis a, double mbps) {
    if (Double.isNaN(mbps) && a.memory().cycles().count() > 0) {
      return "- (not enough data: a rate needs collections over at least 1 s)";
    }
    return Format.rate(mbps);
  }

  /** The allocation rate in MB/s; for a ZGC log without one, the reason naming what the log lacks. */
  static String allocationRate(Analysis a) {
    double mbps = a.memory().allocationRateMBps();
    String missing = Double.isNaN(mbps) ? a.memory().allocationRateMissing() : null;
    return missing != null ? "- (" + missing + ")" : rate(a, mbps);
  }

  /** Why there is no promotion rate when the collector has no generations (single-generation ZGC), else null. */
  static String noPromotion(Analysis a) {
    ConcurrentAggregator c = a.concurrent();
    return c.cycles(CycleFacts.Scope.WHOLE_HEAP).count() > 0 && c.cycles(CycleFacts.Scope.MINOR).count() == 0
        && c.cycles(CycleFacts.Scope.MAJOR).count() == 0
        ? "- (single-generation ZGC: no old generation to promote to)" : null;
  }

  /** True when the per-window table shows collections instead of young GCs (ZGC has none). */
  static boolean replacesYoungRows(Analysis a) {
    return a.concurrent().hasCycleScopes() && a.windowTable().ygcCountPeak() == 0;
  }

  /** Rows of the per-window table for the minor and major collections, none for other collectors. */
  static List<List<String>> windowRows(Analysis a) {
    if (!a.concurrent().hasCycleScopes()) {
      return List.of();
    }
    WindowAggregator.WindowTable t = a.windowTable();
    boolean generational = a.concurrent().cycles(CycleFacts.Scope.WHOLE_HEAP).count() == 0;
    List<List<String>> rows = new ArrayList<>();
    if (generational) {
      rows.add(List.of("Minor collections (young only)", Format.num(t.minorCyclesPeak()), Format.num(t.minorCyclesMean())));
    }
    rows.add(List.of(generational ? "Major collections (young + old)" : "Collections (whole heap)",
        Format.num(t.majorCyclesPeak()), Format.num(t.majorCyclesMean())));
    return rows;
  }

  /** Lines under the Memory table: the heap across the collections, when they logged it. */
  static List<String> memory(CycleMemory c) {
    if (c.count() == 0) {
      return List.of();
    }
    List<String> l = new ArrayList<>();
    l.add(String.format(Locale.US, "Heap before GC   mean %s, max %s (%s collection%s)", size(c.beforeMean()),
        size(c.beforeMax()), Format.count(c.count()), c.count() == 1 ? "" : "s"));
    l.add(String.format(Locale.US, "Heap after GC    mean %s, min %s, max %s", size(c.afterMean()), size(c.afterMin()),
        size(c.afterMax())));
    if (c.live().count() > 0) {
      l.add(String.format(Locale.US, "Live after mark  mean %s, max %s", size(c.live().mean()), size(c.live().max())));
    }
    List<String> per = new ArrayList<>();
    if (c.reclaimed().count() > 0) {
      per.add("reclaimed " + size(c.reclaimed().mean()));
    }
    if (c.allocatedDuring().count() > 0) {
      per.add("allocated while it ran " + size(c.allocatedDuring().mean()));
    }
    if (c.promoted().count() > 0) {
      per.add("promoted " + size(c.promoted().mean()));
    }
    if (!per.isEmpty()) {
      l.add("Per collection   mean " + String.join(", ", per));
    }
    return l;
  }

  private static String size(long bytes) {
    return bytes >= 0 ? ByteSize.human(bytes) : "-";
  }
}
