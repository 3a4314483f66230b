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

  /** A footprint search's probe starts: its size and why it is next. */
  default void probing(int order, MemoryGrid.Step step, String why) {}

  /** A footprint search's probe ended. */
  default void probed(Footprint.Probe probe) {}

  /** A refinement probe starts: its configuration, with why it is next ({@link Arm#probedWhy}). */
  default void refining(Arm probe) {}

  /** A refinement probe ended: it met the SLO, or left with why ({@link Arm#dropped}). */
  default void refined(Arm probe) {}

  /** The race ended before its last round, and why. */
  default void stoppedEarly(String why) {}
}
