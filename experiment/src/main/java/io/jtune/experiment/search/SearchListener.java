package io.jtune.experiment.search;

import io.jtune.experiment.run.RunListener;
import java.util.List;

/** What a {@link ParamSearch} says while it runs; every method does nothing by default. */
public interface SearchListener {
  /** Where each run's progress goes. */
  default RunListener runs() {
    return RunListener.NONE;
  }

  /** A round starts: one more run of each configuration in the race. */
  default void roundStarting(int round, List<Arm> racing) {}

  /** A configuration left the race after a round. */
  default void dropped(Arm arm) {}

  /** The race ended before its last round, and why. */
  default void stoppedEarly(String why) {}
}
