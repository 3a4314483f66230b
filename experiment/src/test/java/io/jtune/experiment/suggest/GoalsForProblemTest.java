package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GoalsForProblemTest {
  private static Map<String, Goal> goals(String code, boolean highest) {
    return GoalsForProblem.of(code, highest).orElseThrow();
  }

  @Test
  void theProblemChoosesWhatMustImproveAndEverythingElseGetsAMargin() {
    Map<String, Goal> meta = goals("metaspace-threshold", true);
    assertThat(meta.get("noFgcOnStartup").kind()).isEqualTo(Goal.Kind.AT_MOST);
    assertThat(meta).doesNotContainKeys("ygcCount", "ygcTimeTotal");
    assertThat(meta.get("p99").kind()).isEqualTo(Goal.Kind.NON_INFERIOR);
    assertThat(meta.get("p99").value()).isEqualTo(10.0);
    assertThat(meta.get("throughputRps").value()).isEqualTo(-5.0);
    assertThat(meta).doesNotContainKey("rssMb"); // more of the same -Xmx touched is not a regression
    assertThat(meta.values()).filteredOn(Goal::demandsBetter).isEmpty();

    Map<String, Goal> promotion = goals("premature-promotion", true);
    assertThat(promotion.get("fgcCount").demandsBetter()).isTrue();
    assertThat(promotion.get("p99").demandsBetter()).isTrue();
    // at a lower load, p99 only has to stay within its margin
    assertThat(goals("premature-promotion", false).get("p99").kind()).isEqualTo(Goal.Kind.NON_INFERIOR);

    Map<String, Goal> pauses = goals("long-pauses", true);
    assertThat(pauses.get("maxPause").demandsBetter()).isTrue();
    assertThat(pauses.get("p99").demandsBetter()).isTrue();
    assertThat(pauses.get("fgcCount").kind()).isEqualTo(Goal.Kind.NON_INFERIOR);

    assertThat(goals("explicit-gc", true).get("fgcCount").demandsBetter()).isTrue();
    assertThat(goals("gc-not-the-problem", true).values()).noneMatch(Goal::demandsBetter);
    assertThat(goals("memory-leak", true).values()).noneMatch(Goal::demandsBetter);
  }

  @Test
  void withoutACodeTheGoalsAreTodays() {
    assertThat(GoalsForProblem.of(null, true)).isEmpty();
    assertThat(GoalsForProblem.of("no-such-problem", true)).isEmpty();
    List<Level> levels = LoadLevels.levels(0, 8, new LoadLevels.Baseline(true, false, false));
    assertThat(levels.get(0).goals()).containsKeys("ygcCount", "ygcTimeTotal", "fgcCount", "p99", "throughputRps");
    assertThat(levels.get(0).goals().get("p99").value()).isEqualTo(-30.0);
    List<Level> meta = LoadLevels.levels(0, 8, new LoadLevels.Baseline(false, true, false, "metaspace-threshold"));
    assertThat(meta).allSatisfy(l -> assertThat(l.goals()).containsKey("noFgcOnStartup").doesNotContainKey("ygcCount"));
  }

  @Test
  void singleProblemCandidatesComeBeforeBundles() {
    Candidate findings = Candidate.of("findings", List.of("-Xmn64m", "-XX:SurvivorRatio=6", "-XX:MetaspaceSize=128m"), "");
    Candidate young = Candidate.of("young-sizing", List.of("-Xmn64m", "-XX:SurvivorRatio=6", "-XX:+AlwaysPreTouch"), "");
    Candidate pretouch = Candidate.of("pretouch", List.of("-XX:+AlwaysPreTouch"), "");
    Candidate meta = Candidate.of("metaspace", List.of("-XX:MetaspaceSize=128m"), "");
    List<Candidate> ranked = List.of(findings, young, pretouch, meta);
    assertThat(CandidateOrder.singleProblemFirst(ranked, "metaspace-threshold"))
        .containsExactly(meta, findings, young, pretouch);
    assertThat(CandidateOrder.singleProblemFirst(ranked, "premature-promotion"))
        .containsExactly(findings, young, pretouch, meta);
    assertThat(CandidateOrder.singleProblemFirst(ranked, null)).containsExactly(findings, young, pretouch, meta);
  }
}
