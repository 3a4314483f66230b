package io.jtune.gc.fleet;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.JvmLifetime;
import io.jtune.gc.analysis.LifetimeSummary;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.render.IsoTime;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * One JVM lifetime of a fleet: the headline figures of one JVM, the same for every row so that
 * rows from many logs line up. {@code jtune analyze --each}, the library's
 * {@code GcLogAnalysis.jvms()} and the Spark example all list these rows, with the columns of
 * {@link FleetColumns#ALL} in that order. Times in ms or s, rates MB/s (binary megabytes; NaN
 * when the log does not give them), sizes bytes (-1 when not known).
 *
 * @param inputs the files its events came from
 * @param jvm its number among the lifetimes of its inputs (1 when they hold one JVM)
 * @param collector the collector's name
 * @param version the JVM version when logged, else null
 * @param startTime its first event's wall clock (ISO-8601) when the log has dates, else null
 * @param spanS the time from its first to its last event
 * @param pauses stop-the-world pauses
 * @param pauseP99Ms pause p99 (NaN without pauses)
 * @param pauseMaxMs longest pause (NaN without pauses)
 * @param throughputPct GC throughput: share of the span outside stop-the-world pauses (NaN when
 *     the span is too short or the collector's pauses do not say it)
 * @param fullGcs Full GCs
 * @param allocationRateMBps allocation rate
 * @param promotionRateMBps promotion rate (young to old)
 * @param liveSetBytes the live set from the memory model
 * @param diagnosis the primary problem's code (e.g. premature-promotion, healthy)
 * @param topFinding the most severe finding's id, or null without findings
 * @param topFindingTitle its one-line title, or null
 * @param error why the inputs gave no JVM (then every figure is empty), else null
 */
public record FleetRow(List<String> inputs, int jvm, String collector, String version, String startTime,
    double spanS, long pauses, double pauseP99Ms, double pauseMaxMs, double throughputPct, long fullGcs,
    double allocationRateMBps, double promotionRateMBps, long liveSetBytes, String diagnosis, String topFinding,
    String topFindingTitle, String error) implements Serializable {

  private static final long serialVersionUID = 1L;

  public FleetRow {
    inputs = List.copyOf(inputs);
  }

  /** The rows of an analysis: one per JVM lifetime it found, in timeline order (at least one). */
  public static List<FleetRow> of(Analysis a) {
    List<JvmLifetime> lifetimes = JvmLifetime.all(a);
    List<FleetRow> rows = new ArrayList<>(lifetimes.size());
    for (JvmLifetime l : lifetimes) {
      rows.add(of(l, IsoTime.of(l.summary().startEpochMs(), a.input().wallClockOffset())));
    }
    return rows;
  }

  private static FleetRow of(JvmLifetime l, String startTime) {
    LifetimeSummary s = l.summary();
    MemoryModel m = l.memoryModel();
    Finding top = l.findings().isEmpty() ? null : l.findings().get(0);
    return new FleetRow(l.inputs(), l.number(), l.collector(), l.version(), startTime, s.spanS(), s.pauseCount(),
        s.pauseCount() > 0 ? s.p99Ms() : Double.NaN, s.pauseCount() > 0 ? s.pauseMaxMs() : Double.NaN,
        s.throughputNotApplicable() == null ? s.throughputPct() : Double.NaN, s.fullCount(), m.allocationRateMBps(),
        m.promotionRateMBps(), m.live().known() ? m.live().bytes() : -1, l.diagnosis().primary().code(),
        top == null ? null : top.id(), top == null ? null : top.title(), null);
  }

  /** The row of inputs that gave no JVM, with the one-line reason. */
  public static FleetRow failed(List<String> inputs, String error) {
    return new FleetRow(inputs, 0, null, null, null, Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN, 0,
        Double.NaN, Double.NaN, -1, null, null, null, error);
  }

  public boolean failed() {
    return error != null;
  }

  /** The values in the order of {@link FleetColumns#ALL}, as the CSV and JSON lines write them (null when not known). */
  public List<Object> values() {
    List<Object> values = new ArrayList<>(FleetColumns.ALL.size());
    for (FleetColumns.Column c : FleetColumns.ALL) {
      values.add(c.value().apply(this));
    }
    return values;
  }
}
