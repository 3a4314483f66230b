package io.jtune.experiment.run;

import io.jtune.experiment.plan.Level;
import io.jtune.load.LatencySummary;
import io.jtune.load.LoadResult;
import java.util.Locale;

/**
 * A measured window none of whose requests got an answer while the service answered the warm-up's
 * requests all through it. In the open model requests are sent in the order they fall due: at a
 * rate above what the service serves (a cold start makes it so for a while) the requests due in
 * the warm-up queue up, and the window's wait behind them. The service was serving, at its
 * capacity: that is an overload, its capacity what it served in the window, not a failed run. The
 * run's figures are then those of the warm-up's requests answered in the window, their latencies
 * from the intended send (the time they queued). A service that answered nothing in the warm-up
 * or the window, or only errors, or that answered in fewer than half of the window's seconds (it
 * hung, a few late answers trickling in), stays a failed run; so does one that answered the backlog at the
 * offered rate or faster (still catching up when the warm-up's ceiling came: a longer warm-up
 * measures it).
 *
 * @param load the load's figures as the run's metrics read them: the backlog's responses in the window
 * @param steadiness the warm-up and window, marked as a window its own requests got no answer in
 * @param failure when the window is not an overload after all, why the run failed; else null
 */
record BacklogWindow(LoadResult load, RunResult.Steadiness steadiness, String failure) {

  /**
   * The window as an overload when the service answered the warm-up's queue through it, or null
   * (the run failed as before: nothing answered, or not the open model).
   */
  static BacklogWindow of(LoadResult load, Level level, WarmupWatch watch) {
    LatencySummary queued = watch.backlogLatency();
    int[] answering = watch.windowSecondsAnswering();
    // serving all through the window: a service that hung, with a few late answers, is no capacity
    if (!level.open() || load.requests() > 0 || queued == null || !watch.servedInWarmup()
        || 2 * answering[0] < answering[1]) {
      return null;
    }
    RunResult.Steadiness s = watch.result(load.throughputRps()).unanswered();
    if (!s.overloaded()) {
      return new BacklogWindow(null, s, String.format(Locale.US, "no request sent in the measured window was"
          + " answered: the service spent it on the warm-up's queued requests (%.0f req/s served, %.0f offered),"
          + " still catching up when the warm-up's ceiling (%.0f s) came; a longer warm-up (maxWarmup,"
          + " --max-warmup) measures it once it has", s.servedRps(), s.offeredRps(), s.maxWarmupS()));
    }
    long answered = watch.backlogResponses();
    LoadResult asServed = new LoadResult(load.plan(), load.startTime(), load.measuredSeconds(), answered, answered,
        s.servedRps(), queued, load.uncorrectedLatencyMs(), load.errors(), load.timeline(), load.maxSendLagMs(), null,
        load.endpoints(), load.servedResponses(), load.users());
    return new BacklogWindow(asServed, s, null);
  }
}
