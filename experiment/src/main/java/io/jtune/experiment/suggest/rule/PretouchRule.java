package io.jtune.experiment.suggest.rule;

import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code pretouch}: -Xms = -Xmx with pre-touch alone (no page faults on an untouched
 * heap), low risk, for when little else is worth trying.
 */
public final class PretouchRule implements CandidateRule {
  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    if (ctx.heap() <= 0) {
      return d.none();
    }
    List<String> why = new ArrayList<>();
    List<String> changes = LowRiskFlags.heap(d, why);
    return changes.isEmpty() ? d.none() : d.candidate("pretouch", changes, why);
  }
}
