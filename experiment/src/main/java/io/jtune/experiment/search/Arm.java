package io.jtune.experiment.search;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Summary;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One configuration in the search: its candidate (flags and parameter values), how costly it
 * is (its parameters' sizes, for the knee), its runs so far, and when and why it left the race;
 * a refinement probe (a value between two listed, run after the race) also says why it was run.
 */
public final class Arm {
  private final Candidate candidate;
  private final List<Double> cost;
  private final boolean ownConfiguration;
  private final List<RunResult> runs = new ArrayList<>();
  private String dropped;
  private int droppedAfter;
  private int probe;
  private String probedWhy;

  /**
   * @param cost the parameters' sizes in the order of the search's parameters, then 0 for the
   *     service's flags or 1 for a rule's flags: smaller is cheaper, compared in that order
   * @param ownConfiguration whether this is the service as it runs today (the baseline)
   */
  public Arm(Candidate candidate, List<Double> cost, boolean ownConfiguration) {
    this.candidate = candidate;
    this.cost = List.copyOf(cost);
    this.ownConfiguration = ownConfiguration;
  }

  /** An arm of {@code runs} already made (a run outside the race, judged by its rules). */
  public static Arm of(Candidate candidate, List<Double> cost, List<RunResult> runs) {
    Arm a = new Arm(candidate, cost, false);
    runs.forEach(a::add);
    return a;
  }

  public Candidate candidate() {
    return candidate;
  }

  public String name() {
    return candidate.name();
  }

  public List<Double> cost() {
    return cost;
  }

  public boolean ownConfiguration() {
    return ownConfiguration;
  }

  public List<RunResult> runs() {
    return List.copyOf(runs);
  }

  void add(RunResult r) {
    runs.removeIf(x -> x.id().equals(r.id()));
    runs.add(r);
  }

  public boolean alive() {
    return dropped == null;
  }

  /** Why it left the race, or null while it is in it. */
  public String dropped() {
    return dropped;
  }

  /** The round after which it was dropped (0 while in the race). */
  public int droppedAfter() {
    return droppedAfter;
  }

  void drop(int round, String why) {
    if (dropped == null) {
      dropped = why;
      droppedAfter = round;
    }
  }

  /** A refinement probe's order (1, 2, ...), 0 for a configuration of the race. */
  public int probe() {
    return probe;
  }

  /** Why a refinement probe was run ("between 16 (overloaded) and 32 (met)"), or null for the race's. */
  public String probedWhy() {
    return probedWhy;
  }

  void probed(int order, String why) {
    probe = order;
    probedWhy = why;
  }

  /** The first failed run's failure, or null when every run so far served. */
  public String failure() {
    return runs.stream().filter(r -> !r.ok()).map(r -> r.failure() == null ? "failed" : r.failure()).findFirst()
        .orElse(null);
  }

  /** The metric over the runs that served. */
  public Summary summary(Metric m) {
    return Summary.of(runs.stream().filter(RunResult::ok).map(r -> r.metric(m.key())).filter(v -> !Double.isNaN(v))
        .toList());
  }

  /** Each served run's failed requests in percent of all its requests. */
  public Summary errorsPct() {
    List<Double> out = new ArrayList<>();
    for (RunResult r : runs) {
      if (r.ok()) {
        double seconds = Math.max(0.001, (r.windowEndEpochMs() - r.windowStartEpochMs()) / 1000.0);
        double errors = Math.max(0, r.metric(Metric.ERRORS.key()));
        double served = Math.max(0, r.metric(Metric.THROUGHPUT.key())) * seconds;
        out.add(errors + served <= 0 ? 0 : 100 * errors / (errors + served));
      }
    }
    return Summary.of(out);
  }

  /** The mean of the metric over the runs that served, NaN with none. */
  public double mean(Metric m) {
    Summary s = summary(m);
    return s.n() == 0 ? Double.NaN : s.mean();
  }

  /** Compares by cost: fewer threads, a smaller pool, then the service's own flags before a rule's. */
  static int cheaper(Arm a, Arm b) {
    for (int i = 0; i < Math.min(a.cost.size(), b.cost.size()); i++) {
      int c = Double.compare(a.cost.get(i), b.cost.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
