package io.jtune.experiment.plan;

import io.jtune.load.WeightedUrl;
import io.jtune.runtime.container.ContainerLimits;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A load level (such as high, medium, low; goals are set per level since GC behaviour grows with
 * load): the load model and its bounds, and the goals that
 * apply at this level.
 *
 * @param name unique within the plan
 * @param rateRps open model: requests per second on a fixed schedule (latency from the intended
 *     send time); 0 for the closed model
 * @param concurrency closed model: clients, each sending its next request when the last answered;
 *     open model: the most requests in flight (connections)
 * @param urls request paths on the target (such as {@code /scenario}) or full URLs on the target's
 *     host, each optionally prefixed with a weight ({@code "3 /a"}, read by {@link WeightedUrl})
 * @param warmup load before the measured window (not recorded; a thread dump is taken in it): the
 *     shortest warm-up, which goes on until the service is in steady state (see {@code maxWarmup})
 * @param maxWarmup the longest warm-up: past {@code warmup} it ends as soon as the service's
 *     per-second throughput and latency are stable and its JIT compilation has settled, at the
 *     latest here; equal to {@code warmup}, the warm-up is fixed
 * @param duration the measured window
 * @param timeout longest wait for one response
 * @param goals this level's goals by key (the plan's goals with the level's own on top)
 * @param line the plan line where it starts, 0 if made in code
 * @param request the method, headers and body every request of the level sends
 * @param limits the container limits of this level's runs where they differ from the plan's
 *     ({@link ContainerLimits#none()}: the plan's; see {@link Plan#limitsAt(Level)})
 * @param rampUp open model: the start of the warm-up over which the rate grows linearly from 0 to
 *     {@code rateRps}, so that a service whose JIT is cold does not start with a backlog; the
 *     steady-state rule judges only the seconds after it. {@link Duration#ZERO} (the default, and
 *     always in the closed model): the full rate from the first second. At most {@code maxWarmup}
 */
public record Level(
    String name,
    double rateRps,
    int concurrency,
    List<String> urls,
    Duration warmup,
    Duration duration,
    Duration timeout,
    Map<String, Goal> goals,
    int line,
    LevelRequest request,
    ContainerLimits limits,
    Duration maxWarmup,
    Duration rampUp) {

  /**
   * The longest warm-up when a plan does not state one: {@value #DEFAULT_MAX_WARMUP_S} s, or the
   * system property {@value #MAX_WARMUP_PROPERTY} in seconds (the test suite keeps its short
   * warm-ups fixed with 0; the tests of the rule state their own ceiling).
   */
  public static final int DEFAULT_MAX_WARMUP_S = 60;
  public static final String MAX_WARMUP_PROPERTY = "jtune.maxWarmupSeconds";

  /** {@code warmup}'s ceiling by default: {@link #DEFAULT_MAX_WARMUP_S}, never shorter than the warm-up. */
  public static Duration defaultMaxWarmup(Duration warmup) {
    long s = Long.getLong(MAX_WARMUP_PROPERTY, DEFAULT_MAX_WARMUP_S);
    Duration ceiling = Duration.ofSeconds(Math.max(0, s));
    return warmup == null || ceiling.compareTo(warmup) >= 0 ? ceiling : warmup;
  }

  public Level {
    limits = limits == null ? ContainerLimits.none() : limits;
    maxWarmup = maxWarmup == null ? defaultMaxWarmup(warmup) : maxWarmup.compareTo(warmup) < 0 ? warmup : maxWarmup;
    rampUp = rampUp == null || rampUp.isNegative() || rateRps <= 0 ? Duration.ZERO
        : rampUp.compareTo(maxWarmup) > 0 ? maxWarmup : rampUp;
    urls = List.copyOf(urls);
    request = request == null ? LevelRequest.GET : request;
    goals = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(goals)); // plan order
  }

  /** A level without a ramp-up: the full rate from the first second. */
  public Level(String name, double rateRps, int concurrency, List<String> urls, Duration warmup, Duration duration,
      Duration timeout, Map<String, Goal> goals, int line, LevelRequest request, ContainerLimits limits,
      Duration maxWarmup) {
    this(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, limits, maxWarmup,
        Duration.ZERO);
  }

  /** A level whose warm-up's ceiling is the default ({@link #defaultMaxWarmup}). */
  public Level(String name, double rateRps, int concurrency, List<String> urls, Duration warmup, Duration duration,
      Duration timeout, Map<String, Goal> goals, int line, LevelRequest request, ContainerLimits limits) {
    this(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, limits, null);
  }

  /** A level of plain GET requests. */
  public Level(String name, double rateRps, int concurrency, List<String> urls, Duration warmup, Duration duration,
      Duration timeout, Map<String, Goal> goals, int line) {
    this(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, LevelRequest.GET, null, null);
  }

  /** A level under the plan's container limits. */
  public Level(String name, double rateRps, int concurrency, List<String> urls, Duration warmup, Duration duration,
      Duration timeout, Map<String, Goal> goals, int line, LevelRequest request) {
    this(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, null, null);
  }

  /** The URL entries as weighted URLs ({@code "3 /a"}: weight 3, {@code "/a"}: weight 1). */
  public List<WeightedUrl> weightedUrls() {
    return urls.stream().map(WeightedUrl::parse).toList();
  }

  // Each with... method returns this level with one part replaced: a level made from another
  // changes only what it names.

  public Level withName(String newName) {
    return new Level(newName, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, limits, maxWarmup, rampUp);
  }

  /** This level with another load: a rate (0 for the closed model) and clients or connections. */
  public Level withLoad(double newRateRps, int newConcurrency) {
    return new Level(name, newRateRps, newConcurrency, urls, warmup, duration, timeout, goals, line, request, limits, maxWarmup, rampUp);
  }

  public Level withUrls(List<String> newUrls) {
    return new Level(name, rateRps, concurrency, newUrls, warmup, duration, timeout, goals, line, request, limits, maxWarmup, rampUp);
  }

  /** This level with another shortest warm-up (its ceiling kept, or raised to it). */
  public Level withWarmup(Duration newWarmup) {
    return new Level(name, rateRps, concurrency, urls, newWarmup, duration, timeout, goals, line, request, limits, maxWarmup, rampUp);
  }

  /** This level with another longest warm-up (equal to the warm-up: fixed). */
  public Level withMaxWarmup(Duration newMaxWarmup) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, limits,
        newMaxWarmup, rampUp);
  }

  /** This level with the rate ramped up from 0 over {@code newRampUp} at the start of its warm-up (open model). */
  public Level withRampUp(Duration newRampUp) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, limits,
        maxWarmup, newRampUp);
  }

  /** Whether the rate is ramped up at the start of the warm-up. */
  public boolean ramped() {
    return rampUp.compareTo(Duration.ZERO) > 0;
  }

  /** Whether the warm-up ends on steady state (between the warm-up and its ceiling) rather than at a fixed time. */
  public boolean steadyWarmup() {
    return maxWarmup.compareTo(warmup) > 0;
  }

  public Level withDuration(Duration newDuration) {
    return new Level(name, rateRps, concurrency, urls, warmup, newDuration, timeout, goals, line, request, limits, maxWarmup, rampUp);
  }

  public Level withTimeout(Duration newTimeout) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, newTimeout, goals, line, request, limits, maxWarmup, rampUp);
  }

  public Level withGoals(Map<String, Goal> newGoals) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, timeout, newGoals, line, request, limits, maxWarmup, rampUp);
  }

  /** This level as made in code ({@code 0}) or starting at another plan line. */
  public Level withLine(int newLine) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, newLine, request, limits, maxWarmup, rampUp);
  }

  public Level withRequest(LevelRequest newRequest) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, newRequest, limits, maxWarmup, rampUp);
  }

  /** This level with its own container limits ({@link ContainerLimits#none()}: the plan's). */
  public Level withLimits(ContainerLimits newLimits) {
    return new Level(name, rateRps, concurrency, urls, warmup, duration, timeout, goals, line, request, newLimits, maxWarmup, rampUp);
  }

  public boolean open() {
    return rateRps > 0;
  }

  /** The load in words: "200 req/s (open model)" or "8 clients (closed model)". */
  public String describeLoad() {
    String load = open() ? String.format(java.util.Locale.US, "%.0f req/s open model, up to %d connections", rateRps,
        concurrency) : concurrency + " closed-loop clients";
    LevelRequest.ReplaySource replay = request.replay();
    if (replay != null) {
      load += ", replaying " + replay.path().getFileName() + (replay.speed() > 0
          ? " at " + YamlText.number(replay.speed()) + "x its recorded pace" : " (its mix)");
    }
    return load;
  }
}
