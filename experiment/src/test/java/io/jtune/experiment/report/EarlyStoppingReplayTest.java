package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.io.StringWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The rule on recorded runs (testdata/experiments/survivor-overflow: the demo's fixed design with 5
 * repetitions, two candidates that each cut p99 by about 90 % at the high level): the runs it makes,
 * as the experiment would make them in the plan's order, give the fixed design's verdict with fewer
 * runs; the report of those runs says so; and an experiment interrupted anywhere and resumed makes
 * the same runs (the rule reads only the results).
 */
class EarlyStoppingReplayTest {
  private static final Path DIR = Path.of("../testdata/experiments/survivor-overflow").toAbsolutePath().normalize();

  @Test
  void aClearWinnerStopsAtTheFirstLookWithTheFixedDesignsVerdict() {
    Plan recorded = PlanReader.read(DIR.resolve(Experiment.PLAN_FILE));
    assertThat(recorded.earlyStopping()).as("recorded with every repetition").isFalse();
    Plan plan = recorded.withEarlyStopping(true);
    List<RunResult> all = Experiment.readResults(DIR, plan);
    ExperimentReport fixed = ExperimentReport.of(plan.withEarlyStopping(false), List.of(), all);
    assertThat(fixed.recommendation().verdict()).isEqualTo(Verdict.ADOPT);

    List<RunResult> made = made(plan, all, List.of());
    // every candidate settles at the first look (round 3) at high, the highest load: rounds 4 and 5 are not
    // needed; findings leads there (young-sizing adds flags for the same p99), so young-sizing is held back at
    // medium, where findings and the baseline settle after 3 rounds
    assertThat(made).hasSize(15).allSatisfy(r -> assertThat(r.repetition()).isLessThanOrEqualTo(3));
    assertThat(made).noneMatch(r -> r.level().equals("medium") && r.candidate().equals("young-sizing"));
    ExperimentReport early = ExperimentReport.of(plan, List.of(), made);
    assertThat(early.recommendation().verdict()).isEqualTo(fixed.recommendation().verdict());
    assertThat(early.recommendation().winner()).isEqualTo(fixed.recommendation().winner()).isEqualTo("findings");
    EarlyStop stop = early.earlyStop();
    assertThat(stop.stoppedEarly()).isTrue();
    assertThat(stop.runsSkipped()).isEqualTo(15);
    assertThat(stop.stops()).extracting(s -> s.level() + "/" + s.candidate()).containsExactlyInAnyOrder(
        "high/baseline", "high/findings", "high/young-sizing", "medium/baseline", "medium/findings",
        "medium/young-sizing");
    assertThat(stop.stops()).filteredOn(s -> !s.candidate().equals("young-sizing") || s.level().equals("high"))
        .allSatisfy(s -> assertThat(s.rounds()).isEqualTo(3));
    assertThat(stop.stops()).filteredOn(s -> s.candidate().equals("findings")).first()
        .satisfies(s -> assertThat(s.why()).startsWith("settled at high after 3 rounds").contains("98.9 % intervals"));
    assertThat(stop.stops()).filteredOn(s -> s.level().equals("medium") && s.candidate().equals("young-sizing"))
        .singleElement().satisfies(s -> {
          assertThat(s.rounds()).isZero();
          assertThat(s.why()).startsWith("held back at medium: findings leads at high");
        });
    assertThat(stop.pctOfFixed()).isBetween(40.0, 60.0);
    // the intervals are the first look's, and the report says so
    assertThat(early.levels().get(0).candidate("findings").deltas().get(io.jtune.experiment.plan.Metric.P99).level())
        .isEqualTo(SequentialDesign.of(plan).level(3));
    StringWriter text = new StringWriter();
    ExperimentText.text(early, new PrintWriter(text));
    assertThat(text.toString()).contains("Early stopping: stopped early, 15 of 30 runs not needed")
        .contains("medium/young-sizing not run: held back at medium")
        .contains("high/findings stopped after 3 round(s): settled at high")
        .contains("confidence interval at the level of its look");
  }

  @Test
  void anExperimentInterruptedAnywhereAndResumedMakesTheSameRuns() {
    Plan plan = PlanReader.read(DIR.resolve(Experiment.PLAN_FILE)).withEarlyStopping(true);
    List<RunResult> all = Experiment.readResults(DIR, plan);
    List<RunResult> uninterrupted = made(plan, all, List.of());
    for (int cut = 0; cut <= uninterrupted.size(); cut++) {
      assertThat(made(plan, all, uninterrupted.subList(0, cut))).as("resumed after %d runs", cut)
          .isEqualTo(uninterrupted);
    }
  }

  /** The runs the experiment makes in the plan's order with the rule, {@code kept} already done (a resume). */
  private static List<RunResult> made(Plan plan, List<RunResult> recorded, List<RunResult> kept) {
    Map<String, RunResult> byId = recorded.stream().collect(Collectors.toMap(RunResult::id, Function.identity()));
    EarlyStopping rule = EarlyStopping.of(plan);
    List<RunResult> done = new ArrayList<>();
    for (Plan.RunKey key : plan.schedule()) {
      RunResult k = kept.stream().filter(r -> r.id().equals(key.id())).findFirst().orElse(null);
      if (k != null) {
        done.add(k);
      } else if (rule.skip(key, done) == null) {
        done.add(byId.get(key.id()));
      }
    }
    return done;
  }
}
