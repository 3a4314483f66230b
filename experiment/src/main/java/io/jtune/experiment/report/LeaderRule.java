package io.jtune.experiment.report;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.EarlyStopping.Settlement;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.LevelReport;
import io.jtune.experiment.report.ExperimentReport.Recommendation;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Early stopping's "pick the winner" step: once the highest-load level has run, the verdict's
 * choice among the candidates adoptable by then is fixed by that level's p99 (the lowest, or the
 * smallest change as good: {@link Recommender#pick}). The <i>leader</i> is the pick among the
 * candidates settled there. A candidate is <i>held back</i> at a later level when, as long as the
 * leader stays adoptable, its runs there cannot change which candidate the verdict adopts: for
 * every set of still possible candidates that holds the leader, the pick is the same with or
 * without the held-back ones. It then runs at a later level only once the leader is ruled out
 * there (and enough rounds are left for an interval).
 *
 * <p>This never raises false adoption: a held-back candidate with too few runs at a level cannot
 * be adopted, so the candidates the verdict can adopt are a subset of the fixed design's, judged
 * with the same intervals. What it costs: when the leader passes its later levels (the common
 * case) nothing; when it fails one, the held-back candidates lack runs there and the verdict is
 * inconclusive and says so ({@link #heldBackShort}), where the fixed design could have adopted one.
 */
final class LeaderRule {
  /** How a held-back run's reason begins (the report finds such stops by it). */
  static final String HELD = "held back";
  /** At most this many candidates are compared (every subset of them is tried). */
  private static final int MOST = 12;

  private LeaderRule() {}

  /** The leader and the candidates it holds back, once the highest-load level has run before {@code level}. */
  record Hold(String leader, LevelReport top, List<String> heldBack) {
    static final Hold NONE = new Hold(null, null, List.of());
  }

  /**
   * The hold at {@code level}, judged from {@code levels} (made from the runs so far): none when the
   * highest-load level does not come before it in the plan's order, or nothing is settled there.
   */
  static Hold at(Plan plan, List<LevelReport> levels, String level) {
    LevelReport top = ExperimentReport.highestLoad(levels);
    List<String> order = plan.levels().stream().map(io.jtune.experiment.plan.Level::name).toList();
    if (order.indexOf(top.level().name()) >= order.indexOf(level)) {
      return Hold.NONE;
    }
    // the candidates the verdict could still adopt: those that ran at the top and were not ruled out up to it
    List<String> pool = new ArrayList<>();
    List<String> settled = new ArrayList<>();
    for (Candidate c : plan.candidates()) {
      String n = c.name();
      if (n.equals(plan.baseline()) || ruledOutUpTo(levels, top, n)) {
        continue;
      }
      CandidateReport t = top.candidate(n);
      if (t.okRuns() + t.failedRuns() == 0) {
        continue;
      }
      pool.add(n);
      if (EarlyStopping.settlement(t) == Settlement.SETTLED) {
        settled.add(n);
      }
    }
    if (settled.isEmpty() || pool.size() > MOST) {
      return Hold.NONE;
    }
    String leader = Recommender.pick(plan, top, settled);
    List<String> held = new ArrayList<>();
    for (String d : pool) {
      if (d.equals(leader)) {
        continue;
      }
      List<String> trial = new ArrayList<>(held);
      trial.add(d);
      if (pickUnchanged(plan, top, pool, leader, trial)) {
        held = trial;
      }
    }
    return new Hold(leader, top, held);
  }

  /** Whether every subset of {@code pool} that holds the leader has the same pick without {@code held}. */
  private static boolean pickUnchanged(Plan plan, LevelReport top, List<String> pool, String leader,
      List<String> held) {
    int li = pool.indexOf(leader);
    for (int mask = 0; mask < 1 << pool.size(); mask++) {
      if ((mask & 1 << li) == 0) {
        continue;
      }
      List<String> all = new ArrayList<>();
      List<String> rest = new ArrayList<>();
      for (int i = 0; i < pool.size(); i++) {
        if ((mask & 1 << i) != 0) {
          all.add(pool.get(i));
          if (!held.contains(pool.get(i))) {
            rest.add(pool.get(i));
          }
        }
      }
      if (!Recommender.pick(plan, top, all).equals(Recommender.pick(plan, top, rest))) {
        return false;
      }
    }
    return true;
  }

  /** Whether the candidate was ruled out at a level up to and including {@code upTo}. */
  static boolean ruledOutUpTo(List<LevelReport> levels, LevelReport upTo, String n) {
    for (LevelReport l : levels) {
      CandidateReport c = l.candidate(n);
      if (c.okRuns() + c.failedRuns() > 0 && EarlyStopping.settlement(c) == Settlement.RULED_OUT) {
        return true;
      }
      if (l.level().name().equals(upTo.level().name())) {
        return false;
      }
    }
    return false;
  }

  /**
   * The verdict when early stopping held candidates back and they ran too few rounds at a level to
   * be judged (the leader failed there): inconclusive, naming them; null when none did.
   */
  static Recommendation inconclusive(Plan plan, List<LevelReport> levels, List<RunResult> runs, List<String> reasons) {
    Map<String, String> held = plan.earlyStopping()
        ? heldBackShort(plan, levels, EarlyStopping.of(plan).replay(runs)) : Map.of();
    if (held.isEmpty()) {
      return null;
    }
    String which = held.entrySet().stream().map(e -> e.getKey() + " at " + e.getValue())
        .collect(Collectors.joining(", "));
    return new Recommendation(Verdict.INCONCLUSIVE, null, "Keep " + plan.baseline() + " for now: inconclusive —"
        + " early stopping held back " + which + " while the candidate leading at the highest load could still be"
        + " adopted, and that one then fell short there: too few runs to judge " + String.join(", ", held.keySet())
        + "; run them at every level (an experiment of the baseline and them, or --no-early-stopping).", reasons,
        List.of(), false);
  }

  /**
   * The candidates early stopping held back that ran fewer rounds than an interval needs at some
   * level, by candidate with that level: after the leader failed there, the verdict cannot judge them.
   */
  private static Map<String, String> heldBackShort(Plan plan, List<LevelReport> levels, EarlyStop stop) {
    Map<String, String> out = new LinkedHashMap<>();
    if (stop == null) {
      return out;
    }
    for (EarlyStop.Stop s : stop.stops()) {
      if (!s.why().startsWith(HELD)) {
        continue;
      }
      LevelReport l = levels.stream().filter(x -> x.level().name().equals(s.level())).findFirst().orElseThrow();
      CandidateReport c = l.candidate(s.candidate());
      if (c.okRuns() < Delta.MIN_RUNS && !ruledOutUpTo(levels, l, s.candidate())) {
        out.putIfAbsent(s.candidate(), s.level());
      }
    }
    return out;
  }
}
