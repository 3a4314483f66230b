package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.Verdict;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.GoalsForProblem;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A case from the case book, end to end from real runs: the lab's api service keeping a 130 MiB
 * live set in -Xmx176m (G1), under 8 closed-loop clients whose requests each allocate 1 MiB,
 * against the same with -Xmx448m (testdata/experiments/heap-too-small: the plan, each run's
 * result.json, and the first baseline run's GC log). The baseline's windows hold no Full GC; the
 * larger heap raises throughput and lowers p99 significantly. Goals follow what the baseline shows
 * the GC costs, and a significant gain in p99 or throughput with no regression is adopted.
 */
class HeapTooSmallVerdictTest {
  private static final Path DIR = Path.of("../testdata/experiments/heap-too-small").toAbsolutePath().normalize();

  private static Plan plan() throws Exception {
    return PlanReader.read(Files.newBufferedReader(DIR.resolve("plan.yaml")), "plan.yaml", DIR);
  }

  private static Plan withGoals(Plan p, Map<String, Goal> goals) {
    return p.withLevels(p.levels().stream().map((Level l) -> l.withGoals(goals)).toList());
  }

  @Test
  void theBaselineIsDiagnosedHeapTooSmallWithoutFullGcsInItsWindows() throws Exception {
    Analysis a = GcAnalyzer.analyze(List.of(DIR.resolve("runs/high-base-r1/gc.log.gz").toString()),
        new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    assertThat(a.diagnosis().primary().code()).isEqualTo("heap-too-small");
    assertThat(a.diagnosis().advice()).contains("-Xmx448m");
    Plan p = plan();
    List<RunResult> base = Experiment.readResults(DIR, p).stream().filter(r -> r.candidate().equals("base")).toList();
    assertThat(base).hasSize(4).allSatisfy(r -> assertThat(r.metric("fgcCount")).isZero());
  }

  @Test
  void goalsFollowWhatTheBaselineShowsTheGcCosts() throws Exception {
    Plan p = plan();
    RunResult r1 = Experiment.readResults(DIR, p).stream().filter(r -> r.id().equals("high-base-r1")).findFirst()
        .orElseThrow();
    Map<String, Goal> goals = GoalsForProblem.of("heap-too-small", true, BaselineCost.of(r1)).orElseThrow();
    // no Full GC in the measured window: Full GCs only must not appear, they are not what to cut
    assertThat(goals.get("fgcCount").kind()).isEqualTo(Goal.Kind.NON_INFERIOR);
    // GC took 16-18 % of the time and nearly every request slower than p99 was in a pause
    assertThat(goals.get("gcTimeShare").demandsBetter()).isTrue();
    assertThat(goals.get("p99").demandsBetter()).isTrue();
    assertThat(goals.get("throughputRps").kind()).isEqualTo(Goal.Kind.NON_INFERIOR);
    assertThat(goals).doesNotContainKey("errors");
    // at a lower load p99 only has to stay within its margin
    assertThat(GoalsForProblem.of("heap-too-small", false, BaselineCost.of(r1)).orElseThrow().get("p99")
        .kind()).isEqualTo(Goal.Kind.NON_INFERIOR);

    ExperimentReport report = ExperimentReport.of(withGoals(p, goals), List.of(), Experiment.readResults(DIR, p));
    assertThat(report.recommendation().verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(report.recommendation().winner()).isEqualTo("heap-448m");
    assertThat(report.recommendation().summary()).startsWith("Adopt heap-448m: it improves what the goals ask")
        .contains("gcTimeShare");
    assertThat(report.recommendation().flagDiff()).anyMatch(l -> l.contains("-Xmx448m"));
    assertThat(report.levels().get(0).winner()).isEqualTo("heap-448m");
  }

  @Test
  void aSignificantGainInP99AndThroughputIsAdoptedWhateverTheGoalsAsked() throws Exception {
    Plan p = plan();
    // the goals a fixed table gave this problem: Full GCs halved, where the baseline had none
    Map<String, Goal> fixed = GoalsForProblem.of("heap-too-small", true).orElseThrow();
    assertThat(fixed.get("fgcCount").demandsBetter()).isTrue();
    ExperimentReport report = ExperimentReport.of(withGoals(p, fixed), List.of(), Experiment.readResults(DIR, p));
    assertThat(report.recommendation().verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(report.recommendation().winner()).isEqualTo("heap-448m");
    assertThat(report.recommendation().summary()).contains("significantly improves what the service's users see")
        .contains("p99 -").contains("throughputRps +").doesNotContain("improves nothing");
    assertThat(report.levels().get(0).winner()).isEqualTo("heap-448m");
    assertThat(report.levels().get(0).reasons()).noneMatch(r -> r.contains("improves nothing"));
  }

  @Test
  void theSameRunsTheOtherWayRoundAreNotAdopted() throws Exception {
    Plan p = plan();
    // -Xmx448m as the baseline and -Xmx176m as the candidate: p99 and throughput significantly worse
    Plan swapped = p.withCandidates("heap-448m", p.candidates());
    swapped = withGoals(swapped, GoalsForProblem.of("heap-too-small", true, GoalsForProblem.Cost.UNKNOWN)
        .orElseThrow());
    ExperimentReport report = ExperimentReport.of(swapped, List.of(), Experiment.readResults(DIR, swapped));
    assertThat(report.recommendation().verdict()).isNotEqualTo(Verdict.ADOPT);
    assertThat(report.recommendation().winner()).isNull();
  }
}
