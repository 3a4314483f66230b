package io.jtune.experiment.search;

import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.report.Summary;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The search's rules, applied after each round (one more run of every configuration still in the
 * race), on the experiment's own 95 % Welch intervals ({@link Delta}):
 * <ol>
 *   <li>a configuration whose run failed (the service refused the value at start, or served
 *       nothing) leaves the race at once, with the run's own message;
 *   <li>from the round where every configuration has {@value Delta#MIN_RUNS} runs (the fewest
 *       for an interval) on, one leaves when it misses the SLO for good: the interval of its
 *       latency or error share lies wholly beyond the bound, or (open model) the interval of its
 *       throughput (what the service served within the window) wholly below
 *       {@value Slo#SUSTAINED_PCT} % of the offered rate; without an explicit SLO, when it is
 *       significantly worse than the service's own configuration in p99, errors or (closed model)
 *       throughput: in the open model, where two configurations that keep up serve the offered
 *       rate to within the requests in flight at the window's edges, the offered rate is the bound;
 *   <li>and when it cannot win: its objective is significantly worse than the leader's by more
 *       than {@value #MARGIN_PCT} % (the whole interval beyond that margin), the leader being
 *       the best mean among those meeting the SLO.
 * </ol>
 * The winner is the knee: of those left that meet the SLO (means within the bounds) and whose
 * objective is not worse than the leader's beyond the margin, the cheapest (fewest threads, the
 * smallest pool; the service's own flags before a rule's). Each comparison is a fixed-n interval
 * looked at after every round: the rate of a wrong drop is above the nominal 5 % — the winner is
 * therefore re-validated against the baseline with full repetitions before it is adopted.
 */
public final class Racing {
  /** Differences of the objective smaller than this are not worth a costlier configuration. */
  public static final double MARGIN_PCT = 5;

  private final Objective objective;
  private final Slo slo;
  private final double offeredRps;
  /** Closed model: the throughput the service's own configuration served (0: none to keep). */
  private final double ownClosedRps;

  /**
   * @param slo the explicit SLO, or null for "no worse than the service's own configuration"
   * @param offeredRps the open model's rate, or 0 for a closed model
   */
  public Racing(Objective objective, Slo slo, double offeredRps) {
    this(objective, slo, offeredRps, 0);
  }

  /**
   * @param ownClosedRps under a closed model, the throughput the service's own configuration
   *     served: a configuration must keep {@value Slo#SUSTAINED_PCT} % of it (fewer requests
   *     served by the same clients is a slower service, whatever its percentiles say); 0 for none
   */
  public Racing(Objective objective, Slo slo, double offeredRps, double ownClosedRps) {
    this.objective = objective;
    this.slo = slo;
    this.offeredRps = offeredRps;
    this.ownClosedRps = offeredRps > 0 ? 0 : ownClosedRps;
  }

  /** Drops from {@code arms} what failed, misses the SLO or cannot win, after round {@code round}. */
  public void review(List<Arm> arms, int round) {
    for (Arm a : alive(arms)) {
      String failure = a.failure();
      if (failure != null) {
        a.drop(round, "did not run: " + failure);
      }
    }
    if (alive(arms).stream().anyMatch(a -> a.summary(Metric.THROUGHPUT).n() < Delta.MIN_RUNS)) {
      return;
    }
    Arm own = own(arms);
    for (Arm a : alive(arms)) {
      String miss = missesForGood(a, own);
      if (miss != null) {
        a.drop(round, "misses the SLO: " + miss);
      }
    }
    Optional<Arm> leader = leader(arms);
    if (leader.isEmpty()) {
      return;
    }
    for (Arm a : alive(arms)) {
      if (a != leader.get() && beyondMargin(a, leader.get())) {
        Delta d = Delta.of(a.summary(objective.metric()), leader.get().summary(objective.metric()));
        a.drop(round, String.format(Locale.US, "cannot win: %s %+.0f %% [%+.0f, %+.0f] vs %s", objective.metric().key(),
            d.pct(), d.pctLow(), d.pctHigh(), leader.get().name()));
      }
    }
  }

  /** The best mean objective among the arms in the race that meet the SLO. */
  public Optional<Arm> leader(List<Arm> arms) {
    Comparator<Arm> better = Comparator.comparingDouble(a -> a.mean(objective.metric()));
    if (!objective.metric().lowerIsBetter()) {
      better = better.reversed();
    }
    return alive(arms).stream().filter(a -> meets(a, own(arms))).min(better);
  }

  /** The knee: the cheapest arm in the race that meets the SLO and is as good as the leader within the margin. */
  public Optional<Arm> winner(List<Arm> arms) {
    Optional<Arm> leader = leader(arms);
    if (leader.isEmpty()) {
      return Optional.empty();
    }
    Arm own = own(arms);
    return alive(arms).stream().filter(a -> meets(a, own)).filter(a -> a == leader.get() || asGood(a, leader.get()))
        .min(Arm::cheaper);
  }

  /** Whether the arm's means meet the SLO (and, in an open model, sustain the offered rate). */
  public boolean meets(Arm a, Arm own) {
    if (a.summary(Metric.THROUGHPUT).n() == 0) {
      return false;
    }
    if (offeredRps > 0 && a.mean(Metric.THROUGHPUT) < offeredRps * Slo.SUSTAINED_PCT / 100) {
      return false;
    }
    if (ownClosedRps > 0 && a.mean(Metric.THROUGHPUT) < ownClosedRps * Slo.SUSTAINED_PCT / 100) {
      return false;
    }
    if (slo != null) {
      return slo.met(slo.latency() == null ? 0 : a.mean(slo.latency()), a.errorsPct().mean());
    }
    if (own == null || own == a) {
      return true;
    }
    // in the open model the offered rate is the throughput's bound (above): its served rates differ
    // from the own configuration's by the window's edges while both keep up
    return !Delta.of(a.summary(Metric.P99), own.summary(Metric.P99)).significantlyWorse(true)
        && !Delta.of(a.errorsPct(), own.errorsPct()).significantlyWorse(true)
        && (offeredRps > 0
            || !Delta.of(a.summary(Metric.THROUGHPUT), own.summary(Metric.THROUGHPUT)).significantlyWorse(false));
  }

  /** Why the arm's runs miss the SLO on their means (a failed run first), or null when they meet it. */
  public String missReason(Arm a) {
    if (a.failure() != null) {
      return "did not run: " + a.failure();
    }
    Summary tp = a.summary(Metric.THROUGHPUT);
    if (tp.n() == 0) {
      return "served no request";
    }
    if (offeredRps > 0 && tp.mean() < offeredRps * Slo.SUSTAINED_PCT / 100) {
      return String.format(Locale.US, "overloaded, serves %.0f of %.0f req/s offered", tp.mean(), offeredRps);
    }
    if (ownClosedRps > 0 && tp.mean() < ownClosedRps * Slo.SUSTAINED_PCT / 100) {
      return closedShort(tp);
    }
    if (slo != null && slo.latency() != null && a.mean(slo.latency()) > slo.latencyMs()) {
      return String.format(Locale.US, "%s %.1f ms, above %s ms", slo.latency().key(), a.mean(slo.latency()),
          num(slo.latencyMs()));
    }
    if (slo != null && !Double.isNaN(slo.errorsPct()) && a.errorsPct().mean() > slo.errorsPct()) {
      return String.format(Locale.US, "errors %.2f %%, above %s %%", a.errorsPct().mean(), num(slo.errorsPct()));
    }
    return null;
  }

  /** Why the arm misses the SLO for good (the interval wholly beyond), or null. */
  String missesForGood(Arm a, Arm own) {
    Summary tp = a.summary(Metric.THROUGHPUT);
    if (offeredRps > 0 && Delta.of(tp, constant(offeredRps * Slo.SUSTAINED_PCT / 100)).significantlyWorse(false)) {
      return String.format(Locale.US, "overloaded, serves %.0f of %.0f req/s offered (its latencies are a queue)",
          tp.mean(), offeredRps);
    }
    if (ownClosedRps > 0 && Delta.of(tp, constant(ownClosedRps * Slo.SUSTAINED_PCT / 100))
        .significantlyWorse(false)) {
      return closedShort(tp);
    }
    if (slo != null) {
      if (slo.latency() != null && Delta.of(a.summary(slo.latency()), constant(slo.latencyMs()))
          .significantlyWorse(true)) {
        return String.format(Locale.US, "%s %.1f ms, above %s ms", slo.latency().key(), a.mean(slo.latency()),
            num(slo.latencyMs()));
      }
      if (!Double.isNaN(slo.errorsPct()) && Delta.of(a.errorsPct(), constant(slo.errorsPct()))
          .significantlyWorse(true)) {
        return String.format(Locale.US, "errors %.2f %%, above %s %%", a.errorsPct().mean(), num(slo.errorsPct()));
      }
      return null;
    }
    if (own == null || own == a) {
      return null;
    }
    for (Metric m : offeredRps > 0 ? List.of(Metric.P99) : List.of(Metric.P99, Metric.THROUGHPUT)) {
      Delta d = Delta.of(a.summary(m), own.summary(m));
      if (d.significantlyWorse(m.lowerIsBetter())) {
        return String.format(Locale.US, "%s %+.0f %% [%+.0f, %+.0f] vs the service's own configuration", m.key(),
            d.pct(), d.pctLow(), d.pctHigh());
      }
    }
    return null;
  }

  /** Whether the arm's objective is significantly worse than the leader's by more than the margin. */
  boolean beyondMargin(Arm a, Arm leader) {
    Delta d = Delta.of(a.summary(objective.metric()), leader.summary(objective.metric()));
    if (!d.significantlyWorse(objective.metric().lowerIsBetter())) {
      return false;
    }
    return objective.metric().lowerIsBetter() ? d.pctLow() > MARGIN_PCT : d.pctHigh() < -MARGIN_PCT;
  }

  /** Whether the arm is as good as the leader: not worse beyond the margin, and (without an interval) its mean within it. */
  boolean asGood(Arm a, Arm leader) {
    Delta d = Delta.of(a.summary(objective.metric()), leader.summary(objective.metric()));
    if (beyondMargin(a, leader)) {
      return false;
    }
    if (d.hasInterval()) {
      return true;
    }
    double pct = d.pct();
    return Double.isNaN(pct) || (objective.metric().lowerIsBetter() ? pct <= MARGIN_PCT : pct >= -MARGIN_PCT);
  }

  /** The service's own configuration among {@code arms}, or null. */
  static Arm own(List<Arm> arms) {
    return arms.stream().filter(Arm::ownConfiguration).findFirst().orElse(null);
  }

  static List<Arm> alive(List<Arm> arms) {
    return arms.stream().filter(Arm::alive).toList();
  }

  private static Summary constant(double v) {
    return Summary.of(Collections.nCopies(Delta.MIN_RUNS, v));
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  public Objective objective() {
    return objective;
  }

  public Slo slo() {
    return slo;
  }

  private String closedShort(Summary tp) {
    return String.format(Locale.US, "serves %.0f req/s, %.0f %% less than the service's own %.0f req/s at the same"
        + " clients (at most %d %% less keeps its throughput)", tp.mean(), 100 * (1 - tp.mean() / ownClosedRps),
        ownClosedRps, 100 - Slo.SUSTAINED_PCT);
  }

  /** Closed model: the service's own throughput a configuration must keep most of (0: none). */
  public double ownClosedRps() {
    return ownClosedRps;
  }

  public double offeredRps() {
    return offeredRps;
  }
}
