package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.units.ByteSize;
import java.util.List;
import java.util.Locale;

/**
 * Full GCs that come often or back to back: the heap is too small for the live set, or the live
 * set keeps growing. Each Full GC stops the application for the whole-heap collection.
 */
final class FullGcRule implements FindingRule {
  /** What the memory model says of these Full GCs, with the heap size when it is the heap. */
  private static String cause(GcFacts a, MemoryModel model) {
    MemoryModel m = model;
    if (m.leak()) {
      return "The live set grows: a leak (see its finding), which no heap size fixes.";
    }
    if (m.heapGrows()) {
      return String.format(Locale.US, "The heap is too small for its live set of %s: -Xmx%s (%s).",
          ByteSize.human(m.live().bytes()), ByteSize.flagValue(m.targetHeap()), MemoryModel.HEAP_RULE);
    }
    if (m.cacheChurn() != null) {
      return "The live set stays level while Full GCs keep coming: " + m.cacheChurn()
          + ". Bound the cache or move it off the heap.";
    }
    return "See what else the findings name (premature promotion, concurrent failures, explicit GCs) for their"
        + " cause" + (m.live().known() ? "; the live set is " + ByteSize.human(m.live().bytes()) + " (" + m.live().source()
            + ")" : "") + ".";
  }

  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    var forced = a.anomalies().fullGcs();
    if (forced.count() == 0) {
      return; // requested Full GCs (System.gc(), metadata) have findings of their own
    }
    var full = a.pauses().kind(PauseKind.FULL);
    double hours = Math.max(a.span().durationS(), 1) / 3600;
    double perHour = forced.count() / hours;
    long backToBack = a.anomalies().backToBack().count();
    Collector c = a.jvm().collector();
    boolean concurrentCollector = c == Collector.G1 || c.isCms() || c == Collector.ZGC
        || c == Collector.ZGC_GENERATIONAL || c == Collector.SHENANDOAH || c == Collector.SHENANDOAH_GENERATIONAL;
    boolean frequent = perHour >= 6 && forced.count() >= 3;
    if (backToBack >= 2 || frequent) {
      out.add(new Finding("frequent-full-gc", Severity.CRITICAL,
          String.format(Locale.US, "%d Full GCs (%.1f per hour, %d back to back); all Full GCs %.0f ms in total, longest %.0f ms",
              forced.count(), perHour, backToBack, full.totalMs(), full.maxMs()),
          backToBack > 0 ? a.anomalies().backToBack().examples() : forced.examples(),
          forced.count(),
          "Full GCs this often mean the old generation is nearly full after each collection. " + cause(a, model),
          List.of()));
    } else if (concurrentCollector) {
      out.add(new Finding("full-gc", Severity.WARNING,
          String.format(Locale.US, "%d Full GC(s) with %s, longest %.0f ms", forced.count(), c.displayName(), full.maxMs()),
          forced.examples(), forced.count(),
          "A concurrent collector should not need Full GCs: each one is the fallback when concurrent"
              + " collection could not keep up or was bypassed. Its cause (shown in the evidence) says which.",
          List.of()));
    }
  }
}
