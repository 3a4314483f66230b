package io.jtune.core.finding;

import io.jtune.core.aggregate.ExampleList;
import io.jtune.core.analysis.GcFacts;
import io.jtune.core.event.Anomaly;
import io.jtune.core.event.Collector;
import java.util.List;

/** Collections requested by System.gc() (application code, RMI's distributed GC, tools). */
final class ExplicitGcRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, List<Finding> out) {
    ExampleList hits = a.anomalies().of(Anomaly.SYSTEM_GC);
    long count = Math.max(hits.count(), a.pauses().causeCount("System.gc()"));
    if (count == 0) {
      return;
    }
    Collector c = a.jvm().collector();
    boolean concurrentCapable = c == Collector.G1 || c.isCms();
    String rec = "Find who calls System.gc() (a thread dump or JFR's jdk.SystemGC event shows the stack;"
        + " RMI's distributed GC calls it every hour by default). "
        + (concurrentCapable
            ? "With " + c.displayName() + ", let explicit GCs run as concurrent cycles instead of stop-the-world Full GCs."
            : "If the calls are not needed (note: NIO direct buffers rely on them under memory pressure), disable them.");
    List<String> flags = concurrentCapable
        ? List.of("-XX:+ExplicitGCInvokesConcurrent")
        : List.of("-XX:+DisableExplicitGC");
    out.add(new Finding("system-gc", Severity.WARNING, count + " collection(s) requested by System.gc()",
        hits.examples(), count, rec, flags));
  }
}
