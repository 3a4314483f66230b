package io.jtune.experiment.run;

import io.jtune.experiment.plan.Plan;
import io.jtune.load.LoadProgress;

/** Hears an experiment's progress; every method does nothing by default. */
public interface RunListener {
  RunListener NONE = new RunListener() { };

  /** Before the checks that run ahead of any long run. */
  default void checking(String what) {}

  /** Something the user should know that does not stop the experiment (e.g. the JVM's deprecation warning). */
  default void warning(String what) {}

  /** A run is about to start; {@code index} from 1 of {@code total}. */
  default void runStarting(Plan.RunKey key, int index, int total) {}

  /** A run of an earlier, interrupted attempt is kept. */
  default void runKept(RunResult result, int index, int total) {}

  /** A run early stopping found not needed, and why (it is not run). */
  default void runSkipped(Plan.RunKey key, String why, int index, int total) {}

  /** A run is done (ok or failed); its result file is written. */
  default void runFinished(RunResult result, int index, int total) {}

  /** Progress of the current run's load, once a second; the load lasts about {@code totalSeconds}. */
  default LoadProgress loadProgress(Plan.RunKey key, double totalSeconds) {
    return LoadProgress.NONE;
  }
}
