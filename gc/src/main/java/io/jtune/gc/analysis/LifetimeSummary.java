package io.jtune.gc.analysis;

import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.aggregate.Span;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.PauseKind;

/**
 * The headline figures of one JVM lifetime, kept when its aggregators are let go so that any
 * number of lifetimes fits in bounded memory. The same figures as the analysis summary, and
 * where its log has dates, the wall clock of its uptime zero ({@code epochAtZeroMs}).
 * {@code minorCycles} and {@code majorCycles} count ZGC's collections ({@code cycleScopes}):
 * generational minor ones (young only), and major ones (young and old) together with
 * single-generation ones (the whole heap).
 */
public record LifetimeSummary(
    double startS,
    double endS,
    double spanS,
    long pauseCount,
    double pauseTotalMs,
    double pauseMeanMs,
    double pauseMaxMs,
    double p50Ms,
    double p90Ms,
    double p95Ms,
    double p99Ms,
    double p999Ms,
    double throughputPct,
    String throughputNotApplicable,
    long youngCount,
    long mixedCount,
    long fullCount,
    long degeneratedCount,
    boolean shenandoah,
    long concurrentCycles,
    boolean cycleScopes,
    long minorCycles,
    long majorCycles,
    long epochAtZeroMs) {

  public static LifetimeSummary of(Analysis a) {
    PauseDistribution all = a.pauses().all();
    return new LifetimeSummary(a.span().startS(), a.span().endS(), a.span().durationS(), all.count(),
        all.totalMs(), all.meanMs(), all.maxMs(), all.percentileMs(50), all.percentileMs(90),
        all.percentileMs(95), all.percentileMs(99), all.percentileMs(99.9), a.throughputPct(), a.throughputNotApplicable(),
        a.pauses().kind(PauseKind.YOUNG).count(), a.pauses().kind(PauseKind.MIXED).count(),
        a.pauses().kind(PauseKind.FULL).count(), a.pauses().kind(PauseKind.DEGENERATED).count(),
        a.jvm().collector().isShenandoah(), a.concurrent().cycles().count(),
        a.concurrent().hasCycleScopes(), a.concurrent().cycles(CycleFacts.Scope.MINOR).count(),
        a.concurrent().cycles(CycleFacts.Scope.MAJOR).count() + a.concurrent().cycles(CycleFacts.Scope.WHOLE_HEAP).count(),
        a.span().hasWallClock() ? a.span().epochAt(0) : GcEvent.NO_EPOCH);
  }

  /** Wall clock (epoch ms) of an uptime of this lifetime, or {@link GcEvent#NO_EPOCH} when its log has no dates. */
  public long epochAt(double uptimeS) {
    return Span.epochAt(epochAtZeroMs, uptimeS);
  }

  /** Wall clock (epoch ms) of this lifetime's first event, or {@link GcEvent#NO_EPOCH}. */
  public long startEpochMs() {
    return epochAt(startS);
  }
}
