package io.jtune.experiment.run;

import io.jtune.experiment.plan.Plan;
import java.util.List;

/**
 * Whether a run of the plan is still needed, asked before each run not done yet: the early
 * stopping rule ({@code io.jtune.experiment.report.EarlyStopping}) answers from the results so
 * far, so that a resumed experiment skips exactly what an uninterrupted one would.
 */
@FunctionalInterface
public interface RunGate {
  /** Every run is needed (the fixed design). */
  RunGate EVERY_RUN = (key, done) -> null;

  /**
   * Why {@code key} need not run, given the results of the runs before it in the plan's order, or
   * null when it must run.
   */
  String skip(Plan.RunKey key, List<RunResult> done);
}
