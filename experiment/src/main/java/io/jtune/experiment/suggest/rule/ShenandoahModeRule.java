package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.event.Collector;
import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code shenandoah-generational}: on JDK 25 or later, where the service runs
 * single-generation Shenandoah and its cycles cannot keep up — degenerated cycles, or concurrent
 * cycles running for at least {@value #BUSY_SHARE_PCT} % of the time. Each single-generation cycle
 * marks the whole heap, however few objects survive; the generational mode
 * ({@code -XX:ShenandoahGCMode=generational}, a product mode from JDK 25) collects the young
 * generation, where most objects die, in short cycles of its own. Not for a leak (the old
 * generation fills either way).
 */
public final class ShenandoahModeRule implements CandidateRule {
  /** Share of the time the collector's cycles run, in per cent, from which they are busy enough to want young cycles. */
  static final double BUSY_SHARE_PCT = 50;

  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    if (ctx.collector() != Collector.SHENANDOAH || !ctx.jdk().atLeast(25) || ctx.leak()
        || "generational".equals(ctx.flags().value(JvmOption.SHENANDOAH_GC_MODE))) {
      return d.none();
    }
    ConcurrentAggregator.Durations cycles = ctx.analysis().concurrent().cycles();
    double spanS = ctx.analysis().span().durationS();
    double busyPct = spanS > 0 && cycles.timed() > 0 ? 100 * cycles.totalMs() / 1000 / spanS : 0;
    boolean degenerated = ctx.hasFinding("degenerated-cycle");
    if (!degenerated && busyPct < BUSY_SHARE_PCT) {
      return d.none();
    }
    List<String> why = new ArrayList<>();
    why.add(AdviceText.shenandoahGenerational(cycles.count(), busyPct, degenerated));
    return d.candidate("shenandoah-generational", List.of(JvmOption.SHENANDOAH_GC_MODE.set("generational")), why);
  }
}
