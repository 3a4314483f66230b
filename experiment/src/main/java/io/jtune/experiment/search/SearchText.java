package io.jtune.experiment.search;

import io.jtune.experiment.plan.Metric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The search as text: per configuration its runs, throughput, latency, errors and the SLO; the leader, the knee, the cost. */
public final class SearchText {
  public static final String FILE = "search.txt";

  private SearchText() {}

  /** The report's lines. */
  public static List<String> lines(SearchResult s) {
    if (s.footprint() != null) {
      return FootprintText.lines(s);
    }
    List<String> out = new ArrayList<>();
    out.add("Search over " + s.spec().params().stream().map(ParamSpec::describe).collect(Collectors.joining(" "))
        + " at " + s.level().describeLoad());
    out.add("  objective: " + s.spec().objective().key() + " (" + s.spec().objective().words() + "); SLO: "
        + s.sloWords());
    boolean other = s.latency() != Metric.P99;
    String extra = other ? String.format(Locale.US, " %10s", s.latency().key() + " ms") : "";
    out.add(String.format(Locale.US, "  %-24s %4s %9s %9s%s %8s  %-5s %s", "configuration", "runs", "req/s", "p99 ms",
        extra, "errors %", "SLO", "left the race"));
    for (Arm a : s.arms()) {
      String name = a.ownConfiguration() ? "own configuration" : a.name();
      String left = a.dropped() == null ? (a == s.winner() ? "(winner)" : "") : a.probe() > 0 ? a.dropped()
          : "after round " + a.droppedAfter() + ": " + a.dropped();
      if (a.probe() > 0) {
        left = ("probe " + a.probe() + ", " + a.probedWhy() + (left.isEmpty() ? "" : "; " + left)).replace("; (winner)",
            " (winner)");
      }
      String value = other ? String.format(Locale.US, " %10s", s.latency().format(a.mean(s.latency()))) : "";
      out.add(String.format(Locale.US, "  %-24s %4d %9s %9s%s %8s  %-5s %s", name, a.runs().size(),
          Metric.THROUGHPUT.format(a.mean(Metric.THROUGHPUT)), Metric.P99.format(a.mean(Metric.P99)), value,
          pct(a.errorsPct().mean()), s.meets(a) ? "met" : "miss", left).stripTrailing());
    }
    if (s.leader() != null) {
      out.add("  best " + s.spec().objective().metric().label() + " meeting the SLO: " + s.leader().name());
    }
    if (s.winner() != null) {
      out.add("  winner: " + s.winner().name() + " (the knee: the cheapest that meets the SLO and is within "
          + (long) Racing.MARGIN_PCT + " % of the best)");
      String why = Preference.words(s);
      if (why != null) {
        out.add("  " + why);
      }
    } else {
      out.add("  no configuration met the SLO");
    }
    if (!s.probes().isEmpty()) {
      out.add("  refined: " + s.probes().size() + " value" + (s.probes().size() == 1 ? "" : "s") + " between those"
          + " listed, below the race's winner, " + s.probes().get(0).runs().size() + " runs each (" + s.probes().stream()
          .map(a -> a.name() + (s.meets(a) ? " met the SLO" : " missed it")).collect(Collectors.joining(", ")) + ")");
    }
    out.add(String.format(Locale.US, "  spent %d runs in %d rounds%s, %s; the full design (%d configurations x %d"
        + " runs) is %d runs, about %s", s.runs(), s.rounds(), s.probes().isEmpty() ? "" : " and " + s.probes().size()
        + " probe" + (s.probes().size() == 1 ? "" : "s"), minutes(s.spent()), s.arms().size() - s.probes().size(),
        s.maxRounds(),
        s.factorialRuns(), minutes(s.factorialTime())));
    s.notes().forEach(n -> out.add("  note: " + n));
    return out;
  }

  static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.US, "%.2f", v);
  }

  static String minutes(Duration d) {
    return String.format(Locale.US, "%.1f run-minutes", d.toMillis() / 60000.0);
  }
}
