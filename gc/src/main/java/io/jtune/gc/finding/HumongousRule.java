package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.GcNotice;
import java.util.ArrayList;
import java.util.List;

/** G1 humongous allocations: objects of half a region or more, allocated straight into old regions. */
final class HumongousRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    long pauses = a.anomalies().of(Anomaly.HUMONGOUS_ALLOCATION).count();
    long notices = a.concurrent().notices(GcNotice.Kind.HUMONGOUS_ALLOCATION).count();
    if (pauses + notices == 0) {
      return;
    }
    List<Example> ev = new ArrayList<>(a.anomalies().of(Anomaly.HUMONGOUS_ALLOCATION).examples());
    ev.addAll(a.concurrent().notices(GcNotice.Kind.HUMONGOUS_ALLOCATION).examples());
    Long region = a.jvm().info().regionSizeBytes();
    List<String> flags = new ArrayList<>();
    String sizing;
    if (region != null && region > 0 && region < (32L << 20)) {
      long next = Math.min(32L << 20, region * 2);
      flags.add(JvmOption.G1_HEAP_REGION_SIZE.set((next >> 20) + "m"));
      sizing = "The region size is " + (region >> 20) + " MB: doubling it to " + (next >> 20)
          + " MB makes objects up to " + (next >> 21) + " MB regular allocations.";
    } else {
      sizing = "Find the large allocations (JFR jdk.ObjectAllocationOutsideTLAB) and break them up or reuse them.";
    }
    out.add(new Finding("humongous-allocations", Severity.WARNING,
        (pauses + notices) + " GC(s) caused by or reporting humongous allocations",
        ev.subList(0, Math.min(10, ev.size())), pauses + notices,
        "Humongous objects go straight into old regions, trigger collections early and fragment the heap. "
            + sizing,
        flags));
  }
}
