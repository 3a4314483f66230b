package io.jtune.cli;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.load.LoadProgress;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/**
 * An experiment's progress with the time left: passes every event on, and after each run done
 * here says how long the remaining runs take at the pace so far (runs kept from an earlier
 * attempt cost nothing) and when they end, on this machine's clock.
 */
final class EtaListener implements RunListener {
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

  private final RunListener inner;
  private final PrintWriter out;
  private final Duration guess;
  private long firstStart = -1;
  private int done;
  private long lastEnd;

  /** {@code guess}: a run's time until one has been timed here (start, warm-up, measured window, stop). */
  EtaListener(RunListener inner, PrintWriter out, Duration guess) {
    this.inner = inner;
    this.out = out;
    this.guess = guess;
  }

  /** The time one run took here on average, else the guess. */
  Duration perRun() {
    return done == 0 ? guess : Duration.ofNanos((lastEnd - firstStart) / done);
  }

  /** The estimate before the first of {@code runs} runs. */
  void announce(int runs) {
    Duration left = perRun().multipliedBy(runs);
    out.println("  about " + RunBudget.words(left) + " (" + runs + " runs of about "
        + RunBudget.words(perRun()) + "); ends near " + endClock(left));
  }

  private static String endClock(Duration left) {
    return LocalTime.now().plus(left).format(CLOCK);
  }

  @Override
  public void checking(String what) {
    inner.checking(what);
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
  public void runFinished(RunResult result, int index, int total) {
    done++;
    lastEnd = System.nanoTime();
    inner.runFinished(result, index, total);
    int left = total - index;
    if (left > 0) {
      Duration rest = perRun().multipliedBy(left);
      out.println("        " + left + " run" + (left == 1 ? "" : "s") + " left, about "
          + RunBudget.words(rest) + "; ends near " + endClock(rest));
      out.flush();
    }
  }

  @Override
  public LoadProgress loadProgress(Plan.RunKey key, double totalSeconds) {
    return inner.loadProgress(key, totalSeconds);
  }
}
