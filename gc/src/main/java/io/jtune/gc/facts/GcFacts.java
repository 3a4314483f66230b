package io.jtune.gc.facts;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.aggregate.AnomalyAggregator;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.JvmInfoAggregator;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseAggregator;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.Span;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.parser.ParseReport;

/**
 * What one pass over the GC logs measured: the aggregators' views once every event has been
 * read, the flags in force, and what was read and not understood. It is finished before anyone
 * sees it (the aggregators get no more events), and the finding rules only read it. The memory
 * model is built from the facts (the memory model builder); the facts do not hold it.
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

  /** Shortest span a throughput is given for, seconds. */
  static final double MIN_THROUGHPUT_SPAN_S = 1;

  /**
   * Share of the span the application ran (not in a stop-the-world GC pause), percent (0-100),
   * or NaN when the span does not allow one (see {@link #throughputNotApplicable()}).
   */
  public double throughputPct() {
    if (throughputNotApplicable() != null) {
      return Double.NaN;
    }
    double pct = 100 * (1 - pauses().all().totalMs() / 1000 / span().durationS());
    return Math.max(0, Math.min(100, pct));
  }

  /** Why there is no throughput ("n/a"), or null when there is one. */
  public String throughputNotApplicable() {
    double span = span().durationS();
    double pausedS = pauses().all().totalMs() / 1000;
    if (pauses().all().count() == 0) {
      return "no stop-the-world pauses in the log";
    }
    if (!(span >= MIN_THROUGHPUT_SPAN_S)) {
      return String.format(java.util.Locale.US, "the log covers %.3f s, at least %.0f s needed", Math.max(0, span),
          MIN_THROUGHPUT_SPAN_S);
    }
    if (!(pausedS < span)) {
      return "the log shows no running time outside the pauses";
    }
    return null;
  }

  /**
   * How many collections this cause started: under ZGC and Shenandoah the concurrent collections
   * and Full GCs with it (a cycle counts once, however many pauses it has, and a log of summary
   * lines alone has none); for the other collectors its pauses ({@link PauseAggregator#causeCount}).
   */
  public long collectionsWithCause(String cause) {
    return jvm().collector().collectsConcurrently()
        ? Math.max(concurrent().collections().of(cause).count(), pauses().causeCount(cause) > 0 ? 1 : 0)
        : pauses().causeCount(cause);
  }

  /** The major Java version of the logged JVM, or -1 when unknown. */
  public int javaMajor() {
    return JvmFlags.javaMajor(jvm().info().version());
  }

  /** The windows table from the first pause to the last. */
  public WindowAggregator.WindowTable windowTable() {
    return windows().table();
  }
}
