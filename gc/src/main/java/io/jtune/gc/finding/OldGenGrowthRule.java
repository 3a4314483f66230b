package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.Trend;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.units.ByteSize;
import java.util.List;
import java.util.Locale;

/**
 * A leak suspect, from the memory model: the live set keeps growing (a trend over enough time,
 * surviving gaps in the log, after the old generation has been collected), or the heap saturates
 * (the live set rose to fill old and Full GCs free almost nothing). Says plainly that flags are not
 * the fix, how long a bigger heap would delay exhaustion, and how to find what grows.
 */
final class OldGenGrowthRule implements FindingRule {
  private static final double MB = 1 << 20;

  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    MemoryModel m = model;
    if (!m.leak()) {
      uncollectedGrowth(a, m, out);
      return;
    }
    MemoryModel.LiveSet live = m.live();
    MemoryAggregator mem = a.memory();
    long old = m.oldCapacity();
    double rateMBph = live.slopeMBph();
    String title;
    if (m.liveSetGrows()) {
      title = String.format(Locale.US, "Old-generation live set grows %.1f MB/hour (%s -> %s over %s, R² %.2f)",
          rateMBph, ByteSize.human(Math.max(0, live.firstBytes())), ByteSize.human(live.bytes()),
          MemoryModel.span(live.spanS()), live.r2());
    } else {
      // the rise is measured over the rising part only: from the first old-after-GC to the first
      // that reached the ceiling, not over the time it then sat there
      double risenAtS = risenAt(mem, live.bytes(), a.span().endS());
      double firstAtS = mem.oldAfter().points().isEmpty() ? a.span().startS() : mem.oldAfter().points().get(0).minAtS();
      double spanH = Math.max(risenAtS - firstAtS, 1) / 3600;
      double flatS = Math.max(0, a.span().endS() - risenAtS);
      rateMBph = (live.bytes() - Math.max(0, mem.firstOldAfterGc())) / MB / spanH;
      title = String.format(Locale.US, "The heap saturates: old after GC rose from %s to %s of %s in %s%s, and %d of"
          + " %d Full GCs freed less than %.0f%%", ByteSize.human(Math.max(0, mem.firstOldAfterGc())),
          ByteSize.human(live.bytes()), ByteSize.human(Math.max(old, live.bytes())), duration(spanH * 3600),
          flatS >= 3 ? ", then stayed there for " + duration(flatS) : "",
          mem.fullGcsFreeingLittle(), mem.fullGcsWithOld(), 100 * MemoryAggregator.FREED_LITTLE);
    }
    List<Example> ev = mem.fullGcsWithOld() > 0 ? a.anomalies().fullGcs().examples()
        : List.of(new Example(-1, a.span().startS(), "live set at start: " + ByteSize.human(Math.max(0, live.firstBytes()))),
            new Example(-1, a.span().endS(), "live set at end: " + ByteSize.human(live.bytes())));
    StringBuilder sb = new StringBuilder("JVM flags are not the fix for a leak: objects that survive collections"
        + " accumulate (" + live.source() + ") until the heap is exhausted, whatever its size.");
    double hoursLeft = Double.NaN;
    if (old > 0 && live.bytes() < old && rateMBph > 0) {
      hoursLeft = (old - live.bytes()) / MB / rateMBph;
      sb.append(String.format(Locale.US, " At %.1f MB/hour the old generation (%s) is full in about %s.", rateMBph,
          ByteSize.human(old), hours(hoursLeft)));
    }
    long heap = m.capacities().heapMax();
    if (heap > 0 && rateMBph > 0) {
      sb.append(String.format(Locale.US, " A heap of %s (-Xmx%s, twice today's) would only delay that by about %s.",
          ByteSize.human(2.0 * heap), ByteSize.flagValue(MemoryModel.wholeMb(2 * heap)), hours(heap / MB / rateMBph)));
    }
    if (!m.liveSetGrows()) {
      sb.append(" A log whose heap filled cannot tell an unbounded leak from a store or cache whose bound the heap"
          + " does not hold: a longer run at a larger heap can (the live set levels off, or keeps rising).");
    }
    sb.append(" Find what grows: take a heap dump (`jcmd PID GC.heap_dump /tmp/heap.hprof`) and two class histograms a"
        + " few minutes apart (`jcmd PID GC.class_histogram`), and compare which classes gain instances: caches without"
        + " bounds, sessions with long TTLs, listeners and ThreadLocals are the usual suspects.");
    boolean urgent = live.saturates() || hoursLeft < 24;
    out.add(new Finding("old-gen-growth", urgent ? Severity.CRITICAL : Severity.WARNING, title, ev,
        Math.max(1, mem.fullGcsWithOld()), sb.toString(), List.of()));
  }

  /**
   * Old occupancy after GC rising over enough time while old has not been collected enough to
   * measure its live set: promoted garbage looks the same until a Full GC or concurrent cycle, so
   * it is told (info), not called a leak.
   */
  private static void uncollectedGrowth(GcFacts a, MemoryModel m, List<Finding> out) {
    Trend t = a.memory().oldTrend();
    double grown = t.slopePerS() * t.spanS();
    long old = m.oldCapacity();
    if (!(t.slopePerS() > 0) || !(t.r2() >= MemoryModel.LEAK_R2)
        || grown < Math.max(32 * MB, MemoryModel.LEAK_MIN_GROWTH_SHARE * Math.max(0, old))) {
      return;
    }
    out.add(new Finding("old-gen-growth", Severity.INFO, String.format(Locale.US,
        "Old generation after GC grows %.1f MB/hour (%s -> %s over %.1f min, R² %.2f), but its live set is not measured",
        t.slopeMBph(), ByteSize.human(t.firstY()), ByteSize.human(t.lastY()), t.spanS() / 60, t.r2()),
        List.of(new Example(-1, a.span().startS(), "old after GC at start: " + ByteSize.human(t.firstY())),
            new Example(-1, a.span().endS(), "old after GC at end: " + ByteSize.human(t.lastY()))),
        t.count(), "Old grows as young GCs promote, and it was collected too rarely (" + m.live().trendNote()
            + ") to tell a leak from promoted garbage. A log that covers Full GCs or concurrent cycles tells them apart;"
            + " meanwhile two class histograms a few minutes apart (`jcmd PID GC.class_histogram`) show whether"
            + " anything accumulates.", List.of()));
  }

  /** When old after GC first reached 90 % of {@code live} (the ceiling it then stayed at), else {@code endS}. */
  private static double risenAt(MemoryAggregator mem, long live, double endS) {
    for (var p : mem.oldAfter().points()) {
      if (p.max() >= 0.9 * live) {
        return p.maxAtS();
      }
    }
    return endS;
  }

  private static String duration(double s) {
    return s < 60 ? String.format(Locale.US, "%.0f s", Math.max(1, s)) : MemoryModel.span(s);
  }

  private static String hours(double h) {
    return h < 1 ? String.format(Locale.US, "%.0f min", Math.max(1, h * 60)) : String.format(Locale.US, "%.1f hours", h);
  }
}
