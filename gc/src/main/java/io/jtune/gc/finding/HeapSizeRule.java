package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.units.ByteSize;
import java.util.List;
import java.util.Locale;

/**
 * The heap is too small for its live set: old holds less than twice what Full GCs leave, and Full
 * GCs the application did not ask for keep coming. The advice is a concrete -Xmx from the live set
 * (the memory model's heap: 3x the live set, rounded up, within the host's memory).
 */
final class HeapSizeRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    MemoryModel m = model;
    long forced = a.anomalies().fullGcs().count();
    if (!m.heapGrows() || forced == 0) {
      return;
    }
    long target = m.targetHeap();
    String limit = m.container() != null && m.heapForLiveSet() > m.heapLimit()
        ? String.format(Locale.US, " Inside the container: %s, less than the live set asks for: reduce the live set or"
            + " raise the container's memory limit.", m.container().explain())
        : m.container() != null ? String.format(Locale.US, " Inside the container: %s.", m.container().explain())
        : m.heapLimit() > 0 && m.heapForLiveSet() > m.heapLimit()
        ? String.format(Locale.US, " The host's memory (%s) allows at most %s of heap, less than the live set asks for:"
            + " reduce the live set or move to a larger host.", ByteSize.human(Math.max(m.capacities().containerLimit(),
            m.capacities().hostMemory())), ByteSize.human(m.heapLimit()))
        : "";
    out.add(new Finding("heap-too-small", Severity.CRITICAL,
        String.format(Locale.US, "Heap too small for its live set: %s live in %s (less than %.0fx)",
            ByteSize.human(m.live().bytes()), m.oldGenerationText(), MemoryModel.OLD_FIT),
        List.of(new Example(-1, a.span().startS(), "live set " + ByteSize.human(m.live().bytes()) + ": "
            + m.live().source()), new Example(-1, a.span().startS(), "heap " + ByteSize.human(m.capacities().heapMax())
            + " (" + m.capacities().heapSource() + ")")),
        forced,
        String.format(Locale.US, "Each Full GC finds old nearly full of live data, so they come back to back. Size the"
            + " heap from the live set: -Xmx%s (%s).%s", ByteSize.flagValue(target), MemoryModel.HEAP_RULE, limit),
        List.of(JvmOption.MAX_HEAP_SIZE.size(target))));
  }
}
