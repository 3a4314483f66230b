package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Plan;
import picocli.CommandLine.Option;

/** How an experiment's runs are ordered and whether they stop early: the same options for experiment, tune and demo. */
final class StoppingOptions {
  @Option(names = "--no-early-stopping",
      description = "run every repetition (the fixed design) instead of stopping a candidate's repetitions once its"
          + " verdict is settled; early stopping keeps false adoption at 5 %% (see the report)")
  boolean noEarlyStopping;

  @Option(names = "--shuffle", paramLabel = "N",
      description = "run each round's candidates in a shuffled order, the same N giving the same order"
          + " (default: the order written)")
  Integer shuffle;

  /** Whether either option was given. */
  boolean given() {
    return noEarlyStopping || shuffle != null;
  }

  /** The shuffle number, checked (0 when not given). */
  int shuffleNumber() {
    if (shuffle != null && shuffle < 1) {
      throw new JtuneException("--shuffle must be at least 1");
    }
    return shuffle == null ? 0 : shuffle;
  }

  /** {@code plan} with these options over its own settings. */
  Plan applyTo(Plan plan) {
    Plan p = noEarlyStopping ? plan.withEarlyStopping(false) : plan;
    return shuffle != null ? p.withShuffle(shuffleNumber()) : p;
  }
}
