package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.GoalsForProblem;
import io.jtune.gc.testing.JsonSchemas;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A tried candidate that made things significantly worse is named in the recommendation (its
 * summary, its reasons, the JSON document's {@code regressions}), whatever the verdict and
 * whatever its goals asked. Real runs: testdata/experiments/heap-too-small read the other way
 * round, -Xmx448m as the baseline and -Xmx176m (a heap its 130 MiB live set crowds) as the
 * candidate tried.
 */
class RegressionsTest {
  private static final Path DIR = Path.of("../testdata/experiments/heap-too-small").toAbsolutePath().normalize();

  private static ExperimentReport swapped(Map<String, Goal> goals) throws Exception {
    Plan p = PlanReader.read(Files.newBufferedReader(DIR.resolve("plan.yaml")), "plan.yaml", DIR);
    Plan s = p.withCandidates("heap-448m", p.candidates());
    s = s.withLevels(s.levels().stream().map((Level l) -> l.withGoals(goals)).toList());
    List<RunResult> runs = Experiment.readResults(DIR, s);
    return ExperimentReport.of(s, List.of(), runs);
  }

  @Test
  void aCandidateThatMadeP99AndThroughputWorseIsNamedWithItsIntervals() throws Exception {
    // the goals ask only that Full GCs halve (none in any window): the goal is left unsettled or missed,
    // and the summary must not stop there
    ExperimentReport r = swapped(GoalsForProblem.of("heap-too-small", true).orElseThrow());
    var rec = r.recommendation();
    assertThat(rec.verdict()).isNotEqualTo(Verdict.ADOPT);
    List<Regressions.Regression> worse = Regressions.of(r.levels());
    assertThat(worse).extracting(Regressions.Regression::candidate).containsOnly("base");
    assertThat(worse).extracting(g -> g.metric().key()).contains("p99", "throughputRps");
    for (Regressions.Regression g : worse) {
      assertThat(g.delta().significantlyWorse(g.metric().lowerIsBetter())).as(g.change()).isTrue();
    }
    // p99 up and throughput down, each with an interval wholly on the bad side
    assertThat(rec.summary()).containsPattern("Candidate base made things worse: [^.]* at high\\.$")
        .containsPattern("[:,] p99 \\+\\d+% \\[\\+\\d+%, \\+\\d+%\\][,a-z ]")
        .containsPattern("[:,] throughputRps -\\d+% \\[-\\d+%, -\\d+%\\][,a-z ]");
    assertThat(rec.reasons().get(0)).startsWith("Candidate base made things worse: ");

    JsonNode doc = ExperimentJson.tree(r);
    JsonNode regressions = doc.at("/recommendation/regressions");
    assertThat(regressions.size()).isEqualTo(worse.size());
    JsonNode p99 = null;
    for (JsonNode n : regressions) {
      if (n.path("metric").asText().equals("p99")) {
        p99 = n;
      }
    }
    assertThat(p99).isNotNull();
    assertThat(p99.path("candidate").asText()).isEqualTo("base");
    assertThat(p99.path("level").asText()).isEqualTo("high");
    assertThat(p99.path("pctLow").asDouble()).isPositive();
    assertThat(p99.path("pct").asDouble()).isGreaterThan(p99.path("pctLow").asDouble());
    JsonSchemas.validAndRenameFails(doc, "/recommendation/regressions/0/metric");

    StringWriter text = new StringWriter();
    ExperimentText.text(r, new PrintWriter(text));
    assertThat(text.toString()).contains("Candidate base made things worse: ");
  }

  @Test
  void theRunsTheRightWayRoundNameNoRegression() throws Exception {
    Plan p = PlanReader.read(Files.newBufferedReader(DIR.resolve("plan.yaml")), "plan.yaml", DIR);
    ExperimentReport r = ExperimentReport.of(p, List.of(), Experiment.readResults(DIR, p));
    assertThat(Regressions.of(r.levels())).isEmpty();
    assertThat(r.recommendation().summary()).doesNotContain("made things worse");
    assertThat(ExperimentJson.tree(r).at("/recommendation/regressions").size()).isZero();
  }
}
