package io.jtune.core.analysis;

import io.jtune.core.aggregate.AnomalyAggregator;
import io.jtune.core.aggregate.ConcurrentAggregator;
import io.jtune.core.aggregate.JvmInfoAggregator;
import io.jtune.core.aggregate.MemoryAggregator;
import io.jtune.core.aggregate.PauseAggregator;
import io.jtune.core.aggregate.PhaseAggregator;
import io.jtune.core.aggregate.Span;
import io.jtune.core.aggregate.WindowAggregator;
import io.jtune.core.finding.Finding;
import io.jtune.core.parser.ParseReport;
import java.util.List;

/**
 * The result of analyzing GC logs: the aggregators' views, the flags in force, the findings, and
 * what was read and not understood. Renderers read it; nothing here is recomputed.
 */
public record Analysis(
    AnalysisOptions options,
    ParseReport input,
    JvmInfoAggregator jvm,
    JvmFlags flags,
    Span span,
    PauseAggregator pauses,
    WindowAggregator windows,
    MemoryAggregator memory,
    ConcurrentAggregator concurrent,
    PhaseAggregator phases,
    AnomalyAggregator anomalies,
    List<Finding> findings) {

  /** Share of the span the application ran (not in a stop-the-world GC pause), percent. */
  public double throughputPct() {
    double span = span().durationS();
    if (span <= 0) {
      return 100;
    }
    return Math.max(0, 100 * (1 - pauses().all().totalMs() / 1000 / span));
  }

  /** The major Java version of the logged JVM, or -1 when unknown. */
  public int javaMajor() {
    return JvmFlags.javaMajor(jvm().info().version());
  }

  /** The GC-per-window table (counts and pause time per window, peak and mean) over this log's span. */
  public WindowAggregator.StudyTable studyTable() {
    return windows().table(span().durationS());
  }
}
