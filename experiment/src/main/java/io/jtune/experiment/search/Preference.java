package io.jtune.experiment.search;

import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.report.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why the winner was preferred to the costlier configurations that were as good (the tie rule):
 * each met the SLO too and its objective, against the winner's on the same 95 % Welch interval
 * the race decides with ({@link Delta}), is not significantly different, or better by less than
 * the margin ({@value Racing#MARGIN_PCT} %) that would be worth its cost; the winner uses less,
 * by the first parameter where they differ ({@link ParamSpec.Cheaper}) or by the service's own
 * flags rather than a rule's.
 */
public final class Preference {
  private Preference() {}

  /** The costlier configurations the winner was preferred to: in the race, meeting the SLO, as good as the best. */
  public static List<Arm> over(SearchResult s) {
    Arm w = s.winner();
    Arm leader = s.leader();
    List<Arm> out = new ArrayList<>();
    if (w == null || leader == null || s.footprint() != null) {
      return out;
    }
    for (Arm a : s.arms()) {
      if (a != w && a.alive() && s.meets(a) && Arm.cheaper(w, a) < 0
          && (a == leader || s.racing().asGood(a, leader))) {
        out.add(a);
      }
    }
    return out;
  }

  /** The rule in words, or null when the winner was preferred to none. */
  public static String words(SearchResult s) {
    List<Arm> over = over(s);
    if (over.isEmpty()) {
      return null;
    }
    Metric m = s.spec().objective().metric();
    List<String> each = new ArrayList<>();
    for (Arm a : over) {
      each.add(a.name() + " " + versus(m, a.summary(m), s.winner().summary(m)) + " (" + usesMore(s, s.winner(), a) + ")");
    }
    return s.winner().name() + " is preferred to " + String.join("; ", each) + ": they meet the SLO too, and on "
        + s.spec().objective().key() + " against " + s.winner().name() + " none is worth its cost";
  }

  /**
   * A costlier configuration's objective against the winner's, on the race's interval, in words.
   * Runs that agree exactly (no spread on either side, at least two runs a side) need no more runs
   * for an interval: it is the point itself, and the words say so rather than "too few runs".
   */
  static String versus(Metric m, Summary dear, Summary winner) {
    Delta d = Delta.of(dear, winner);
    boolean exact = d.n() >= 2 && dear.min() == dear.max() && winner.min() == winner.max();
    if (exact && d.status() == Delta.Status.EQUAL) {
      return String.format(Locale.US, "+0.0 %%, the runs agree exactly (%s%s in every run on both sides: the interval"
          + " is the point itself)", m.format(winner.mean()), m.unit().isEmpty() ? "" : " " + m.unit());
    }
    if (!d.hasInterval()) {
      return String.format(Locale.US, "%+.1f %%, %s, within the %d %% margin", d.pct(), exact
          ? "the runs agree exactly on each side (the interval is the point itself)" : "too few runs for an interval",
          (long) Racing.MARGIN_PCT);
    }
    if (!d.significant()) {
      return String.format(Locale.US, "%+.1f %% [%+.1f, %+.1f], not significantly different", d.pct(), d.pctLow(),
          d.pctHigh());
    }
    return String.format(Locale.US, "%+.1f %% [%+.1f, %+.1f], %s by less than the %d %% margin", d.pct(),
        d.pctLow(), d.pctHigh(), d.significantlyBetter(m.lowerIsBetter()) ? "better" : "worse",
        (long) Racing.MARGIN_PCT);
  }

  /** What the costlier arm uses more of, in words. */
  static String usesMore(SearchResult s, Arm cheap, Arm dear) {
    List<ParamSpec> ps = s.spec().params();
    for (int i = 0; i < Math.min(cheap.cost().size(), dear.cost().size()); i++) {
      if (Double.compare(cheap.cost().get(i), dear.cost().get(i)) == 0) {
        continue;
      }
      if (i >= ps.size()) {
        return "it runs a rule's flags, not the service's own";
      }
      ParamSpec p = ps.get(i);
      String v = cheap.candidate().params().get(p.name());
      String x = dear.candidate().params().get(p.name());
      if (x == null) {
        return "the service's own " + p.name() + " costs more than " + v;
      }
      if (Double.isNaN(io.jtune.experiment.plan.AppParams.size(x))) {
        return p.name() + " " + x + " comes after " + v + " in the values given, the first the cheapest";
      }
      return p.cheaper() == ParamSpec.Cheaper.SMALLER
          ? "more " + p.name() + ", " + x + " for " + v + ": a larger value uses more memory and CPU"
          : p.name() + " " + x + " for " + v + ": a smaller value costs more (" + p.cheaper().key() + ")";
    }
    return "no cheaper";
  }
}
