package io.jtune.experiment.report;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdict of an experiment, computed from its run results alone: per level each candidate's
 * metrics over its repetitions, its deltas vs the baseline with 95 % intervals, its goal verdicts
 * and the level's winner; then one overall recommendation (or the plain statement that GC is not
 * the bottleneck) and the winner's flag diff.
 *
 * @param plan the plan
 * @param baseFlags the target's own JVM flags under every candidate (a lab scenario's), or empty
 * @param levels per level, in plan order
 * @param recommendation the overall verdict
 * @param runs every run result, in plan order
 * @param runsPlanned how many runs the plan has
 */
public record ExperimentReport(
    Plan plan,
    List<String> baseFlags,
    List<LevelReport> levels,
    Recommendation recommendation,
    List<RunResult> runs,
    int runsPlanned) {

  /** GC below this share of the measured time, with no goal met, means GC is not the bottleneck. */
  public static final double GC_SHARE_NOT_BOTTLENECK_PCT = 5;

  /** One level: every candidate's numbers and the winner. */
  public record LevelReport(Level level, List<CandidateReport> candidates, String winner, List<String> reasons) {
    public CandidateReport candidate(String name) {
      return candidates.stream().filter(c -> c.candidate().name().equals(name)).findFirst().orElseThrow();
    }

    public CandidateReport baseline() {
      return candidates.stream().filter(CandidateReport::baseline).findFirst().orElseThrow();
    }
  }

  /**
   * One candidate at one level.
   *
   * @param okRuns runs that measured
   * @param failedRuns runs that failed (the target died, did not start, no request succeeded)
   * @param metrics summaries by metric
   * @param deltas vs the baseline by metric (empty for the baseline)
   * @param goals the level's goals judged for this candidate
   * @param threads what the warm-up thread dumps showed (first run that has one), or null
   */
  public record CandidateReport(
      Candidate candidate,
      boolean baseline,
      int okRuns,
      int failedRuns,
      Map<Metric, Summary> metrics,
      Map<Metric, Delta> deltas,
      List<GoalVerdict> goals,
      RunResult.ThreadsSeen threads) {

    /** Whether it ran and met every goal of the level. */
    public boolean meetsAllGoals() {
      return okRuns > 0 && goals.stream().allMatch(GoalVerdict::met);
    }

    public double mean(Metric m) {
      Summary s = metrics.get(m);
      return s == null ? Double.NaN : s.mean();
    }

    /** Metrics whose difference from the baseline is significant. */
    public List<Metric> significant() {
      return deltas.entrySet().stream().filter(e -> e.getValue().significant()).map(Map.Entry::getKey).toList();
    }
  }

  /** A goal judged: met or not, and the numbers that say so. */
  public record GoalVerdict(Goal goal, boolean met, String evidence) {}

  /**
   * The overall verdict.
   *
   * @param winner the recommended candidate, or null to keep the baseline
   * @param summary one sentence
   * @param reasons the evidence, one line each
   * @param flagDiff the winner's flags vs the baseline's, one change a line
   * @param gcNotTheBottleneck whether the evidence says GC is not what limits the service
   */
  public record Recommendation(String winner, String summary, List<String> reasons, List<String> flagDiff,
      boolean gcNotTheBottleneck) {}

  public static ExperimentReport of(Plan plan, List<String> baseFlags, List<RunResult> runs) {
    List<LevelReport> levels = new ArrayList<>();
    for (Level l : plan.levels()) {
      levels.add(level(plan, l, runs));
    }
    return new ExperimentReport(plan, List.copyOf(baseFlags), levels, recommend(plan, baseFlags, levels),
        List.copyOf(runs), plan.schedule().size());
  }

  private static LevelReport level(Plan plan, Level l, List<RunResult> runs) {
    Map<String, Map<Metric, Summary>> byCandidate = new LinkedHashMap<>();
    List<CandidateReport> out = new ArrayList<>();
    Map<Metric, Summary> base = summaries(plan.baseline(), l, runs);
    for (Candidate c : plan.candidates()) {
      boolean isBase = c.name().equals(plan.baseline());
      Map<Metric, Summary> ms = isBase ? base : summaries(c.name(), l, runs);
      byCandidate.put(c.name(), ms);
      Map<Metric, Delta> deltas = new EnumMap<>(Metric.class);
      if (!isBase) {
        for (Metric m : Metric.values()) {
          Summary sc = ms.get(m);
          Summary sb = base.get(m);
          if (sc != null && sb != null && sc.n() > 0 && sb.n() > 0) {
            deltas.put(m, Delta.of(sc, sb));
          }
        }
      }
      List<RunResult> mine = runs.stream().filter(r -> r.level().equals(l.name()) && r.candidate().equals(c.name())).toList();
      int ok = (int) mine.stream().filter(RunResult::ok).count();
      RunResult.ThreadsSeen threads = mine.stream().filter(r -> r.threads() != null).map(RunResult::threads)
          .findFirst().orElse(null);
      List<GoalVerdict> goals = new ArrayList<>();
      for (Goal g : l.goals().values()) {
        goals.add(judge(g, isBase, ms, deltas, mine));
      }
      out.add(new CandidateReport(c, isBase, ok, mine.size() - ok, ms, deltas, goals, threads));
    }
    List<CandidateReport> meeting = out.stream().filter(c -> !c.baseline() && c.meetsAllGoals())
        .sorted(Comparator.comparingDouble((CandidateReport c) -> c.mean(Metric.P99))
            .thenComparingInt(c -> c.candidate().flags().size()))
        .toList();
    String winner = meeting.isEmpty() ? null : meeting.get(0).candidate().name();
    List<String> reasons = new ArrayList<>();
    if (winner != null) {
      CandidateReport w = meeting.get(0);
      reasons.add(winner + " meets every goal at " + l.name() + (meeting.size() > 1
          ? " and has the lowest p99 of the " + meeting.size() + " that do" : ""));
      for (GoalVerdict v : w.goals()) {
        reasons.add(v.goal().describe() + ": " + v.evidence());
      }
    } else if (l.goals().isEmpty()) {
      reasons.add("the level has no goals, so no candidate can win it");
    } else {
      for (CandidateReport c : out) {
        if (c.baseline()) {
          continue;
        }
        List<String> missed = c.goals().stream().filter(v -> !v.met())
            .map(v -> v.goal().describe() + " (" + v.evidence() + ")").toList();
        reasons.add(c.candidate().name() + " misses " + String.join("; ", missed));
      }
    }
    return new LevelReport(l, out, winner, reasons);
  }

  private static Map<Metric, Summary> summaries(String candidate, Level l, List<RunResult> runs) {
    Map<Metric, Summary> out = new EnumMap<>(Metric.class);
    List<RunResult> ok = runs.stream()
        .filter(r -> r.ok() && r.level().equals(l.name()) && r.candidate().equals(candidate)).toList();
    for (Metric m : Metric.values()) {
      List<Double> values = new ArrayList<>();
      for (RunResult r : ok) {
        double v = r.metric(m.key());
        if (!Double.isNaN(v)) {
          values.add(v);
        }
      }
      if (!values.isEmpty()) {
        out.put(m, Summary.of(values));
      }
    }
    return out;
  }

  private static GoalVerdict judge(Goal g, boolean isBase, Map<Metric, Summary> ms, Map<Metric, Delta> deltas,
      List<RunResult> runs) {
    Summary s = ms.get(g.metric());
    if (s == null || s.n() == 0) {
      return new GoalVerdict(g, false, "not measured (no successful run)");
    }
    if (g.key().equals("noFgcOnStartup")) {
      boolean met = s.max() == 0;
      return new GoalVerdict(g, met, met ? "no Full GC before the target was ready in any run"
          : String.format(Locale.US, "up to %.0f Full GC(s) before the target was ready", s.max()));
    }
    Metric m = g.metric();
    if (g.kind() != Goal.Kind.RELATIVE) {
      boolean met = g.meetsAbsolute(s.mean());
      return new GoalVerdict(g, met, "mean " + m.format(s.mean()) + unit(m));
    }
    if (isBase) {
      return new GoalVerdict(g, true, "the baseline is the reference");
    }
    Delta d = deltas.get(m);
    if (d == null) {
      return new GoalVerdict(g, false, "no baseline value to compare with");
    }
    boolean demandsBetter = m.lowerIsBetter() ? g.value() < 0 : g.value() > 0;
    if (Double.isNaN(d.pct())) {
      // baseline mean 0: nothing to cut; a goal to cut is met when the candidate has none either
      boolean met = m.lowerIsBetter() ? ms.get(m).mean() == 0 : true;
      return new GoalVerdict(g, met, met ? "0 in the baseline and in the candidate"
          : "baseline 0, candidate " + m.format(ms.get(m).mean()));
    }
    boolean met = g.meetsRelative(d.pct());
    String evidence = ExperimentText.change(d);
    if (met && demandsBetter && !goodSideSignificant(m, d)) {
      met = false;
      evidence += d.hasInterval() ? ", but the 95 % interval reaches zero (not significant)"
          : ", but one run a side gives no interval";
    }
    return new GoalVerdict(g, met, evidence);
  }

  private static boolean goodSideSignificant(Metric m, Delta d) {
    return d.significantlyBetter(m.lowerIsBetter());
  }

  private static String unit(Metric m) {
    return m.unit().isEmpty() ? "" : " " + m.unit();
  }

  private static Recommendation recommend(Plan plan, List<String> baseFlags, List<LevelReport> levels) {
    List<String> names = plan.candidates().stream().map(Candidate::name).filter(n -> !n.equals(plan.baseline())).toList();
    List<String> everywhere = names.stream()
        .filter(n -> levels.stream().allMatch(l -> n.equals(l.winner()) || l.candidate(n).meetsAllGoals()))
        .toList();
    LevelReport top = highestLoad(levels);
    List<String> reasons = new ArrayList<>();
    if (!everywhere.isEmpty()) {
      String w = everywhere.stream().min(Comparator.comparingDouble(n -> top.candidate(n).mean(Metric.P99))).orElseThrow();
      CandidateReport at = top.candidate(w);
      for (LevelReport l : levels) {
        CandidateReport c = l.candidate(w);
        reasons.add(l.level().name() + ": " + headline(c));
      }
      Candidate wc = plan.candidate(w).orElseThrow();
      if (!wc.reason().isBlank()) {
        reasons.add("why it was tried: " + wc.reason());
      }
      String summary = "Use " + w + ": it meets every goal at every level" + (everywhere.size() > 1
          ? " and has the lowest p99 at " + top.level().name() + " of the " + everywhere.size() + " that do" : "")
          + "; at " + top.level().name() + " p99 " + ExperimentText.pctText(at.deltas().get(Metric.P99)) + " vs "
          + plan.baseline() + ".";
      return new Recommendation(w, summary, reasons,
          FlagDiff.of(plan.baselineCandidate().flags(), wc.flags(), baseFlags), false);
    }
    // no winner: is GC even the problem?
    boolean gcSmall = true;
    for (LevelReport l : levels) {
      CandidateReport b = l.baseline();
      double share = b.mean(Metric.GC_TIME_SHARE);
      double maxPause = b.mean(Metric.MAX_PAUSE);
      double p99 = b.mean(Metric.P99);
      double fgc = b.mean(Metric.FGC_COUNT);
      boolean small = share < GC_SHARE_NOT_BOTTLENECK_PCT && !(fgc > 0) && !(maxPause > p99);
      gcSmall &= small;
      reasons.add(String.format(Locale.US, "%s: baseline GC took %.2f %% of the measured time, %s Full GC, max pause %.1f ms vs p99 %.1f ms%s",
          l.level().name(), share, fgc > 0 ? Metric.FGC_COUNT.format(fgc) : "no", maxPause, p99, cpuText(b)));
      if (b.threads() != null && b.threads().topLock() != null) {
        reasons.add(l.level().name() + ": thread dump during warm-up: " + b.threads().topLock());
      }
    }
    for (LevelReport l : levels) {
      if (l.winner() == null) {
        reasons.addAll(l.reasons().stream().map(r -> l.level().name() + ": " + r).toList());
      }
    }
    String summary;
    if (gcSmall) {
      summary = "Keep " + plan.baseline() + ": no candidate meets the goals, and GC is not the bottleneck"
          + " (small GC time share, no Full GC, pauses below p99) — look at CPU, locks and the code, not at JVM flags.";
    } else {
      summary = "Keep " + plan.baseline() + ": no candidate meets every goal at every level.";
    }
    return new Recommendation(null, summary, reasons, List.of(), gcSmall);
  }

  private static String cpuText(CandidateReport b) {
    double cpu = b.mean(Metric.CPU);
    if (Double.isNaN(cpu)) {
      return "";
    }
    int cores = Runtime.getRuntime().availableProcessors();
    return String.format(Locale.US, "; the JVM used %.0f %% CPU (of %d %% on %d cores)", cpu, cores * 100, cores);
  }

  /** The level with the most load: the highest rate, else the most clients. */
  static LevelReport highestLoad(List<LevelReport> levels) {
    return levels.stream().max(Comparator.comparingDouble((LevelReport l) -> l.level().open() ? 1 : 0)
        .thenComparingDouble(l -> l.level().open() ? l.level().rateRps() : l.level().concurrency())).orElseThrow();
  }

  private static String headline(CandidateReport c) {
    List<String> parts = new ArrayList<>();
    for (Metric m : List.of(Metric.P99, Metric.FGC_COUNT, Metric.YGC_TIME_TOTAL, Metric.THROUGHPUT)) {
      Delta d = c.deltas().get(m);
      if (d != null) {
        parts.add(m.key() + " " + ExperimentText.change(d));
      }
    }
    return String.join(", ", parts);
  }
}
