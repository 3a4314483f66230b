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
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdict of an experiment, computed from its run results alone: per level each candidate's
 * metrics over its repetitions, its deltas vs the baseline with 95 % intervals ({@link Delta}) and
 * its goals judged ({@link GoalJudge}); then one recommendation with exactly one {@link Verdict}
 * ({@link Recommender}), the adopted candidate's flag diff, and each level's winner as the verdict
 * has it.
 *
 * @param plan the plan
 * @param baseFlags the target's own JVM flags under every candidate (a lab scenario's), or empty
 * @param levels per level, in plan order
 * @param recommendation the overall verdict
 * @param runs every run result, in plan order
 * @param runsPlanned how many runs the plan has
 * @param earlyStop what early stopping did (which runs it found not needed, and the run-minutes
 *     saved against the fixed design), or null when the plan runs every repetition
 */
public record ExperimentReport(
    Plan plan,
    List<String> baseFlags,
    List<LevelReport> levels,
    Recommendation recommendation,
    List<RunResult> runs,
    int runsPlanned,
    EarlyStop earlyStop) {

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

    /**
     * Whether nothing rules it out at this level: every goal met, save non-inferiority goals the
     * runs did not settle (no significant regression, but an interval past the margin).
     */
    public boolean acceptable() {
      return okRuns > 0 && goals.stream().allMatch(v -> v.met()
          || v.outcome() == Outcome.UNSETTLED && v.goal().kind() == Goal.Kind.NON_INFERIOR);
    }

    /** Whether a goal that asks for better was met with a significant improvement. */
    public boolean improves() {
      return goals.stream().anyMatch(GoalVerdict::improved);
    }

    /** Whether a goal missed: a significant regression, or a change that falls short of what it asks. */
    public boolean missesAGoal() {
      return okRuns == 0 || goals.stream().anyMatch(v -> v.outcome() == Outcome.MISSED);
    }

    /** The goals the runs did not settle. */
    public List<GoalVerdict> unsettled() {
      return goals.stream().filter(v -> v.outcome() == Outcome.UNSETTLED).toList();
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

  /** How a goal came out: met, missed, or not settled by the runs (an interval too wide to tell). */
  public enum Outcome {
    MET, MISSED, UNSETTLED;

    /** The name in JSON. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * A goal judged, and the numbers that say so.
   *
   * @param improved whether the goal asks for better and the candidate is significantly better
   */
  public record GoalVerdict(Goal goal, Outcome outcome, boolean improved, String evidence) {
    public boolean met() {
      return outcome == Outcome.MET;
    }
  }

  /**
   * The overall verdict.
   *
   * @param verdict exactly one verdict
   * @param winner the recommended candidate (when the verdict is adopt), or null to keep the baseline
   * @param summary one sentence
   * @param reasons the evidence, one line each
   * @param flagDiff the winner's flags vs the baseline's, one change a line
   * @param gcNotTheBottleneck whether the evidence says GC is not what limits the service
   */
  public record Recommendation(Verdict verdict, String winner, String summary, List<String> reasons,
      List<String> flagDiff, boolean gcNotTheBottleneck) {}

  /**
   * The report of the runs. Under early stopping ({@link Plan#earlyStopping()}) each interval is
   * made at the level of the sequential design's look for its run count ({@link SequentialDesign}),
   * and {@link #earlyStop()} says which runs the rule found not needed.
   */
  public static ExperimentReport of(Plan plan, List<String> baseFlags, List<RunResult> runs) {
    List<LevelReport> levels = levels(plan, runs);
    // an overloaded baseline is a finding of its own, said before the comparison's verdict
    Recommendation rec = Overload.withFinding(plan, Recommender.recommend(plan, baseFlags, levels, runs), runs);
    return new ExperimentReport(plan, List.copyOf(baseFlags), Recommender.withWinners(levels, rec), rec,
        List.copyOf(runs), plan.schedule().size(), plan.earlyStopping() ? EarlyStopping.of(plan).replay(runs) : null);
  }

  /** Every level's candidates judged from {@code runs}, with no winner yet. */
  static List<LevelReport> levels(Plan plan, List<RunResult> runs) {
    SequentialDesign design = SequentialDesign.of(plan);
    List<LevelReport> levels = new ArrayList<>();
    for (Level l : plan.levels()) {
      levels.add(level(plan, l, runs, design));
    }
    return levels;
  }

  /** One level's candidates, judged; its winner is set once the overall verdict is known. */
  private static LevelReport level(Plan plan, Level l, List<RunResult> runs, SequentialDesign design) {
    List<CandidateReport> out = new ArrayList<>();
    Map<Metric, Summary> base = summaries(plan.baseline(), l, runs);
    int baseOk = okRuns(plan.baseline(), l, runs);
    for (Candidate c : plan.candidates()) {
      boolean isBase = c.name().equals(plan.baseline());
      Map<Metric, Summary> ms = isBase ? base : summaries(c.name(), l, runs);
      int ok = okRuns(c.name(), l, runs);
      double level = design.level(Math.min(ok, baseOk));
      Map<Metric, Delta> deltas = new EnumMap<>(Metric.class);
      if (!isBase) {
        for (Metric m : Metric.values()) {
          if (ms.containsKey(m) || base.containsKey(m)) {
            deltas.put(m, Delta.of(ms.get(m), base.get(m), level));
          }
        }
        if (l.open() && ms.containsKey(Metric.THROUGHPUT) && base.containsKey(Metric.THROUGHPUT)) {
          // the open model's throughput compares the rates sustained: the window's edges are no change
          deltas.put(Metric.THROUGHPUT, Delta.of(sustained(c.name(), l, runs), sustained(plan.baseline(), l, runs),
              level));
        }
      }
      List<RunResult> mine = runs.stream().filter(r -> r.level().equals(l.name()) && r.candidate().equals(c.name())).toList();
      RunResult.ThreadsSeen threads = mine.stream().filter(r -> r.threads() != null).map(RunResult::threads)
          .findFirst().orElse(null);
      List<GoalVerdict> goals = new ArrayList<>();
      for (Goal g : l.goals().values()) {
        goals.add(GoalJudge.judge(g, isBase, ms, base, deltas));
      }
      out.add(new CandidateReport(c, isBase, ok, mine.size() - ok, ms, deltas, goals, threads));
    }
    return new LevelReport(l, out, null, List.of());
  }

  private static int okRuns(String candidate, Level l, List<RunResult> runs) {
    return (int) runs.stream().filter(r -> r.ok() && r.level().equals(l.name()) && r.candidate().equals(candidate))
        .count();
  }

  private static Summary sustained(String candidate, Level l, List<RunResult> runs) {
    return Summary.of(SustainedRate.of(runs.stream()
        .filter(r -> r.ok() && r.level().equals(l.name()) && r.candidate().equals(candidate)).toList(), l));
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

  /**
   * Whether a candidate other than the baseline meets every goal at every level (what
   * {@code --fail-on-goals} gates on; the verdict asks more: a significant improvement).
   */
  public boolean someCandidateMeetsAllGoals() {
    return plan.candidates().stream().map(Candidate::name).filter(n -> !n.equals(plan.baseline()))
        .anyMatch(n -> levels.stream().allMatch(l -> l.candidate(n).meetsAllGoals()));
  }

  /** The level with the most load: the highest rate, else the most clients. */
  static LevelReport highestLoad(List<LevelReport> levels) {
    return levels.stream().max(Comparator.comparingDouble((LevelReport l) -> l.level().open() ? 1 : 0)
        .thenComparingDouble(l -> l.level().open() ? l.level().rateRps() : l.level().concurrency())).orElseThrow();
  }
}
