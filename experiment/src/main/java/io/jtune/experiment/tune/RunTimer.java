package io.jtune.experiment.tune;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.load.LoadProgress;
import java.time.Duration;

/**
 * Passes every run event on and times the runs done here: after each, the runs left and how long
 * they take at the pace so far (runs kept from an earlier attempt cost nothing).
 */
final class RunTimer implements RunListener {
  private final TuneListener tune;
  private final RunListener inner;
  private final Duration guess;
  private long firstStart = -1;
  private int done;
  private long lastEnd;

  RunTimer(TuneListener tune, Duration guess) {
    this.tune = tune;
    this.inner = tune.runs();
    this.guess = guess;
  }

  /** The time one run took here on average, else the guess. */
  Duration perRun() {
    return done == 0 ? guess : Duration.ofNanos((lastEnd - firstStart) / done);
  }

  @Override
  public void checking(String what) {
    inner.checking(what);
  }

  @Override
  public void warning(String what) {
    inner.warning(what);
  }

  @Override
  public void runStarting(Plan.RunKey key, int index, int total) {
    if (firstStart < 0) {
      firstStart = System.nanoTime();
    }
    inner.runStarting(key, index, total);
  }

  @Override
  public void runKept(RunResult result, int index, int total) {
    inner.runKept(result, index, total);
  }

  @Override
  public void runSkipped(Plan.RunKey key, String why, int index, int total) {
    inner.runSkipped(key, why, index, total);
  }

  @Override
  public void runFinished(RunResult result, int index, int total) {
    done++;
    lastEnd = System.nanoTime();
    inner.runFinished(result, index, total);
    if (total - index > 0) {
      tune.runsLeft(total - index, perRun().multipliedBy(total - index));
    }
  }

  @Override
  public LoadProgress loadProgress(Plan.RunKey key, double totalSeconds) {
    return inner.loadProgress(key, totalSeconds);
  }
}
