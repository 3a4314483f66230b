package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.FlagAvailability;
import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.event.Collector;
import java.util.ArrayList;
import java.util.List;

/**
 * A collector change when the heap size, the pause goal or the pauses seen justify it: {@code zgc}
 * for a pause goal of 10 ms or less, {@code g1} from a collector with a fixed young generation,
 * {@code g1-pause-N} on G1 already, {@code parallel} when throughput is what matters. Carries the
 * low-risk fixes for the collector it switches to.
 */
public final class CollectorChangeRule implements CandidateRule {
  /** Heaps from this size want a region-based, pause-goal collector. */
  private static final long LARGE_HEAP = 4L << 30;
  /** G1's MaxGCPauseMillis default. */
  private static final long G1_DEFAULT_PAUSE_MS = 200;

  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    Collector collector = ctx.collector();
    double target = ctx.pauseTargetMs();
    long goal = Math.round(target);
    List<String> why = new ArrayList<>();
    boolean largeHeap = ctx.heap() >= LARGE_HEAP;
    // a long Full GC while the service started is no reason for a pause goal (the diagnosis leaves it out)
    boolean longFull = ctx.fullGcs() > 0 && ctx.fullMaxUnderLoadMs() > target;
    boolean longYoung = ctx.youngP99Ms() > target;
    if (largeHeap) {
      why.add(AdviceText.largeHeap(ctx.heap()));
    }
    if (ctx.pauseGoal()) {
      why.add(AdviceText.pauseGoal(target));
    }
    if (longFull) {
      why.add(AdviceText.longFullGcs(ctx.fullGcs(), ctx.fullMaxUnderLoadMs(), target));
    }
    if (longYoung) {
      why.add(AdviceText.longYoungPauses(ctx.youngP99Ms(), target));
    }
    if (collector.isCms() && !FlagAvailability.available(JvmOption.USE_CONC_MARK_SWEEP_GC.on(), ctx.jdk())) {
      why.add(AdviceText.CMS_REMOVED);
      d.note(AdviceText.cmsMissing(ctx.jdk()));
    }
    ctx.seriousFinding("no-collector-chosen").ifPresent(f -> why.add(f.title()));
    if (ctx.model().cacheChurn() != null && (collector == Collector.SERIAL || collector == Collector.PARALLEL)) {
      why.add(AdviceText.cacheChurnOnStopTheWorld(ctx.fullGcs()));
    }
    if (ctx.hasFinding("promotion-failure") && collector.isCms()) {
      why.add(AdviceText.CMS_PROMOTION_FAILURES);
    }
    if (ctx.pauseGoal() && target <= 10 && ctx.jdk().atLeast(15) && collector != Collector.ZGC
        && collector != Collector.ZGC_GENERATIONAL) {
      List<String> z = new ArrayList<>(List.of(JvmOption.USE_ZGC.on()));
      if (JvmOption.Z_GENERATIONAL.existsInAll(ctx.jdk())) {
        z.add(JvmOption.Z_GENERATIONAL.on());
      }
      return switchTo(d, "zgc", Collector.ZGC, z, why, AdviceText.zgcGoal(target));
    }
    boolean fixed = AdviceContext.fixedYoung(collector) || collector == Collector.UNKNOWN;
    if (fixed && ctx.jdk().atLeast(8) && !why.isEmpty()) {
      return switchTo(d, "g1", Collector.G1, List.of(JvmOption.USE_G1_GC.on(), JvmOption.MAX_GC_PAUSE_MILLIS.set(goal)),
          why, AdviceText.g1SizesYoung(goal) + stricter(ctx, goal));
    }
    if (collector == Collector.G1 && (longYoung || ctx.pauseGoal())) {
      String set = ctx.flags().value(JvmOption.MAX_GC_PAUSE_MILLIS);
      long now = set != null ? parseLong(set, G1_DEFAULT_PAUSE_MS) : G1_DEFAULT_PAUSE_MS;
      if (now != goal) {
        why.add(AdviceText.g1PauseNow(now));
        return switchTo(d, "g1-pause-" + goal, Collector.G1, List.of(JvmOption.MAX_GC_PAUSE_MILLIS.set(goal)), why,
            AdviceText.G1_TIGHTER + stricter(ctx, goal));
      }
    }
    boolean throughputFirst = !ctx.pauseGoal() && !largeHeap && !longYoung && !longFull;
    if (throughputFirst && collector == Collector.SERIAL && ctx.cpus() != 1) {
      why.add(AdviceText.SERIAL_ONE_THREAD);
      return switchTo(d, "parallel", Collector.PARALLEL, List.of(JvmOption.USE_PARALLEL_GC.on()), why, null);
    }
    double throughput = ctx.analysis().throughputPct();
    if (throughputFirst && (collector == Collector.G1 || collector.isCms()) && throughput < 95) {
      why.add(AdviceText.throughputFirst(throughput));
      return switchTo(d, "parallel", Collector.PARALLEL, List.of(JvmOption.USE_PARALLEL_GC.on()), why, null);
    }
    return d.none();
  }

  private static Proposal switchTo(Draft d, String name, Collector to, List<String> choose, List<String> why, String how) {
    AdviceContext ctx = d.context();
    List<String> reasons = new ArrayList<>();
    reasons.add(AdviceText.collectorChange(why));
    if (how != null) {
      reasons.add(how);
    }
    boolean sizesYoung = to == Collector.G1 || to == Collector.ZGC;
    if (to != ctx.collector() && sizesYoung
        && (FlagSet.sets(ctx.baseline(), JvmOption.XMN) || FlagSet.sets(ctx.baseline(), JvmOption.NEW_SIZE))) {
      d.note(AdviceText.keepsOwnYoung(name, to));
    }
    List<String> changes = new ArrayList<>(choose);
    changes.addAll(LowRiskFlags.forCollector(d, to, reasons));
    return d.candidate(name, changes, reasons);
  }

  /** Why a pause goal stricter than G1's default is asked for, or nothing when it is not stricter. */
  private static String stricter(AdviceContext ctx, long goal) {
    return goal < G1_DEFAULT_PAUSE_MS ? AdviceText.stricterThanG1Default(goal, G1_DEFAULT_PAUSE_MS, ctx.pauseGoal()) : "";
  }

  private static long parseLong(String s, long dflt) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return dflt;
    }
  }
}
