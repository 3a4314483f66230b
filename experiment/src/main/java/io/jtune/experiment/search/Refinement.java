package io.jtune.experiment.search;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * After the race, the values between those listed: for a whole-number parameter, when the listed
 * value next to the winner on the cheaper side (fewer threads, a smaller pool) did not qualify (it
 * was overloaded, missed the SLO, did not run, or was not within the margin of the best) and lies
 * more than one step away, their integer midpoint is probed, as many runs as the winner had at the
 * race's load; a probe that meets the SLO and is as good as the best ({@link Racing#winner}) is the
 * new winner and the next midpoint lies below it, one that does not narrows the gap from the other
 * side (bisection). At most {@value #MAX_PROBES} probes, each only when the budget holds it and the
 * winner's check after it. The winner is then the cheapest value probed that qualifies.
 */
public final class Refinement {
  /** The most probes after a race: 16..32 narrows to 2 values (24, 20, 22). */
  public static final int MAX_PROBES = 3;

  /** Runs one probe: the candidate {@code runs} times at the race's load, stopping at a failed run. */
  @FunctionalInterface
  public interface Prober {
    List<RunResult> probe(int order, Candidate candidate, int runs);
  }

  /** The next probe: the parameter, the value, and the listed or probed values it lies between. */
  record Gap(ParamSpec param, int index, Arm winner, Arm neighbour, long value, String why) {}

  private final SearchSpec spec;
  private final Racing racing;

  public Refinement(SearchSpec spec, Racing racing) {
    this.spec = spec;
    this.racing = racing;
  }

  /**
   * Probes between the winner and its cheaper neighbour until they are one step apart, the probes
   * run out or the budget does; each probe joins {@code arms}. Returns what stopped it, in words
   * (nothing when it ran its course).
   *
   * @param runs the runs of each probe (the winner's)
   * @param roomFor whether the budget holds that many more runs (and the winner's check after them)
   */
  public List<String> refine(List<Arm> arms, int runs, Prober prober, IntPredicate roomFor,
      SearchListener listener) {
    List<String> notes = new ArrayList<>();
    int order = 0;
    for (Gap g = next(arms); g != null; g = next(arms)) {
      String name = g.param().name() + "=" + g.value();
      if (order == MAX_PROBES) {
        notes.add("the refinement stopped after " + MAX_PROBES + " probes (the most it runs): " + name + ", "
            + g.why() + ", was not probed");
        break;
      }
      if (!roomFor.test(runs)) {
        notes.add("the refinement stopped before " + name + " (" + g.why() + "): the budget holds no further probe"
            + " and the check of the winner");
        break;
      }
      order++;
      Arm probe = arm(g, order);
      listener.refining(probe);
      prober.probe(order, probe.candidate(), runs).forEach(probe::add);
      arms.add(probe);
      judge(probe, arms);
      listener.refined(probe);
    }
    return notes;
  }

  /** The next value to probe: the midpoint between the winner and its cheaper neighbour, or null. */
  Gap next(List<Arm> arms) {
    Arm w = racing.winner(arms).orElse(null);
    if (w == null || w.ownConfiguration()) {
      return null;
    }
    for (int i = 0; i < spec.params().size(); i++) {
      ParamSpec p = spec.params().get(i);
      Arm n = p.integers() ? neighbour(arms, w, p) : null;
      if (n == null) {
        continue;
      }
      long wv = value(w, p);
      long nv = value(n, p);
      if (Math.abs(wv - nv) > 1) {
        long mid = Math.floorDiv(wv + nv, 2);
        return new Gap(p, i, w, n, mid, "between " + nv + " (" + label(n, arms) + ") and " + wv + " (met)");
      }
    }
    return null;
  }

  /** The arm with the winner's other values and flags whose value of {@code p} is the nearest cheaper one. */
  private static Arm neighbour(List<Arm> arms, Arm w, ParamSpec p) {
    double wc = p.cost(w.candidate().params().get(p.name()));
    Arm best = null;
    for (Arm a : arms) {
      String v = a.candidate().params().get(p.name());
      if (a.ownConfiguration() || v == null || !a.candidate().flags().equals(w.candidate().flags())
          || !sameOthers(a, w, p) || !(p.cost(v) < wc)) {
        continue;
      }
      if (best == null || p.cost(v) > p.cost(best.candidate().params().get(p.name()))) {
        best = a;
      }
    }
    return best;
  }

  private static boolean sameOthers(Arm a, Arm w, ParamSpec p) {
    Map<String, String> x = new LinkedHashMap<>(a.candidate().params());
    Map<String, String> y = new LinkedHashMap<>(w.candidate().params());
    x.remove(p.name());
    y.remove(p.name());
    return x.equals(y) && a.cost().get(a.cost().size() - 1).equals(w.cost().get(w.cost().size() - 1));
  }

  /** Why the cheaper neighbour did not win, in a word or two. */
  private String label(Arm n, List<Arm> arms) {
    if (n.failure() != null) {
      return "did not run";
    }
    if (!racing.meets(n, Racing.own(arms))) {
      String miss = racing.missReason(n);
      return miss != null && miss.startsWith("overloaded") ? "overloaded" : "missed the SLO";
    }
    return "not within " + (long) Racing.MARGIN_PCT + " % of the best";
  }

  /** The probe: the winner with the parameter at the value, the next in cost order. */
  private static Arm arm(Gap g, int order) {
    Candidate w = g.winner().candidate();
    Map<String, String> params = new LinkedHashMap<>(w.params());
    params.put(g.param().name(), Long.toString(g.value()));
    String joined = ParamSearch.joined(w.params());
    String suffix = g.winner().name().startsWith(joined) ? g.winner().name().substring(joined.length()) : "";
    String name = ParamSearch.joined(params) + suffix;
    name = name.length() > 64 ? name.substring(0, 64) : name;
    List<Double> cost = new ArrayList<>(g.winner().cost());
    cost.set(g.index(), g.param().cost(Long.toString(g.value())));
    Candidate c = new Candidate(name, w.flags(), "A refinement probe " + g.why() + ": " + g.param().name() + " "
        + g.value() + ", otherwise as " + w.name() + ".", w.javaHome(), 0, params);
    Arm a = new Arm(c, cost, false);
    a.probed(order, g.why());
    return a;
  }

  /** Drops the probe as the race would: it did not run, it misses the SLO, or it cannot win. */
  private void judge(Arm probe, List<Arm> arms) {
    int n = Math.max(1, probe.runs().size());
    Arm own = Racing.own(arms);
    if (probe.failure() != null) {
      probe.drop(n, "did not run: " + probe.failure());
      return;
    }
    if (!racing.meets(probe, own)) {
      String miss = racing.missReason(probe);
      if (miss == null) {
        miss = racing.missesForGood(probe, own);
      }
      probe.drop(n, "misses the SLO: " + (miss != null ? miss : "worse than the service's own configuration"));
      return;
    }
    Arm leader = racing.leader(arms).orElse(null);
    if (leader != null && leader != probe && !racing.asGood(probe, leader)) {
      Metric m = racing.objective().metric();
      Delta d = Delta.of(probe.summary(m), leader.summary(m));
      probe.drop(n, String.format(Locale.US, "cannot win: %s %+.0f %% vs %s, beyond the %d %% margin", m.key(),
          d.pct(), leader.name(), (long) Racing.MARGIN_PCT));
    }
  }

  private static long value(Arm a, ParamSpec p) {
    return Long.parseLong(a.candidate().params().get(p.name()));
  }
}
