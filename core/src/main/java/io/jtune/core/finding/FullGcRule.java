package io.jtune.core.finding;

import io.jtune.core.analysis.GcFacts;
import io.jtune.core.event.Collector;
import io.jtune.core.event.PauseKind;
import java.util.List;
import java.util.Locale;

/**
 * Full GCs that come often or back to back: the heap is too small for the live set, or the live
 * set keeps growing. Each Full GC stops the application for the whole-heap collection.
 */
final class FullGcRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, List<Finding> out) {
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
          "Full GCs this often mean the old generation is nearly full of live data after each"
              + " collection: the heap is too small for the live set, or the live set grows (see the old-gen"
              + " trend). Size the heap from the old occupancy after Full GC (x 2-3), and check for a leak"
              + " with a heap dump (`jcmd PID GC.heap_dump`).",
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
