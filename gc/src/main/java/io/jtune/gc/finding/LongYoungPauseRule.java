package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Young (and mixed) pauses longer than the pause target (default 50 ms, a common young-pause goal). */
final class LongYoungPauseRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    long over = a.pauses().youngOverTarget();
    if (over == 0) {
      return;
    }
    double target = a.pauses().pauseTargetMs();
    var young = a.pauses().kind(PauseKind.YOUNG);
    double share = 100.0 * over / Math.max(1, a.pauses().youngCount());
    Collector c = a.jvm().collector();
    List<String> flags = new ArrayList<>();
    String rec;
    if (c == Collector.G1) {
      flags.add(JvmOption.MAX_GC_PAUSE_MILLIS.set((long) target));
      rec = "G1 sizes the young generation to meet MaxGCPauseMillis: set it to the target and do not fix"
          + " the young size (-Xmn / NewRatio) so G1 can shrink it. If the phase breakdown shows root or"
          + " card scanning dominating, the cost is old-to-young references, not the young size.";
    } else if (c.isCms() || c == Collector.PARNEW_SERIAL_OLD) {
      rec = "ParNew pause time grows with what survives and with old-to-young references found through the"
          + " card table (each young GC scans every dirty card of the old generation). Reduce survival"
          + " (object lifetimes, caches with LinkedHashMap churn),"
          + " and on large old generations try larger card stride chunks.";
      flags.add(JvmOption.UNLOCK_DIAGNOSTIC_VM_OPTIONS.on());
      flags.add(JvmOption.PAR_GC_CARDS_PER_STRIDE_CHUNK.set(4096));
    } else {
      rec = "Young pause time grows with what survives the collection: shorten object lifetimes, or move to a"
          + " low-pause collector (G1 with -XX:MaxGCPauseMillis, or ZGC) if the heap is large.";
    }
    out.add(new Finding("long-young-pauses", share >= 5 ? Severity.WARNING : Severity.INFO,
        String.format(Locale.US, "%d young pause(s) over the %.0f ms target (%.1f%%; young p99 %.1f ms, max %.1f ms)",
            over, target, share, young.percentileMs(99), young.maxMs()),
        a.pauses().overTarget().examples(), over, rec, flags));
  }
}
