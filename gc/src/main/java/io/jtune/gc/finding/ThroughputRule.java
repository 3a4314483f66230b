package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import java.util.List;
import java.util.Locale;

/** GC throughput under 95 %: the application loses more than 5 % of its time to pauses. */
final class ThroughputRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    double tp = a.throughputPct();
    if (!(tp < 95) || a.span().durationS() < 10) {
      return;
    }
    out.add(new Finding("low-throughput", tp < 90 ? Severity.CRITICAL : Severity.WARNING,
        String.format(Locale.US, "GC throughput %.1f%%: %.1f s of %.1f s spent in pauses", tp,
            a.pauses().all().totalMs() / 1000, a.span().durationS()),
        a.pauses().longest().stream().limit(5)
            .map(p -> new io.jtune.gc.aggregate.Example(p.gcId(), p.uptimeS(),
                String.format(Locale.US, "%s %.1f ms", p.name(), p.durationMs())))
            .toList(),
        a.pauses().all().count(),
        "Pauses take more than 5% of the time. See which kind dominates the pause time (by kind and by"
            + " cause): frequent young GCs want a larger young generation; Full GCs want the findings above"
            + " addressed first.",
        List.of()));
  }
}
