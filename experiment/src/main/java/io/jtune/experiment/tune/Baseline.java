package io.jtune.experiment.tune;

import io.jtune.experiment.run.RunResult;
import io.jtune.gc.analysis.Analysis;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The baseline the suggestion is made from: its run (null when from a log), its analysis, its GC
 * report, how long a run took (null when not timed), the live set's rise or levelling under load
 * (null when neither), the load's start on the JVM's clock, and the container's kill (or null).
 */
record Baseline(RunResult run, Analysis analysis, Path gcLog, Path report, Duration perRun,
    String liveRising, String levelled, double loadStartUptimeS, BaselineKill kill) {

  /** How many of the classes that grew most the tune session names. */
  static final int GAINERS = 3;

  /**
   * What grew in this run by its class histograms (the runs that check a rising live set), in one
   * sentence with the {@value #GAINERS} largest gains; null when none were taken.
   */
  String grew() {
    return run == null || run.classGrowth() == null ? null : run.classGrowth().words(GAINERS);
  }
}
