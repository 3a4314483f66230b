package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.PauseKind;
import java.util.List;
import java.util.Locale;

/**
 * Says plainly when GC is not the problem (as when CPU or locks, not GC, hold a service
 * back): high throughput, no Full GCs, pauses
 * within the target and nothing serious found — look at CPU, locks and the code instead.
 */
final class VerdictRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    boolean serious = out.stream().anyMatch(f -> f.severity() != Severity.INFO
        && !f.id().equals("no-collector-chosen") && !f.id().equals("permsize-ignored"));
    double p99 = a.pauses().all().percentileMs(99);
    long full = a.pauses().kind(PauseKind.FULL).count();
    double tp = a.throughputPct();
    if (serious || !(tp > 98) || full > 0 || p99 > a.pauses().pauseTargetMs() || a.pauses().all().count() == 0) {
      return;
    }
    out.add(new Finding("gc-not-the-problem", Severity.INFO,
        String.format(Locale.US, "GC is not the problem: throughput %.2f%%, pause p99 %.1f ms, no Full GC", tp, p99),
        List.of(), 0,
        "Collections cost little here, so JVM flags will not move latency or throughput much. If the service"
            + " is slow, look at CPU use in business threads, lock contention (thread dumps with BLOCKED"
            + " threads), I/O waits and downstream calls.",
        List.of()));
  }
}
