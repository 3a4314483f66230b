package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rare Full GCs make a tail p99 does not see: a few Full GCs that stop the service well under 1 % of
 * the time delay fewer requests than the slowest 1 %. Where the baseline's Full GCs are rare, the
 * goals ask for the tail they make (p99.9, or the slowest request) at the highest load; where they are
 * frequent, p99 sees them and no such goal is added.
 */
class RareFullGcGoalTest {
  private static Analysis analyze(String log) {
    return GcAnalyzer.analyze(List.of(Path.of("../testdata").resolve(log).toString()),
        new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
  }

  private static double fullShare(Analysis a) {
    return 100 * a.pauses().kind(PauseKind.FULL).totalMs() / 1000 / a.span().durationS();
  }

  @Test
  void rareFullGcsGetATailGoalAtTheHighestLoad() {
    // WireMock with its journal bounded, Serial in 128 MB for 60 s: 8 Full GCs, 0.5 s of 65 s
    Analysis a = analyze("services/wiremock-3-journal18000-serial128m-60s-jdk17.log");
    assertThat(a.diagnosis().primary().code()).isEqualTo("heap-too-small");
    assertThat(a.pauses().kind(PauseKind.FULL).count()).isEqualTo(8);
    assertThat(fullShare(a)).isBetween(GoalsForProblem.P999_SEES_FULL_GC_SHARE_PCT, GoalsForProblem.RARE_FULL_GC_SHARE_PCT);
    List<Level> levels = Advisor.advise(a, Advisor.Inputs.NONE.withQps(200)).levels();
    Map<String, Goal> high = levels.get(0).goals();
    assertThat(high.get("p999").kind()).isEqualTo(Goal.Kind.RELATIVE);
    assertThat(high.get("p999").demandsBetter()).isTrue();
    assertThat(high.get("fgcCount").demandsBetter()).isTrue();
    // at a lower load the tail only has to stay within its margin: no tail goal
    assertThat(levels.get(levels.size() - 1).goals()).doesNotContainKey("p999");
  }

  @Test
  void frequentFullGcsAreSeenByP99AndGetNoTailGoal() {
    // the lab's survivor overflow: a Full GC every 2-3.5 s, 16 % of the time
    Analysis a = analyze("casebook/survivor-overflow.log");
    assertThat(a.diagnosis().primary().code()).isEqualTo("premature-promotion");
    assertThat(fullShare(a)).isGreaterThan(GoalsForProblem.RARE_FULL_GC_SHARE_PCT);
    for (Level l : Advisor.advise(a, Advisor.Inputs.NONE.withQps(150)).levels()) {
      assertThat(l.goals()).doesNotContainKeys("p999", "latencyMax");
    }
  }

  @Test
  void fullGcsUnderATenthOfAPercentAskTheSlowestRequest() {
    GoalsForProblem.Cost veryRare = new GoalsForProblem.Cost(3, 1, 0, Double.NaN, 0.05);
    Map<String, Goal> g = GoalsForProblem.of("explicit-gc", true, veryRare).orElseThrow();
    assertThat(g.get("latencyMax").demandsBetter()).isTrue();
    assertThat(g).doesNotContainKey("p999");
    // no Full GC at all: nothing rare to look for
    assertThat(GoalsForProblem.of("explicit-gc", true, new GoalsForProblem.Cost(3, 0, 0, Double.NaN, 0)).orElseThrow())
        .doesNotContainKeys("p999", "latencyMax");
  }
}
