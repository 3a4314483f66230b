package io.jtune.core.fleet;

import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.JvmLifetime;
import io.jtune.core.analysis.LifetimeSummary;
import io.jtune.core.model.MemoryModel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One JVM lifetime as one row of a fleet table: what a platform team compares across hundreds of
 * JVMs. The columns, in order, are {@link #COLUMNS}; every engine that lists JVMs side by side
 * (a table, CSV, JSON lines, a Spark data set) uses these names and types. Unknown figures are
 * NaN (numbers), -1 (sizes) or null (words).
 *
 * @param source the input the lifetime was read from (a file, a rotated set's first file, a directory)
 * @param jvm 1-based number of the lifetime in its input
 * @param collector the collector's name, such as "G1"
 * @param spanS seconds from the lifetime's first event to its last
 * @param pauseP99Ms the 99th percentile of its stop-the-world pauses, ms
 * @param pauseMaxMs its longest stop-the-world pause, ms
 * @param gcThroughputPct share of the span the application ran, not stopped for GC, percent (NaN when
 *     the collector's pauses do not say it, or the span is too short)
 * @param fullGcs its Full GCs
 * @param allocationRateMBps its allocation rate, MB/s (binary megabytes)
 * @param promotionRateMBps its promotion rate (young to old), MB/s
 * @param liveSetBytes its live set, bytes (-1 when no collection of the old generation measured it)
 * @param primaryDiagnosis the code of the problem to fix first, such as "heap-too-small" or "healthy"
 * @param topFinding the id of its most severe finding, or null when it has none
 */
public record JvmRow(
    String source,
    int jvm,
    String collector,
    double spanS,
    double pauseP99Ms,
    double pauseMaxMs,
    double gcThroughputPct,
    long fullGcs,
    double allocationRateMBps,
    double promotionRateMBps,
    long liveSetBytes,
    String primaryDiagnosis,
    String topFinding) implements Serializable {

  private static final long serialVersionUID = 1L;

  /** A column: its name (camelCase, as in JSON) and the Java type of its values. */
  public record Column(String name, Class<?> type) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** The columns in order, as {@link #values()} gives them. */
  public static final List<Column> COLUMNS = List.of(
      new Column("source", String.class),
      new Column("jvm", Integer.class),
      new Column("collector", String.class),
      new Column("spanS", Double.class),
      new Column("pauseP99Ms", Double.class),
      new Column("pauseMaxMs", Double.class),
      new Column("gcThroughputPct", Double.class),
      new Column("fullGcs", Long.class),
      new Column("allocationRateMBps", Double.class),
      new Column("promotionRateMBps", Double.class),
      new Column("liveSetBytes", Long.class),
      new Column("primaryDiagnosis", String.class),
      new Column("topFinding", String.class));

  /** The row of one lifetime read from {@code source}. */
  public static JvmRow of(String source, JvmLifetime l) {
    LifetimeSummary s = l.summary();
    MemoryModel m = l.memoryModel();
    return new JvmRow(source, l.number(), l.collector(), s.spanS(), s.p99Ms(), s.pauseMaxMs(), s.throughputPct(),
        s.fullCount(), m.allocationRateMBps(), m.promotionRateMBps(), m.live().known() ? m.live().bytes() : -1,
        l.diagnosis().primary().code(), l.findings().isEmpty() ? null : l.findings().get(0).id());
  }

  /** One row per JVM lifetime of an analysis of {@code source}, in timeline order. */
  public static List<JvmRow> of(String source, Analysis a) {
    List<JvmRow> rows = new ArrayList<>();
    for (JvmLifetime l : lifetimes(a)) {
      rows.add(of(source, l));
    }
    return rows;
  }

  /** The lifetimes of an analysis; one made of the analysis itself when it lists none. */
  public static List<JvmLifetime> lifetimes(Analysis a) {
    return a.jvms().isEmpty() ? List.of(JvmLifetime.of(1, List.of(), null, a)) : a.jvms();
  }

  /** The values in the order of {@link #COLUMNS}. */
  public List<Object> values() {
    return Arrays.asList(source, jvm, collector, spanS, pauseP99Ms, pauseMaxMs, gcThroughputPct, fullGcs,
        allocationRateMBps, promotionRateMBps, liveSetBytes, primaryDiagnosis, topFinding);
  }
}
