package io.jtune.gc.render.openmetrics;

import io.jtune.common.format.OpenMetrics;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.JvmLifetime;
import io.jtune.gc.analysis.LifetimeSummary;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.common.format.OpenMetrics.Family;
import io.jtune.common.format.OpenMetrics.Labels;
import io.jtune.common.format.OpenMetrics.Type;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * {@code jtune analyze --format openmetrics}: each JVM lifetime's figures as OpenMetrics samples
 * labelled {@code jvm} (its number in the input), {@code input} (the files its events came from)
 * and {@code collector}; pauses by {@code kind}, findings by {@code finding} and {@code severity}.
 * The pause time by {@code cause} is the latest lifetime's (the one the full analysis covers).
 * Times are seconds, sizes and rates bytes, shares ratios (0 to 1).
 */
public final class AnalysisOpenMetrics {
  private static final double MB = 1 << 20;
  private static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 0.999};

  private AnalysisOpenMetrics() {}

  public static void write(Analysis a, PrintWriter out) {
    of(a).write(out);
  }

  /** Writes the analysis in either text format. */
  public static void write(Analysis a, PrintWriter out, OpenMetrics.Syntax syntax) {
    of(a).write(out, syntax);
  }

  /** The document of an analysis. */
  public static OpenMetrics of(Analysis a) {
    OpenMetrics om = new OpenMetrics();
    List<JvmLifetime> lifetimes = JvmLifetime.all(a);
    for (JvmLifetime l : lifetimes) {
      lifetime(om, l);
    }
    causes(om, a, labels(lifetimes.get(lifetimes.size() - 1)));
    return om;
  }

  private static Labels labels(JvmLifetime l) {
    return Labels.of("jvm", Integer.toString(l.number()), "input", String.join(",", l.inputs()),
        "collector", l.collector());
  }

  private static void lifetime(OpenMetrics om, JvmLifetime l) {
    Labels jvm = labels(l);
    LifetimeSummary s = l.summary();
    om.family("jtune_gc_jvm", Type.INFO, null, "A JVM lifetime in the input: its collector, its Java version when"
        + " logged, why it is a lifetime of its own")
        .info(jvm.and("version", l.version(), "start_reason", l.startReason()));
    om.family("jtune_gc_span_seconds", Type.GAUGE, "seconds", "Time from the lifetime's first GC log event to its last")
        .sample(jvm, s.spanS());
    if (s.epochAtZeroMs() != GcEvent.NO_EPOCH) {
      om.family("jtune_gc_start_timestamp_seconds", Type.GAUGE, "seconds",
          "Wall clock of the lifetime's first event, seconds since the Unix epoch (logs with dates only)")
          .sample(jvm, s.startEpochMs() / 1000.0);
    }
    double[] q = {s.p50Ms(), s.p90Ms(), s.p95Ms(), s.p99Ms(), s.p999Ms()};
    for (int i = 0; i < q.length; i++) {
      q[i] /= 1000;
    }
    om.family("jtune_gc_pause_seconds", Type.SUMMARY, "seconds", "Stop-the-world GC pauses: quantiles, count and"
        + " total time").summary(jvm, QUANTILES, q, s.pauseCount(), s.pauseTotalMs() / 1000);
    om.family("jtune_gc_pause_max_seconds", Type.GAUGE, "seconds", "The longest stop-the-world GC pause")
        .sample(jvm, s.pauseCount() > 0 ? s.pauseMaxMs() / 1000 : Double.NaN);
    Family kinds = om.family("jtune_gc_pauses", Type.COUNTER, null, "Stop-the-world collections by kind: young,"
        + " mixed (G1), full (whole-heap stop-the-world), degenerated (Shenandoah)");
    kinds.sample(jvm.and("kind", "young"), s.youngCount());
    kinds.sample(jvm.and("kind", "mixed"), s.mixedCount());
    kinds.sample(jvm.and("kind", "full"), s.fullCount());
    kinds.sample(jvm.and("kind", "degenerated"), s.degeneratedCount());
    om.family("jtune_gc_concurrent_cycles", Type.COUNTER, null, "Concurrent collection cycles")
        .sample(jvm, s.concurrentCycles());
    om.family("jtune_gc_throughput_ratio", Type.GAUGE, "ratio", "Share of the span the application ran, not"
        + " stopped for GC (0 to 1; absent when the log does not tell)").sample(jvm, s.throughputPct() / 100);
    memory(om, jvm, l.memoryModel());
    findings(om, jvm, l);
  }

  private static void memory(OpenMetrics om, Labels jvm, MemoryModel m) {
    om.family("jtune_gc_allocation_rate_bytes_per_second", Type.GAUGE, "bytes_per_second",
        "Allocation rate over the lifetime").sample(jvm, m.allocationRateMBps() * MB);
    om.family("jtune_gc_promotion_rate_bytes_per_second", Type.GAUGE, "bytes_per_second",
        "Promotion rate (young to old generation) over the lifetime").sample(jvm, m.promotionRateMBps() * MB);
    om.family("jtune_gc_live_set_bytes", Type.GAUGE, "bytes",
        "Live set: the old generation's occupancy after collections of it").sample(jvm, size(m.live().bytes()));
    om.family("jtune_gc_heap_max_bytes", Type.GAUGE, "bytes", "Maximum heap size (-Xmx), as logged or given")
        .sample(jvm, size(m.capacities().heapMax()));
  }

  private static double size(long bytes) {
    return bytes > 0 ? bytes : Double.NaN;
  }

  private static void findings(OpenMetrics om, Labels jvm, JvmLifetime l) {
    Family d = om.family("jtune_gc_diagnosis", Type.INFO, null, "The problem to fix first (primary) and the others"
        + " seen beside it (secondary, comma-separated)");
    d.info(jvm.and("primary", l.diagnosis().primary().code(),
        "secondary", l.diagnosis().secondary().isEmpty() ? null
            : String.join(",", l.diagnosis().secondary().stream().map(Problem::code).toList())));
    Family f = om.family("jtune_gc_finding_occurrences", Type.GAUGE, null,
        "Times a finding's condition was seen, by finding id and severity");
    for (Finding x : l.findings()) {
      f.sample(jvm.and("finding", x.id(), "severity", x.severity().label()), x.occurrences());
    }
  }

  /** Pauses by cause of the latest lifetime: how many and how long. */
  private static void causes(OpenMetrics om, Analysis a, Labels jvm) {
    Family count = om.family("jtune_gc_cause_pauses", Type.COUNTER, null,
        "Stop-the-world GC pauses by cause (the latest JVM lifetime in the input)");
    Family time = om.family("jtune_gc_cause_pause_seconds", Type.COUNTER, "seconds",
        "Stop-the-world GC pause time by cause (the latest JVM lifetime in the input)");
    for (Map.Entry<String, PauseDistribution> e : a.pauses().byCause()) {
      Labels cause = jvm.and("cause", e.getKey());
      count.sample(cause, e.getValue().count());
      time.sample(cause, e.getValue().totalMs() / 1000);
    }
  }
}
