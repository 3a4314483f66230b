package io.jtune.experiment.tune;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.search.SearchSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a {@link TuneSession} tunes, immutable.
 *
 * @param name the plan's name
 * @param target the service (a lab scenario or a command)
 * @param urls what every level requests
 * @param flags the baseline's JVM flags, or null when the lab scenario's or the log's
 * @param levels the load levels, the load asked for first
 * @param repetitions runs per level and configuration
 * @param candidates the most suggested candidates to run besides the baseline
 * @param gcLog a GC log to start from instead of measuring the baseline, or null
 * @param dir the run directory
 * @param by the command, for the plan's header ("jtune demo")
 * @param budget the time the session may take, or null for no limit
 * @param applicationFix a fix in the application to check beside the first baseline run (a lab
 *     target's options), or null
 * @param search the application's parameters to search (with the objective and the SLO), or null
 *     for today's experiment of rule-made flag candidates
 */
public record TuneSettings(String name, ServiceSpec target, List<String> urls, List<String> flags, List<Level> levels,
    int repetitions, int candidates, Path gcLog, Path dir, String by, TuneBudget budget, ApplicationFix applicationFix,
    SearchSpec search) {
  /** The baseline's directory inside the run directory. */
  public static final String BASELINE_DIR = "baseline";

  /** The demo's longest wait for one response (a plan level's default). */
  public static final Duration LEVEL_TIMEOUT = Duration.ofSeconds(10);

  /** Settings without a search. */
  public TuneSettings(String name, ServiceSpec target, List<String> urls, List<String> flags, List<Level> levels,
      int repetitions, int candidates, Path gcLog, Path dir, String by, TuneBudget budget,
      ApplicationFix applicationFix) {
    this(name, target, urls, flags, levels, repetitions, candidates, gcLog, dir, by, budget, applicationFix, null);
  }

  /** These settings with a search over the application's parameters. */
  public TuneSettings withSearch(SearchSpec newSearch) {
    return new TuneSettings(name, target, urls, flags, levels, repetitions, candidates, gcLog, dir, by, budget,
        applicationFix, newSearch);
  }

  public TuneSettings {
    urls = List.copyOf(urls);
    flags = flags == null ? null : List.copyOf(flags);
    levels = List.copyOf(levels);
    if (applicationFix != null && !target.isLab()) {
      throw new IllegalArgumentException("an application fix is given as lab options: the target must be the lab");
    }
  }

  /** Refuses a run directory that already holds an experiment (it continues with --resume instead). */
  public static void checkFreshDir(Path dir) {
    if (Files.exists(dir.resolve(Experiment.PLAN_FILE))) {
      throw new JtuneException(dir + " already holds an experiment: continue it with 'jtune experiment --resume "
          + dir + "' or give another --out");
    }
  }

  /**
   * {@code count} load levels (1 or 2): "high", the load asked for, and "medium", half of it, in
   * the same model (a rate of requests per second with at most {@code concurrency} in flight, or
   * {@code concurrency} closed-loop clients when the rate is 0), every request sending
   * {@code request} and waiting at most {@code timeout} for its response.
   */
  public static List<Level> levels(double rateRps, int concurrency, List<String> urls, Duration warmup,
      Duration measured, int count, Duration timeout, LevelRequest request) {
    List<Level> out = new ArrayList<>();
    Level high = new Level("high", rateRps, concurrency, urls, warmup, measured, timeout, Map.of(), 0, request);
    out.add(high);
    if (count > 1) {
      Level medium = high.withName("medium");
      LevelRequest.ReplaySource replay = request == null ? null : request.replay();
      if (replay != null && replay.speed() > 0) {
        // a replayed log's time shape at half its speed: half the load, the same shape
        medium = medium.withRequest(request.withReplay(replay.withSpeed(replay.speed() / 2)));
      }
      out.add(rateRps > 0
          ? medium.withLoad(Math.max(1, Math.round(rateRps / 2)), concurrency)
          : medium.withLoad(0, Math.max(1, concurrency / 2)));
    }
    return out;
  }
}
