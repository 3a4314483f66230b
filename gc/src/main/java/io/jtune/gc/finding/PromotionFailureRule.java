package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcNotice;
import java.util.ArrayList;
import java.util.List;

/**
 * The old generation could not take what had to move: CMS promotion failed / concurrent mode
 * failure, G1 evacuation failure / to-space exhausted. Each ends in a long stop-the-world
 * collection.
 */
final class PromotionFailureRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    long pf = a.anomalies().of(Anomaly.PROMOTION_FAILED).count();
    long cmf = Math.max(a.anomalies().of(Anomaly.CONCURRENT_MODE_FAILURE).count(),
        a.concurrent().notices(GcNotice.Kind.CONCURRENT_MODE_FAILURE).count());
    long g1 = a.anomalies().of(Anomaly.TO_SPACE_EXHAUSTED).count()
        + a.anomalies().of(Anomaly.EVACUATION_FAILURE).count();
    Collector c = a.jvm().collector();
    if (pf + cmf > 0) {
      List<Example> ev = new ArrayList<>(a.anomalies().of(Anomaly.PROMOTION_FAILED).examples());
      ev.addAll(a.anomalies().of(Anomaly.CONCURRENT_MODE_FAILURE).examples());
      ev.addAll(a.concurrent().notices(GcNotice.Kind.CONCURRENT_MODE_FAILURE).examples());
      List<String> flags = c.isCms()
          ? List.of(JvmOption.CMS_INITIATING_OCCUPANCY_FRACTION.set(60), JvmOption.USE_CMS_INITIATING_OCCUPANCY_ONLY.on())
          : List.of();
      out.add(new Finding("promotion-failure", Severity.CRITICAL,
          (pf > 0 ? pf + " promotion failure(s)" : "") + (pf > 0 && cmf > 0 ? " and " : "")
              + (cmf > 0 ? cmf + " concurrent mode failure(s)" : ""),
          ev.subList(0, Math.min(10, ev.size())), pf + cmf,
          "The old generation ran out of (contiguous) space while young objects were being promoted or"
              + " before the concurrent cycle finished, so the JVM fell back to a single-threaded, compacting"
              + " Full GC. Start the concurrent cycle earlier (a fixed, lower initiating occupancy), give the"
              + " old generation more room, and cut premature promotion; fragmentation that keeps coming back"
              + " is a reason to move to G1.",
          flags));
    }
    if (g1 > 0) {
      List<Example> ev = new ArrayList<>(a.anomalies().of(Anomaly.TO_SPACE_EXHAUSTED).examples());
      ev.addAll(a.anomalies().of(Anomaly.EVACUATION_FAILURE).examples());
      out.add(new Finding("evacuation-failure", Severity.CRITICAL,
          g1 + " evacuation failure(s) / to-space exhausted",
          ev.subList(0, Math.min(10, ev.size())), g1,
          "G1 had no free regions to copy live objects into, so the pause turned long (and may be followed"
              + " by a Full GC). Keep more regions in reserve, start marking earlier, or give the heap more room;"
              + " check for humongous allocations eating free regions." + InitiatingOccupancy.why(model),
          java.util.stream.Stream.concat(java.util.stream.Stream.of(JvmOption.G1_RESERVE_PERCENT.set(20)),
              InitiatingOccupancy.flags(model).stream()).toList()));
    }
  }
}
