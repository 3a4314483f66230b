package io.jtune.experiment.suggest.rule;

import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code metaspace}: MetaspaceSize from the peak (no Metadata GC Threshold collections at
 * deploy) and MaxMetaspaceSize with room to grow, alone, when not set — and only when metaspace
 * cost this service something: collections it triggered that were Full GCs. A threshold crossing
 * answered by a young pause or a concurrent cycle (G1, ZGC, Shenandoah), or none at all, is no
 * reason to try a candidate that can only add risk (a run of minutes has not loaded every class).
 */
public final class MetaspaceRule implements CandidateRule {
  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    if (ctx.seriousFinding("metadata-gc-threshold").isEmpty()) {
      return d.none();
    }
    List<String> why = new ArrayList<>();
    List<String> changes = LowRiskFlags.metaspace(d, why);
    return changes.isEmpty() ? d.none() : d.candidate("metaspace", changes, why);
  }
}
