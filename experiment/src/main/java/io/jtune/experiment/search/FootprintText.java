package io.jtune.experiment.search;

import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A memory search (footprint, cost) as text: the grid and where its ends come from, every probe
 * in the order made (size, runs, throughput, latency, errors, SLO met or missed, why this size),
 * the answer, the price of the answer against the service as it runs today (cost), and the runs
 * spent against the exhaustive sweep of the grid.
 */
final class FootprintText {
  private FootprintText() {}

  static List<String> lines(SearchResult s) {
    Footprint f = s.footprint();
    MemoryGrid g = f.grid();
    List<String> out = new ArrayList<>();
    String what = g.limits() ? "memory limit" : "heap";
    out.add((s.spec().objective() == Objective.COST ? "Cost" : "Footprint") + " search at " + s.level().describeLoad()
        + ": " + g.describe() + ", " + (f.sweep() ? "every size probed (a sweep)" : "bisected"));
    out.add("  objective: " + s.spec().objective().key() + " (" + s.spec().objective().words() + "); SLO: "
        + s.sloWords() + "; a probe meets it when every run served and the means are within the bounds");
    out.add("  from " + g.steps().get(0).mb() + " MB: " + g.lowWhy());
    out.add("  to " + g.steps().get(g.steps().size() - 1).mb() + " MB: " + g.highWhy());
    if (g.limits()) {
      out.add("  each limit's heap: the limit less the non-heap measured less headroom (the budget rule)");
    }
    out.add("  assumed monotone: a larger " + what + " meets the SLO whenever a smaller one does"
        + (f.sweep() ? "; the sweep checks it" : "; bisection relies on it (a sweep, --sweep, checks it)"));
    boolean cost = f.pricing() != null;
    Metric lat = s.latency();
    String latHead = lat.key() + " ms";
    out.add(String.format(Locale.US, "  %5s %8s%s %4s %9s %9s %8s  %-4s%s %s", "probe", g.limits() ? "limit MB" : "heap MB",
        g.limits() ? String.format(Locale.US, " %7s", "heap MB") : "", "runs", "req/s", latHead, "errors %", "SLO",
        cost ? String.format(Locale.US, " %9s", "per hour") : "", "why this size"));
    for (Footprint.Probe p : f.probes()) {
      Arm a = p.arm();
      out.add(String.format(Locale.US, "  %5d %8d%s %4d %9s %9s %8s  %-4s%s %s", p.order(), p.step().mb(),
          g.limits() ? String.format(Locale.US, " %7d", p.step().heapMb()) : "", a.runs().size(),
          Metric.THROUGHPUT.format(a.mean(Metric.THROUGHPUT)), lat.format(a.mean(lat)), SearchText.pct(a.errorsPct()
              .mean()), p.met() ? "met" : "miss", cost ? String.format(Locale.US, " %9s", Prices.money(f.pricing()
                  .perHour(f.pricing().memoryBytes(p.step(), g.limits())))) : "",
          p.why() + (p.met() ? "" : "; missed: " + p.miss())).stripTrailing());
    }
    if (f.winner() == null) {
      out.add("  answer: no size of the grid met the SLO" + (f.probes().isEmpty() ? "" : " (the largest, "
          + f.probes().get(0).step().mb() + " MB, missed)"));
    } else {
      MemoryGrid.Step w = f.winner().step();
      int i = g.steps().indexOf(w);
      Footprint.Probe below = i > 0 ? f.probeOf(g.steps().get(i - 1)) : null;
      out.add("  answer: the smallest " + what + " meeting the SLO is " + w.mb() + " MB" + (g.limits() ? " (heap "
          + w.heapMb() + " MB)" : "") + " (" + w.name(g.limits()) + ": " + String.join(" ", w.flags()) + "); "
          + (i == 0 ? "the grid's first size" : below != null && !below.met() ? "the next smaller, "
              + below.step().mb() + " MB, missed" : "the next smaller was not probed"));
    }
    Footprint.Longer l = f.longer();
    if (l != null) {
      out.add("  run longer: " + l.step().mb() + " MB, " + l.measured().toSeconds() + " s measured (" + l.times()
          + " times a probe's window) at the same load: " + (l.held() ? "held: " : "did not hold: ") + l.evidence()
          + " (" + l.run() + ")");
    }
    if (cost) {
      Footprint.Pricing pr = f.pricing();
      out.add("  prices: " + pr.prices().describe());
      out.add(String.format(Locale.US, "  priced: %s cores (%s) and the memory (%s)", num(pr.cores()), pr.coresWhy(),
          g.limits() ? "the container's limit" : "the heap and the non-heap " + ByteSize.human(pr.nonHeapBytes())
              + ", " + pr.nonHeapWhy()));
      double today = pr.perHour(pr.baselineMemoryBytes());
      out.add(String.format(Locale.US, "  the service as it runs today: %s memory, %s per hour, %s per month",
          ByteSize.human(pr.baselineMemoryBytes()), Prices.money(today), Prices.money(today * Prices.HOURS_PER_MONTH)));
      if (f.winner() != null) {
        long m = pr.memoryBytes(f.winner().step(), g.limits());
        double won = pr.perHour(m);
        out.add(String.format(Locale.US, "  the answer: %s memory, %s per hour, %s per month (%+.0f %%)",
            ByteSize.human(m), Prices.money(won), Prices.money(won * Prices.HOURS_PER_MONTH),
            today > 0 ? 100 * (won - today) / today : 0.0));
      }
      out.add("  cores are priced, not searched: the search runs at the cores given");
    }
    out.add(String.format(Locale.US, "  spent %d runs in %d probes, %s; the exhaustive sweep (%d sizes x %d runs) is %d"
        + " runs, about %s", s.runs(), f.probes().size(), SearchText.minutes(s.spent()), g.steps().size(),
        s.maxRounds(), s.factorialRuns(), SearchText.minutes(s.factorialTime())));
    f.notes().forEach(v -> out.add("  " + v));
    s.notes().forEach(n -> out.add("  note: " + n));
    return out;
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.US, "%.2f", v);
  }
}
