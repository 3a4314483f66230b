package io.jtune.core.analysis;

import io.jtune.core.aggregate.AnomalyAggregator;
import io.jtune.core.aggregate.ConcurrentAggregator;
import io.jtune.core.aggregate.JvmInfoAggregator;
import io.jtune.core.aggregate.MemoryAggregator;
import io.jtune.core.aggregate.PauseAggregator;
import io.jtune.core.aggregate.PhaseAggregator;
import io.jtune.core.aggregate.Span;
import io.jtune.core.aggregate.WindowAggregator;
import io.jtune.core.parser.ParseReport;

/**
 * What one pass over the GC logs measured: the aggregators' views once every event has been
 * read, the flags in force, and what was read and not understood. It is finished before anyone
 * sees it (the aggregators get no more events), and the finding rules only read it.
 */
public record GcFacts(
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
    AnomalyAggregator anomalies) {

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

  /** The windows table over this log's span. */
  public WindowAggregator.WindowTable windowTable() {
    return windows().table(span().durationS());
  }
}
