package io.jtune.experiment.report;

import java.util.List;

/**
 * What early stopping did in an experiment: the runs of the fixed design it found not needed, why,
 * and the run-minutes that saved.
 *
 * @param design the sequential design in words ({@link SequentialDesign#describe()})
 * @param runsPlanned the fixed design's runs (levels x candidates x repetitions)
 * @param runsDone the runs made
 * @param runsSkipped the runs early stopping found not needed
 * @param stops per level and candidate whose repetitions stopped early: after how many rounds, and why
 * @param runMinutes the minutes the runs made took (each from its start to its measured window's end)
 * @param fixedRunMinutes the same for the fixed design: the runs made and those skipped, each of
 *     these at the mean of the runs made
 */
public record EarlyStop(String design, int runsPlanned, int runsDone, int runsSkipped, List<Stop> stops,
    double runMinutes, double fixedRunMinutes) {

  public EarlyStop {
    stops = List.copyOf(stops);
  }

  /**
   * One candidate's repetitions at one level stopped before the plan's last round.
   *
   * @param level the level
   * @param candidate the candidate
   * @param rounds the rounds it ran at the level before it stopped
   * @param why why the rest were not needed
   */
  public record Stop(String level, String candidate, int rounds, String why) {}

  /** Whether some run was found not needed. */
  public boolean stoppedEarly() {
    return runsSkipped > 0;
  }

  /** The run-minutes made in percent of the fixed design's (100 when nothing stopped early). */
  public double pctOfFixed() {
    return fixedRunMinutes > 0 ? 100 * runMinutes / fixedRunMinutes : 100;
  }
}
