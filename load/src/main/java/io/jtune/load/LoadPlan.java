package io.jtune.load;

import java.time.Duration;
import java.util.List;

/**
 * What a load run does: the targets, the model (closed with N connections, or open at R
 * requests/s over N connections) and its bounds.
 *
 * <p>Time line of a run: ramp-up starts at 0 (closed: connections start evenly spread over
 * {@code rampUp}; open: the rate grows linearly from 0 to {@code rateRps}); requests sent
 * before {@code warmup} are not recorded; the measured part lasts {@code duration} after the
 * warmup, or until {@code requests} measured requests have been sent, whichever comes first.
 *
 * @param targets requests to send, chosen by weight
 * @param model closed or open
 * @param connections closed model: the concurrency; open model: the most requests in flight
 * @param rateRps open model: requests per second on the fixed schedule; 0 in the closed model
 * @param duration measured time, {@link Duration#ZERO} when only {@code requests} bounds the run
 * @param requests measured requests to send, 0 when only {@code duration} bounds the run
 * @param warmup time from the start whose requests are not recorded
 * @param rampUp time over which the load grows to its full level
 * @param timeout longest wait for one response (also the connect timeout)
 * @param threads event-loop threads sending the requests
 * @param insecure https:// targets: accept any certificate and host name (self-signed test
 *     servers); otherwise the JDK's default trust store and host name verification apply
 * @param replay an access log whose requests are sent instead of the target's own, against the
 *     one target's server and with its headers; null for none. When it follows the log's time
 *     shape the model is open, its rate the log's, and the duration (unless given) the log's
 * @param users whether each connection is a user that keeps cookies, and how many requests a
 *     user sends before a new one takes its place ({@link VirtualUsers#NONE}: no cookies)
 */
