package io.jtune.experiment.suggest.rule;

import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code metaspace}: MetaspaceSize from the peak (no Metadata GC Threshold collections at
 * deploy) and MaxMetaspaceSize with room to grow, alone, when not set.
 */
public final class MetaspaceRule implements CandidateRule {
  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    List<String> why = new ArrayList<>();
    List<String> changes = LowRiskFlags.metaspace(d, why);
    return changes.isEmpty() ? d.none() : d.candidate("metaspace", changes, why);
  }
}
