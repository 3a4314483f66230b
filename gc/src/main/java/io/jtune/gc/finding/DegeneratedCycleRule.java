package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.PauseKind;
import java.util.List;
import java.util.Locale;

/**
 * Shenandoah degenerated cycles: a concurrent cycle ran out of free memory and was finished
 * stop-the-world. Not a Full GC and not an old-generation problem: the cycle started too late
 * for the allocation rate, or had too few threads or too little headroom.
 */
final class DegeneratedCycleRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    var cycles = a.anomalies().degeneratedCycles();
    if (cycles.count() == 0) {
      return;
    }
    var pauses = a.pauses().kind(PauseKind.DEGENERATED);
    out.add(new Finding("degenerated-cycle", Severity.WARNING,
        String.format(Locale.US, "%d degenerated cycle(s): concurrent collection ran out of memory and finished"
            + " stop-the-world, %.0f ms in total, longest %.0f ms", cycles.count(), pauses.totalMs(), pauses.maxMs()),
        cycles.examples(), cycles.count(),
        "The concurrent cycle could not free memory as fast as the application allocated, so the collector"
            + " finished it with the application stopped. Give the heap more headroom (raise -Xmx) so cycles"
            + " start with more free memory, give the collector more concurrent threads (-XX:ConcGCThreads),"
            + " or start cycles earlier (-XX:ShenandoahGCHeuristics=compact runs them back to back, at some"
            + " cost in throughput), or cut the allocation rate.",
        List.of()));
  }
}
