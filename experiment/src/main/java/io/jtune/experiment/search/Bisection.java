package io.jtune.experiment.search;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The search of one monotone dimension, memory: a larger heap (or memory limit) meets the SLO
 * whenever a smaller one does. Bisection on the grid: the largest size first (when it misses,
 * none does), then the middle of what is still open, until the smallest size that meets the SLO
 * lies next to one that missed (or is the grid's first): about 1 + log2(sizes) probes instead of
 * every size. A sweep probes every size instead, in increasing order, and checks the assumption:
 * a larger size that missed after a smaller one met is reported, and its answer is the smallest
 * size from which every larger one meets the SLO. A probe is a few runs of one size; it meets the
 * SLO when every run served and the means are within the bounds ({@link Racing#meets}).
 */
public final class Bisection {
  /**
   * Runs one probe: the candidate (the service's flags with the size's heap) at the size, a few
   * runs; it may stop at the first run that failed (a failed run misses the SLO whatever follows).
   */
  @FunctionalInterface
  public interface Prober {
    List<RunResult> probe(int order, MemoryGrid.Step step, Candidate candidate);
  }

  private final Racing judge;
  private final List<String> ownFlags;
  private final boolean limits;

  /**
   * @param ownFlags the service's flags: each probe runs them with its heap instead of theirs
   * @param limits whether the sizes are memory limits (the candidates' names say so)
   */
  public Bisection(Racing judge, List<String> ownFlags, boolean limits) {
    this.judge = judge;
    this.ownFlags = List.copyOf(ownFlags);
    this.limits = limits;
  }

  /** Whether the arm meets the SLO: every run served, the means within the bounds. */
  public boolean meets(Arm a) {
    return a.failure() == null && judge.meets(a, null);
  }

  /** Searches {@code grid}: bisection, or every size when {@code sweep}; {@code more} says whether the budget holds a next probe. */
  public Footprint search(MemoryGrid grid, boolean sweep, Prober prober, Predicate<Integer> more,
      Footprint.Pricing pricing, SearchListener listener) {
    List<MemoryGrid.Step> steps = grid.steps();
    List<Footprint.Probe> probes = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (sweep) {
      for (int i = 0; i < steps.size(); i++) {
        if (i > 0 && !more.test(probes.size())) {
          notes.add("stopped after " + probes.size() + " sizes: the budget holds no further probe");
          break;
        }
        probes.add(probe(prober, probes.size() + 1, steps.get(i), i == 0 ? "every size, smallest first (a sweep)"
            : "the next size of the sweep", listener));
      }
      return sweepResult(grid, probes, notes, pricing);
    }
    int hi = steps.size() - 1;
    Footprint.Probe top = probe(prober, 1, steps.get(hi), "the largest size first: if it misses, no size of the"
        + " grid meets the SLO", listener);
    probes.add(top);
    if (!top.met()) {
      return new Footprint(grid, false, probes, null, notes, pricing);
    }
    int lo = -1; // every size at or below lo missed (none probed yet: below the grid)
    while (hi - lo > 1) {
      if (!more.test(probes.size())) {
        notes.add("stopped after " + probes.size() + " probes: the budget holds no further probe; the answer is"
            + " the smallest size that met so far");
        break;
      }
      int mid = Math.floorDiv(lo + hi + 1, 2);
      String why = last(probes).met()
          ? String.format(Locale.US, "%s met the SLO: the smallest that meets lies in %s; its middle",
              size(grid, steps.get(hi)), range(grid, lo, hi))
          : String.format(Locale.US, "%s missed (%s): the smallest that meets lies in %s; its middle",
              size(grid, steps.get(lo)), last(probes).miss(), range(grid, lo, hi));
      Footprint.Probe p = probe(prober, probes.size() + 1, steps.get(mid), why, listener);
      probes.add(p);
      if (p.met()) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    MemoryGrid.Step answer = steps.get(hi);
    Footprint.Probe winner = probes.stream().filter(p -> p.step().equals(answer)).findFirst().orElseThrow();
    notes.addAll(violations(probes));
    return new Footprint(grid, false, probes, winner, notes, pricing);
  }

  private Footprint.Probe probe(Prober prober, int order, MemoryGrid.Step step, String why, SearchListener listener) {
    listener.probing(order, step, why);
    Candidate c = Candidate.of(step.name(limits), MemoryGrid.withHeap(ownFlags, step), "The service's flags with"
        + " the heap at " + step.heapMb() + " MB" + (limits ? ", in a memory limit of " + step.mb() + " MB" : "") + ".");
    Arm a = new Arm(c, List.of((double) step.mb(), 0.0), false);
    prober.probe(order, step, c).forEach(a::add);
    boolean met = meets(a);
    String miss = met ? null : judge.missReason(a);
    if (!met) {
      a.drop(order, "misses the SLO: " + miss);
    }
    Footprint.Probe p = new Footprint.Probe(order, step, a, why, met, miss);
    listener.probed(p);
    return p;
  }

  private static Footprint sweepResult(MemoryGrid grid, List<Footprint.Probe> probes, List<String> notes,
      Footprint.Pricing pricing) {
    // the monotone answer: the smallest size from which every larger size probed met the SLO
    Footprint.Probe winner = null;
    for (int i = probes.size() - 1; i >= 0 && probes.get(i).met(); i--) {
      winner = probes.get(i);
    }
    List<String> out = new ArrayList<>(notes);
    out.addAll(violations(probes));
    Footprint.Probe first = probes.stream().filter(Footprint.Probe::met).findFirst().orElse(null);
    if (first != null && first != winner) {
      out.add("the smallest size that met the SLO, " + size(grid, first.step()) + ", is below the answer "
          + (winner == null ? "(the largest size missed)" : size(grid, winner.step())) + ": a larger size missed"
          + " after it, so the answer is the smallest from which every larger size met the SLO");
    }
    return new Footprint(grid, true, probes, winner, out, pricing);
  }

  /** Each larger size that missed while a smaller one met: the monotone assumption contradicted. */
  static List<String> violations(List<Footprint.Probe> probes) {
    List<String> out = new ArrayList<>();
    for (Footprint.Probe missed : probes) {
      if (missed.met()) {
        continue;
      }
      probes.stream().filter(p -> p.met() && p.step().mb() < missed.step().mb()).findFirst().ifPresent(smaller ->
          out.add("not monotone: " + smaller.step().mb() + " MB met the SLO but the larger " + missed.step().mb()
              + " MB missed it (" + missed.miss() + ")"));
    }
    return out;
  }

  private static Footprint.Probe last(List<Footprint.Probe> probes) {
    return probes.get(probes.size() - 1);
  }

  private static String size(MemoryGrid g, MemoryGrid.Step s) {
    return g.limits() ? "the limit " + s.mb() + " MB (heap " + s.heapMb() + " MB)" : s.mb() + " MB";
  }

  private static String range(MemoryGrid g, int lo, int hi) {
    List<MemoryGrid.Step> s = g.steps();
    return (lo < 0 ? s.get(0).mb() : s.get(lo + 1).mb()) + ".." + s.get(hi).mb() + " MB";
  }
}