public record LoadPlan(
    List<RequestTemplate> targets,
    LoadModel model,
    int connections,
    double rateRps,
    Duration duration,
    long requests,
    Duration warmup,
    Duration rampUp,
    Duration timeout,
    int threads,
    boolean insecure,
    Replay replay,
    VirtualUsers users) {

  /** Measured time used when a plan gives neither a duration nor a request count. */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);

  /**
   * Longest run when only a request count is given: a run is always bounded in time, even
   * when the server stops answering.
   */
  public static final Duration REQUEST_BOUND_TIME_LIMIT = Duration.ofMinutes(10);

  public LoadPlan {
    if (targets == null || targets.isEmpty()) {
      throw new LoadException("no target URL given");
    }
    targets = List.copyOf(targets);
    if (replay != null && targets.size() != 1) {
      throw new LoadException("a replayed log goes to one server: give one URL (its scheme, host and port), not "
          + targets.size());
    }
    if (replay != null && replay.followsTime()) {
      model = LoadModel.OPEN;
      rateRps = replay.rateRps();
      long left = replay.sendingTime().toNanos() - (warmup == null ? 0 : warmup.toNanos());
      if (left <= 0) {
        throw new LoadException("the warmup is as long as the replayed log at its speed ("
            + DurationText.format(replay.sendingTime()) + "): nothing would be measured");
      }
      // the log ends the run: a longer measured time would count time with no request due
      if (duration == null || duration.isZero() || duration.toNanos() > left) {
        duration = Duration.ofNanos(left);
      }
    }
    if (model == null) {
      throw new LoadException("no load model given");
    }
    if (connections < 1) {
      throw new LoadException("concurrency/connections must be at least 1, got " + connections);
    }
    if (model == LoadModel.OPEN && !(rateRps > 0 && Double.isFinite(rateRps))) {
      throw new LoadException("the open model needs a rate above 0 requests/s, got " + rateRps);
    }
    if (model == LoadModel.CLOSED) {
      rateRps = 0;
    }
    duration = orZero(duration);
    warmup = orZero(warmup);
    rampUp = orZero(rampUp);
    if (duration.isNegative() || warmup.isNegative() || rampUp.isNegative()) {
      throw new LoadException("durations must not be negative");
    }
    if (requests < 0) {
      throw new LoadException("request count must not be negative, got " + requests);
    }
    if (duration.isZero() && requests == 0) {
      duration = DEFAULT_DURATION;
    }
    if (timeout == null || timeout.isZero() || timeout.isNegative()) {
      throw new LoadException("timeout must be above 0");
    }
    if (threads < 1) {
      throw new LoadException("threads must be at least 1, got " + threads);
    }
    threads = Math.min(threads, connections);
    users = users == null ? VirtualUsers.NONE : users;
  }

  /** A plan whose connections keep no cookies. */
  public LoadPlan(List<RequestTemplate> targets, LoadModel model, int connections, double rateRps, Duration duration,
      long requests, Duration warmup, Duration rampUp, Duration timeout, int threads, boolean insecure, Replay replay) {
    this(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, threads, insecure, replay,
        VirtualUsers.NONE);
  }

  /** A plan of the targets' own requests (no replayed log). */
  public LoadPlan(List<RequestTemplate> targets, LoadModel model, int connections, double rateRps, Duration duration,
      long requests, Duration warmup, Duration rampUp, Duration timeout, int threads, boolean insecure) {
    this(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, threads, insecure, null);
  }

  /** A plan that verifies certificates (see {@code insecure}). */
  public LoadPlan(List<RequestTemplate> targets, LoadModel model, int connections, double rateRps, Duration duration,
      long requests, Duration warmup, Duration rampUp, Duration timeout, int threads) {
    this(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, threads, false);
  }

  private static Duration orZero(Duration d) {
    return d == null ? Duration.ZERO : d;
  }

  /** A closed-model plan against one URL for a fixed time, defaults elsewhere. */
  public static LoadPlan closed(List<RequestTemplate> targets, int concurrency, Duration duration) {
    return new LoadPlan(targets, LoadModel.CLOSED, concurrency, 0, duration, 0, Duration.ZERO,
        Duration.ZERO, Duration.ofSeconds(5), defaultThreads(concurrency));
  }

  /** An open-model plan at a fixed rate for a fixed time, defaults elsewhere. */
  public static LoadPlan open(List<RequestTemplate> targets, double rateRps, int connections, Duration duration) {
    return new LoadPlan(targets, LoadModel.OPEN, connections, rateRps, duration, 0, Duration.ZERO,
        Duration.ZERO, Duration.ofSeconds(5), defaultThreads(connections));
  }

  /**
   * Event-loop threads to use by default: half the cores this JVM may run on (the target often
   * shares the machine), at least one, never more than connections.
   */
  public static int defaultThreads(int connections) {
    return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() / 2, connections));
  }

  public LoadPlan withWarmup(Duration newWarmup) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, newWarmup, rampUp, timeout, threads, insecure, replay, users);
  }

  public LoadPlan withRampUp(Duration newRampUp) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, warmup, newRampUp, timeout, threads, insecure, replay, users);
  }

  public LoadPlan withTimeout(Duration newTimeout) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, warmup, rampUp, newTimeout, threads, insecure, replay, users);
  }

  public LoadPlan withRequests(long newRequests, Duration newDuration) {
    return new LoadPlan(targets, model, connections, rateRps, newDuration, newRequests, warmup, rampUp, timeout, threads, insecure, replay, users);
  }

  public LoadPlan withConnections(int newConnections) {
    return new LoadPlan(targets, model, newConnections, rateRps, duration, requests, warmup, rampUp, timeout,
        defaultThreads(newConnections), insecure, replay, users);
  }

  public LoadPlan withThreads(int newThreads) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, newThreads, insecure, replay, users);
  }

  public LoadPlan withInsecure(boolean newInsecure) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, threads,
        newInsecure, replay, users);
  }

  /** This plan replaying {@code newReplay} (null: the targets' own requests). */
  public LoadPlan withReplay(Replay newReplay) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, threads,
        insecure, newReplay, users);
  }

  /** This plan with connections that are {@code newUsers}. */
  public LoadPlan withUsers(VirtualUsers newUsers) {
    return new LoadPlan(targets, model, connections, rateRps, duration, requests, warmup, rampUp, timeout, threads,
        insecure, replay, newUsers);
  }

  /** Whether any target is https://. */
  boolean usesTls() {
    return targets.stream().anyMatch(RequestTemplate::isTls);
  }

  /** The time limit of the measured part: the duration, or a safety bound for request-count runs. */
  Duration measureLimit() {
    return duration.isZero() ? REQUEST_BOUND_TIME_LIMIT : duration;
  }
}
