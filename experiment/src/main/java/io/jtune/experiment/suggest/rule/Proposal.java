package io.jtune.experiment.suggest.rule;

import io.jtune.experiment.plan.Candidate;
import java.util.List;
import java.util.Optional;

/**
 * What a candidate rule proposes: a candidate that changes something, or none, and the notes it
 * leaves for the suggestion, in the order it wrote them.
 */
public record Proposal(Optional<Candidate> candidate, List<String> notes) {
  public Proposal {
    candidate = candidate.filter(c -> !c.flags().isEmpty());
    notes = List.copyOf(notes);
  }
}
