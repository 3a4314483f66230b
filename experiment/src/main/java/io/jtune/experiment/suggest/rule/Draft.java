package io.jtune.experiment.suggest.rule;

import io.jtune.experiment.plan.Candidate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A candidate as one rule builds it: the flags the target JDK has (the others noted and dropped)
 * and the notes the rule leaves on the way. One per call of a rule.
 */
final class Draft {
  private final AdviceContext ctx;
  private final List<String> notes = new ArrayList<>();

  Draft(AdviceContext ctx) {
    this.ctx = ctx;
  }

  AdviceContext context() {
    return ctx;
  }

  void note(String note) {
    notes.add(note);
  }

  /** Adds {@code note} unless this draft has it already. */
  void noteOnce(String note) {
    if (!notes.contains(note)) {
      notes.add(note);
    }
  }

  /** The flags the target JDK has; the others noted and dropped (an orphan Unlock flag with them). */
  List<String> usable(List<String> changes, String what) {
    return UsableFlags.of(changes, what, ctx.jdk(), notes);
  }

  /** The candidate {@code name} of the usable {@code changes}, its reason the {@code why} sentences joined. */
  Proposal candidate(String name, List<String> changes, List<String> why) {
    List<String> usable = usable(changes, name);
    return usable.isEmpty() ? none() : proposal(Candidate.of(name, usable, AdviceText.reason(why)));
  }

  Proposal proposal(Candidate c) {
    return new Proposal(Optional.ofNullable(c), notes);
  }

  Proposal none() {
    return proposal(null);
  }
}
