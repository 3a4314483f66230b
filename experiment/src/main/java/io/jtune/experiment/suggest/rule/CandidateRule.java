package io.jtune.experiment.suggest.rule;

/**
 * One way to improve on the baseline, as findings have {@code FindingRule}s: from the gathered
 * context it proposes at most one candidate configuration, with the evidence it rests on as the
 * candidate's reason, and the notes it leaves (flags the target JDK lacks, why it proposes none).
 */
public interface CandidateRule {
  /** The candidate for {@code ctx}, or none, with the rule's notes. */
  Proposal propose(AdviceContext ctx);
}
