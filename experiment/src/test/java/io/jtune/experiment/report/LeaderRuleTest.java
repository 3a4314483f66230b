package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Early stopping's "pick the winner" step on the recorded survivor-overflow runs (levels high, the
 * highest load, then medium; findings and young-sizing cut p99 by about 90 % at high, young-sizing
 * with three flags more): the candidate the verdict would pick at high leads, the others whose runs
 * could not change the pick are held back at medium, and when the leader then fails at medium the
 * verdict does not adopt what it did not judge.
 */
class LeaderRuleTest {
  private static final Path DIR = Path.of("../testdata/experiments/survivor-overflow").toAbsolutePath().normalize();

  @Test
  void theSmallerChangeLeadsAndTheBundleIsHeldBackWhileTheLeaderHolds() {
    Plan plan = plan(5);
    List<RunResult> made = made(plan, recorded(plan, UnaryOperator.identity()));
    assertThat(made).filteredOn(r -> r.level().equals("medium")).extracting(RunResult::candidate)
        .containsOnly("baseline", "findings");
    ExperimentReport early = ExperimentReport.of(plan, List.of(), made);
    assertThat(early.recommendation().verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(early.recommendation().winner()).isEqualTo("findings");
  }

  @Test
  void theLeaderIsTheVerdictsPickNotTheFewestFlags() {
    // young-sizing's p99 at high halved: significantly lower than findings', so it is the pick, and findings is held back
    Plan plan = plan(5);
    List<RunResult> all = recorded(plan, r -> r.level().equals("high") && r.candidate().equals("young-sizing")
        ? withMetric(r, Metric.P99, r.metric(Metric.P99.key()) / 2) : r);
    List<RunResult> made = made(plan, all);
    assertThat(made).filteredOn(r -> r.level().equals("medium")).extracting(RunResult::candidate)
        .containsOnly("baseline", "young-sizing");
    ExperimentReport early = ExperimentReport.of(plan, List.of(), made);
    ExperimentReport fixed = ExperimentReport.of(plan.withEarlyStopping(false), List.of(), all);
    assertThat(fixed.recommendation().winner()).isEqualTo("young-sizing");
    assertThat(early.recommendation().winner()).isEqualTo("young-sizing");
  }

  @Test
  void aLeaderThatFailsWithTooFewRoundsLeftMakesTheVerdictInconclusiveNotAnAdoption() {
    // findings at medium given the baseline's runs at high (Full GCs, ten times the p99): ruled out at the first look
    Plan plan = plan(5);
    List<RunResult> all = failingLeader(plan);
    ExperimentReport fixed = ExperimentReport.of(plan.withEarlyStopping(false), List.of(), all);
    assertThat(fixed.recommendation().winner()).as("the fixed design adopts the bundle").isEqualTo("young-sizing");

    List<RunResult> made = made(plan, all);
    // ruled out after round 3 with 2 rounds left: too few for young-sizing's interval, so it stays held back
    assertThat(made).noneMatch(r -> r.level().equals("medium") && r.candidate().equals("young-sizing"));
    ExperimentReport early = ExperimentReport.of(plan, List.of(), made);
    assertThat(early.recommendation().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(early.recommendation().summary()).contains("held back young-sizing at medium")
        .contains("--no-early-stopping");
  }

  @Test
  void aLeaderThatFailsWithRoundsLeftBringsTheHeldBackCandidateBack() {
    // 7 repetitions (the recorded 5 reused): findings is ruled out at medium after round 3, 4 rounds are left;
    // young-sizing runs from round 4 and settles at its own first look, after its 3rd run there
    Plan plan = plan(7);
    List<RunResult> all = failingLeader(plan);
    List<RunResult> made = made(plan, all);
    assertThat(made).filteredOn(r -> r.level().equals("medium") && r.candidate().equals("young-sizing"))
        .extracting(RunResult::repetition).containsExactly(4, 5, 6);
    ExperimentReport early = ExperimentReport.of(plan, List.of(), made);
    ExperimentReport fixed = ExperimentReport.of(plan.withEarlyStopping(false), List.of(), all);
    assertThat(early.recommendation().verdict()).isEqualTo(fixed.recommendation().verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(early.recommendation().winner()).isEqualTo("young-sizing");
  }

  private static Plan plan(int repetitions) {
    return PlanReader.read(DIR.resolve(Experiment.PLAN_FILE)).withEarlyStopping(true).withRepetitions(repetitions);
  }

  /** The recorded runs, repetition k reusing the recorded ((k - 1) mod 5) + 1, each changed by {@code change}. */
  private static List<RunResult> recorded(Plan plan, UnaryOperator<RunResult> change) {
    Map<String, RunResult> byId = new HashMap<>();
    Experiment.readResults(DIR, plan.withRepetitions(5)).forEach(r -> byId.put(r.id(), r));
    List<RunResult> out = new ArrayList<>();
    for (Plan.RunKey key : plan.schedule()) {
      RunResult r = byId.get(new Plan.RunKey(key.level(), key.candidate(), (key.repetition() - 1) % 5 + 1).id());
      out.add(change.apply(relabel(r, key)));
    }
    return out;
  }

  /** The recorded runs with findings' medium runs replaced by the baseline's at high. */
  private static List<RunResult> failingLeader(Plan plan) {
    List<RunResult> base = recorded(plan, UnaryOperator.identity());
    return base.stream().map(r -> r.level().equals("medium") && r.candidate().equals("findings")
        ? relabel(base.stream().filter(b -> b.level().equals("high") && b.candidate().equals("baseline")
            && b.repetition() == r.repetition()).findFirst().orElseThrow(), new Plan.RunKey("medium", "findings",
            r.repetition()))
        : r).toList();
  }

  /** The runs the experiment makes in the plan's order with the rule. */
  private static List<RunResult> made(Plan plan, List<RunResult> all) {
    EarlyStopping rule = EarlyStopping.of(plan);
    List<RunResult> done = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (rule.skip(plan.schedule().get(i), done) == null) {
        done.add(all.get(i));
      }
    }
    return done;
  }

  private static RunResult withMetric(RunResult r, Metric m, double v) {
    Map<String, Double> metrics = new HashMap<>(r.metrics());
    metrics.put(m.key(), v);
    return copy(r, r.id(), r.level(), r.candidate(), r.repetition(), metrics);
  }

  private static RunResult relabel(RunResult r, Plan.RunKey key) {
    return copy(r, key.id(), key.level(), key.candidate(), key.repetition(), r.metrics());
  }

  private static RunResult copy(RunResult r, String id, String level, String candidate, int repetition,
      Map<String, Double> metrics) {
    return new RunResult(r.schema(), id, level, candidate, repetition, r.status(), r.failure(), r.startedAt(), r.flags(),
        r.jvmPid(), r.windowStartEpochMs(), r.windowEndEpochMs(), metrics, r.threads(), r.gcLinesNotUnderstood(),
        r.outputTail(), r.gcProblem(), r.recording(), r.gcAttribution(), r.container(), r.ergonomics(),
        r.nativeMemory(), r.endpoints()).withSteadiness(r.steadiness());
  }
}
