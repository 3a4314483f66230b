package io.jtune.experiment.report;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.ExperimentReport.GoalVerdict;
import io.jtune.experiment.report.ExperimentReport.Outcome;
import java.util.Locale;
import java.util.Map;

/**
 * Judges one goal for one candidate at one level from the summaries and deltas.
 *
 * <ul>
 *   <li>A goal that asks for better ({@code p99: -30%}) is met when the change reaches it and the
 *       95 % interval lies wholly on the better side; reaching it without significance, or
 *       with too few runs for an interval, is unsettled.
 *   <li>A non-inferiority goal ({@code within +10%}) is met when the interval's worse end stays
 *       inside the margin, missed on a significant change beyond the margin, and unsettled in
 *       between.
 *   <li>A relative bound that asks for nothing better ({@code throughputRps: -5%}) and an absolute
 *       bound are judged on the mean, as written.
 * </ul>
 * A goal that asks for better, met by a significant improvement over a baseline that did not meet
 * it, is an improvement: only a candidate with one can win a level.
 */
final class GoalJudge {
  private GoalJudge() {}

  static GoalVerdict judge(Goal g, boolean isBase, Map<Metric, Summary> ms, Map<Metric, Summary> base,
      Map<Metric, Delta> deltas) {
    Metric m = g.metric();
    Summary s = ms.get(m);
    Delta d = deltas.get(m);
    if (!g.relative()) {
      return absolute(g, isBase, s, base.get(m), d);
    }
    if (isBase) {
      return new GoalVerdict(g, Outcome.MET, false, "the baseline is the reference");
    }
    if (s == null || s.n() == 0) {
      boolean neither = base.get(m) == null && g.kind() == Goal.Kind.NON_INFERIOR;
      return neither ? new GoalVerdict(g, Outcome.MET, false, "not measured on either side")
          : new GoalVerdict(g, Outcome.MISSED, false, "not measured (no successful run)");
    }
    if (d == null || d.status() == Delta.Status.NOT_APPLICABLE) {
      return new GoalVerdict(g, g.kind() == Goal.Kind.NON_INFERIOR ? Outcome.UNSETTLED : Outcome.MISSED, false,
          "no baseline value to compare with");
    }
    String change = ExperimentText.change(d);
    if (d.status() == Delta.Status.EQUAL) {
      boolean nothingToCut = g.demandsBetter() && m.lowerIsBetter() && s.mean() == 0;
      if (g.demandsBetter() && !nothingToCut) {
        return new GoalVerdict(g, Outcome.MISSED, false, "= (the same in every run)");
      }
      return new GoalVerdict(g, Outcome.MET, false, nothingToCut ? "0 in the baseline and in the candidate"
          : "= (the same in every run)");
    }
    if (Double.isNaN(d.pct())) {
      return fromZero(g, m, s, d);
    }
    if (g.kind() == Goal.Kind.NON_INFERIOR) {
      return nonInferior(g, m, d, change);
    }
    boolean reaches = g.meetsRelative(d.pct());
    if (!g.demandsBetter()) {
      return new GoalVerdict(g, reaches ? Outcome.MET : Outcome.MISSED, false, change);
    }
    if (!reaches) {
      return new GoalVerdict(g, Outcome.MISSED, false, change);
    }
    if (d.significantlyBetter(m.lowerIsBetter())) {
      return new GoalVerdict(g, Outcome.MET, true, change);
    }
    return new GoalVerdict(g, Outcome.UNSETTLED, false, change + (d.hasInterval()
        ? ", but the " + d.levelText() + " interval reaches zero (not significant)" : ": too few runs to tell"));
  }

  /** A relative goal when the baseline's mean is 0 (no percentage): the candidate's absolute change. */
  private static GoalVerdict fromZero(Goal g, Metric m, Summary s, Delta d) {
    String ev = "baseline 0, candidate " + m.format(s.mean());
    if (!m.lowerIsBetter()) {
      return new GoalVerdict(g, Outcome.MET, false, ev);
    }
    if (g.kind() != Goal.Kind.NON_INFERIOR || d.significantlyWorse(true)) {
      return new GoalVerdict(g, Outcome.MISSED, false, ev + (g.kind() == Goal.Kind.NON_INFERIOR
          ? ": a significant regression" : ""));
    }
    return new GoalVerdict(g, Outcome.UNSETTLED, false, ev + (d.hasInterval()
        ? " in some runs (not significant; more runs would settle it)" : ": too few runs to tell"));
  }

  private static GoalVerdict nonInferior(Goal g, Metric m, Delta d, String change) {
    if (!d.hasInterval()) {
      return new GoalVerdict(g, Outcome.UNSETTLED, false, change + ": no interval, so not shown within the margin");
    }
    double worseEnd = m.lowerIsBetter() ? d.pctHigh() : d.pctLow();
    boolean inside = m.lowerIsBetter() ? worseEnd <= g.value() : worseEnd >= g.value();
    if (inside) {
      return new GoalVerdict(g, Outcome.MET, false, change);
    }
    boolean beyond = m.lowerIsBetter() ? d.pct() > g.value() : d.pct() < g.value();
    if (beyond && d.significantlyWorse(m.lowerIsBetter())) {
      return new GoalVerdict(g, Outcome.MISSED, false, change + ": a significant regression beyond the margin");
    }
    return new GoalVerdict(g, Outcome.UNSETTLED, false, change + String.format(Locale.US,
        ": the interval reaches %+.0f%%, past the margin, with no significant regression (more runs would settle it)",
        worseEnd));
  }

  /** An absolute bound (or no Full GC at startup): the candidate's mean (or every run) against it. */
  private static GoalVerdict absolute(Goal g, boolean isBase, Summary s, Summary base, Delta d) {
    Metric m = g.metric();
    if (s == null || s.n() == 0) {
      return new GoalVerdict(g, Outcome.MISSED, false, "not measured (no successful run)");
    }
    boolean startup = g.key().equals("noFgcOnStartup");
    boolean met = startup ? s.max() == 0 : g.meetsAbsolute(s.mean());
    boolean baseMisses = base != null && base.n() > 0 && !(startup ? base.max() == 0 : g.meetsAbsolute(base.mean()));
    boolean improved = met && !isBase && baseMisses && d != null && d.significantlyBetter(m.lowerIsBetter());
    String ev;
    if (startup) {
      ev = met ? "no Full GC before the target was ready in any run"
          : String.format(Locale.US, "up to %.0f Full GC(s) before the target was ready", s.max());
    } else {
      ev = "mean " + m.format(s.mean()) + (m.unit().isEmpty() ? "" : " " + m.unit());
    }
    if (met && !isBase && baseMisses && !improved) {
      // the bound is met, but the change from a baseline that missed it is not shown
      return new GoalVerdict(g, Outcome.MET, false, ev + " (the baseline misses it; the change "
          + ExperimentText.change(d) + " is not significant)");
    }
    return new GoalVerdict(g, met ? Outcome.MET : Outcome.MISSED, improved, ev);
  }
}
