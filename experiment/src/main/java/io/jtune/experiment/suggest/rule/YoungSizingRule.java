package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.event.Collector;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code young-sizing}: for collectors with a young generation of fixed size, the memory
 * model's young generation (about 3/8 of its heap, old keeping 1.5x the live set) with survivors
 * large enough for the request data alive at a young GC; none when the model refuses to grow
 * young (rare or cheap young GCs, a leak, cache churn). Carries the low-risk fixes.
 */
public final class YoungSizingRule implements CandidateRule {
  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    if (ctx.heap() <= 0 || !AdviceContext.fixedYoung(ctx.collector())) {
      return d.none();
    }
    MemoryModel model = ctx.model();
    String refused = model.youngGrowthRefused();
    if (refused != null) {
      d.note(AdviceText.noYoungCandidate(refused, model.cacheChurn() != null));
      return d.none();
    }
    long target = model.targetYoung();
    if (target <= 0) {
      return d.none();
    }
    List<String> why = new ArrayList<>();
    why.add(AdviceText.youngTarget(ctx, target));
    long need = ctx.survivorNeed();
    int ratio = ctx.survivorRatio();
    if (ratio > 0) {
      double survivor = need / AdviceContext.SURVIVOR_TARGET;
      why.add(AdviceText.survivors(ctx, need, survivor, ratio, target));
      if (target / (ratio + 2.0) < survivor) {
        d.note(AdviceText.survivorsTooLarge(need, survivor, target));
      }
    } else {
      ratio = 6;
      why.add(AdviceText.NO_SURVIVOR_DEMAND);
    }
    List<String> changes = new ArrayList<>();
    if (model.youngChanges()) {
      changes.add(JvmOption.XMN.size(target));
    }
    changes.add(JvmOption.SURVIVOR_RATIO.set(ratio));
    if (ctx.collector() == Collector.PARALLEL) {
      changes.add(JvmOption.USE_ADAPTIVE_SIZE_POLICY.off());
      why.add(AdviceText.ADAPTIVE_OFF);
    }
    changes.addAll(LowRiskFlags.forCollector(d, ctx.collector(), why));
    return d.candidate("young-sizing", changes, why);
  }
}
