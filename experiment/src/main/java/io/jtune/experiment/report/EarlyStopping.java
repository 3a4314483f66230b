package io.jtune.experiment.report;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.LevelReport;
import io.jtune.experiment.report.ExperimentReport.Outcome;
import io.jtune.experiment.run.RunGate;
import io.jtune.experiment.run.RunResult;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The early stopping rule: after each round at a level (every candidate once), a candidate whose
 * verdict at that level is settled by the {@link SequentialDesign}'s intervals runs no more
 * repetitions there; a candidate ruled out at a level runs at no later level; once the highest load
 * has run, a candidate whose later runs cannot change the verdict's pick while the leader holds is
 * held back ({@link LeaderRule}); the baseline stops once every other candidate has; so the
 * experiment ends when every candidate is settled. Never
 * before {@value Delta#MIN_RUNS} rounds, the fewest runs an interval needs.
 *
 * <p>Settled means one of:
 * <ul>
 *   <li><b>ruled out</b> ({@link Settlement#RULED_OUT}): it misses a goal and regresses (a significant
 *       regression, or a goal missed that does not only ask for more improvement), so neither way to
 *       be adopted (every goal met, or a gain with no regression) is open;
 *   <li><b>settled</b> ({@link Settlement#SETTLED}): no goal unsettled, and it meets every goal with no
 *       significant regression, or significantly improves p99 or throughput with none.
 * </ul>
 * Before {@value Delta#MIN_RUNS} runs on each side (or, for a candidate none of whose runs
 * succeeded, {@value Delta#MIN_RUNS} failed runs) nothing is settled.
 * Anything else is {@link Settlement#OPEN} and runs on to the plan's last round. Decisions use only
 * the results of complete rounds, so the order within a round does not change them, and a resumed
 * experiment skips exactly the runs an uninterrupted one would. The search can use
 * {@link #settlement} to drop candidates as they are ruled out (racing).
 */
public final class EarlyStopping implements RunGate {
  /** A candidate's state at a level. */
  public enum Settlement {
    /** More rounds could change its verdict at the level. */
    OPEN,
    /** It cannot be adopted, whatever more rounds show. */
    RULED_OUT,
    /** Its verdict at the level is settled at the design's level: meets the goals, or a gain, with no regression. */
    SETTLED
  }

  private final Plan plan;
  private final SequentialDesign design;

  private EarlyStopping(Plan plan) {
    this.plan = plan;
    this.design = SequentialDesign.of(plan);
  }

  /** The rule for {@code plan} (which says whether early stopping is on). */
  public static EarlyStopping of(Plan plan) {
    return new EarlyStopping(plan);
  }

  public SequentialDesign design() {
    return design;
  }

  /** A candidate's settlement at a level from a report's levels (made by {@link ExperimentReport#levels}). */
  public static Settlement settlement(CandidateReport c) {
    if (c.baseline()) {
      return Settlement.OPEN;
    }
    if (c.okRuns() == 0) {
      return c.failedRuns() >= Delta.MIN_RUNS ? Settlement.RULED_OUT : Settlement.OPEN;
    }
    // never before an interval: as many runs on each side as it needs
    if (c.okRuns() < Delta.MIN_RUNS || c.deltas().values().stream().anyMatch(d -> d.n() > 0 && d.n() < Delta.MIN_RUNS)) {
      return Settlement.OPEN;
    }
    if (c.missesAGoal() && !ServiceGain.noRegression(c)) {
      return Settlement.RULED_OUT;
    }
    boolean clean = c.unsettled().isEmpty() && ServiceGain.noRegression(c);
    return clean && (c.acceptable() || ServiceGain.at(c)) ? Settlement.SETTLED : Settlement.OPEN;
  }

  /** The candidate's settlement at the level, judged from {@code runs} by the plan's design. */
  public Settlement settlement(String candidate, String level, List<RunResult> runs) {
    LevelReport l = ExperimentReport.levels(plan, runs).stream().filter(x -> x.level().name().equals(level))
        .findFirst().orElseThrow();
    return settlement(l.candidate(candidate));
  }

  /**
   * The levels an experiment needs judged: under early stopping, those before the first level
   * where every candidate was ruled out at an earlier one (those it did not run); else all.
   */
  static List<LevelReport> levelsRun(Plan plan, List<LevelReport> levels) {
    if (!plan.earlyStopping()) {
      return levels;
    }
    java.util.Set<String> out = new java.util.HashSet<>();
    List<String> others = plan.candidates().stream().map(Candidate::name).filter(n -> !n.equals(plan.baseline()))
        .toList();
    List<LevelReport> run = new ArrayList<>();
    for (LevelReport l : levels) {
      if (!others.isEmpty() && out.containsAll(others)) {
        break;
      }
      run.add(l);
      for (String n : others) {
        CandidateReport c = l.candidate(n);
        if (c.okRuns() + c.failedRuns() > 0 && settlement(c) == Settlement.RULED_OUT) {
          out.add(n);
        }
      }
    }
    return run;
  }

  @Override
  public String skip(Plan.RunKey key, List<RunResult> done) {
    if (!plan.earlyStopping()) {
      return null;
    }
    int rounds = key.repetition() - 1;
    if (rounds < SequentialDesign.firstLook() && plan.levels().get(0).name().equals(key.level())) {
      return null; // nothing to look at yet
    }
    // only complete rounds decide: the runs of earlier levels, and this level's earlier rounds
    List<RunResult> seen = done.stream()
        .filter(r -> !r.level().equals(key.level()) || r.repetition() < key.repetition()).toList();
    List<LevelReport> levels = ExperimentReport.levels(plan, seen);
    // the rounds that ran: fewer than the repetition's when an earlier round was already skipped
    rounds = (int) seen.stream().filter(r -> r.level().equals(key.level()) && r.candidate().equals(key.candidate()))
        .count();
    LevelReport here = levels.stream().filter(l -> l.level().name().equals(key.level())).findFirst().orElseThrow();
    if (key.candidate().equals(plan.baseline())) {
      List<String> others = plan.candidates().stream().map(Candidate::name).filter(n -> !n.equals(plan.baseline()))
          .toList();
      if (others.stream().allMatch(n -> ruledOutBefore(levels, key.level(), n) != null)) {
        return "every candidate is ruled out at an earlier level: nothing left to compare with";
      }
      LeaderRule.Hold hold = LeaderRule.at(plan, levels, key.level());
      if (rounds >= SequentialDesign.firstLook()
          && others.stream().allMatch(n -> ruledOutBefore(levels, key.level(), n) != null
              || settlement(here.candidate(n)) != Settlement.OPEN || heldBack(hold, levels, here, n) != null)) {
        return "every candidate is settled at " + key.level() + " after " + rounds + " rounds";
      }
      return null;
    }
    String out = ruledOutBefore(levels, key.level(), key.candidate());
    if (out != null) {
      return out;
    }
    String held = heldBack(LeaderRule.at(plan, levels, key.level()), levels, here, key.candidate());
    if (held != null) {
      return held;
    }
    if (rounds < SequentialDesign.firstLook()) {
      return null;
    }
    CandidateReport c = here.candidate(key.candidate());
    return switch (settlement(c)) {
      case OPEN -> null;
      case RULED_OUT -> "ruled out at " + key.level() + " after " + rounds + " rounds: " + why(here, c);
      case SETTLED -> "settled at " + key.level() + " after " + rounds + " rounds: " + why(here, c);
    };
  }

  /**
   * Why the leader rule holds the candidate back at {@code here}, or null: it is held back
   * ({@link LeaderRule}) and the leader is not ruled out up to this level's complete rounds; once
   * the leader is, it runs on if the rounds left can still make an interval.
   */
  private String heldBack(LeaderRule.Hold hold, List<LevelReport> levels, LevelReport here, String candidate) {
    if (!hold.heldBack().contains(candidate)) {
      return null;
    }
    String leader = hold.leader();
    String top = hold.top().level().name();
    if (!LeaderRule.ruledOutUpTo(levels, here, leader)) {
      return LeaderRule.HELD + " at " + here.level().name() + ": " + leader + " leads at " + top + " ("
          + ExperimentText.change(hold.top().candidate(leader).deltas().get(io.jtune.experiment.plan.Metric.P99))
          + " p99 vs the baseline), and while it holds, " + candidate + "'s runs here cannot change which candidate"
          + " the verdict adopts (it runs the rounds left if " + leader + " is ruled out here)";
    }
    // the runs it can still have at the level: those made, and a run in each round the baseline (which
    // runs every round) has not run yet
    CandidateReport c = here.candidate(candidate);
    int can = c.okRuns() + c.failedRuns() + plan.repetitions() - here.baseline().okRuns() - here.baseline().failedRuns();
    return can >= Delta.MIN_RUNS ? null : LeaderRule.HELD + " at " + here.level().name() + ": " + leader
        + ", which led at " + top + ", is ruled out here, and too few rounds are left to judge " + candidate;
  }

  /** Why the candidate was ruled out at a level before {@code level}, or null. */
  private String ruledOutBefore(List<LevelReport> levels, String level, String candidate) {
    for (LevelReport l : levels) {
      if (l.level().name().equals(level)) {
        return null;
      }
      CandidateReport c = l.candidate(candidate);
      if (c.okRuns() + c.failedRuns() > 0 && settlement(c) == Settlement.RULED_OUT) {
        return "ruled out at " + l.level().name() + ": " + why(l, c);
      }
    }
    return null;
  }

  /** The evidence of a settlement, one line. */
  private static String why(LevelReport l, CandidateReport c) {
    if (c.okRuns() == 0) {
      return "no run succeeded";
    }
    List<String> parts = new ArrayList<>();
    c.goals().stream().filter(v -> v.outcome() == Outcome.MISSED)
        .forEach(v -> parts.add("misses " + v.goal().describe() + " (" + v.evidence() + ")"));
    Regressions.of(List.of(l), c.candidate().name()).forEach(r -> parts.add("worse " + r.change()));
    if (parts.isEmpty()) {
      c.goals().stream().filter(v -> v.outcome() == Outcome.MET).forEach(v -> parts.add(v.goal().describe() + " met ("
          + v.evidence() + ")"));
      ServiceGain.gains(c).forEach(g -> parts.add("better " + g));
      parts.add("no significant regression");
    }
    Delta any = c.deltas().values().stream().findFirst().orElse(null);
    return String.join("; ", parts) + (any == null ? "" : " (" + any.levelText() + " intervals)");
  }

  /**
   * What early stopping did in the runs of an experiment: the plan's runs replayed in order, each
   * missing one that the rule skips counted as not needed.
   */
  public EarlyStop replay(List<RunResult> runs) {
    Map<String, RunResult> byId = new HashMap<>();
    runs.forEach(r -> byId.put(r.id(), r));
    List<RunResult> done = new ArrayList<>();
    Map<String, EarlyStop.Stop> stops = new LinkedHashMap<>();
    int skipped = 0;
    for (Plan.RunKey key : plan.schedule()) {
      RunResult r = byId.get(key.id());
      if (r != null) {
        done.add(r);
        continue;
      }
      String why = skip(key, done);
      if (why != null) {
        skipped++;
        stops.putIfAbsent(key.level() + "/" + key.candidate(),
            new EarlyStop.Stop(key.level(), key.candidate(), key.repetition() - 1, why));
      }
    }
    double mean = done.stream().mapToDouble(EarlyStopping::minutes).filter(m -> m > 0).average().orElse(0);
    double made = done.stream().mapToDouble(r -> minutes(r) > 0 ? minutes(r) : mean).sum();
    return new EarlyStop(design.describe(), plan.schedule().size(), done.size(), skipped,
        new ArrayList<>(stops.values()), made, made + skipped * mean);
  }

  /** A run's minutes from its start to its measured window's end, or 0 when unknown (a failed run). */
  static double minutes(RunResult r) {
    if (!r.ok() || r.windowEndEpochMs() <= 0 || r.startedAt() == null) {
      return 0;
    }
    try {
      long start = Instant.parse(r.startedAt()).toEpochMilli();
      return Math.max(0, r.windowEndEpochMs() - start) / 60000.0;
    } catch (DateTimeParseException e) {
      return 0;
    }
  }

  @Override
  public String toString() {
    return String.format(Locale.US, "early stopping (%s)", design.describe());
  }
}
