package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.report.html.ExperimentHtml;
import io.jtune.experiment.run.Experiment;
import io.jtune.gc.testing.JsonSchemas;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A significant change within the metric's practical floor is no practical difference: neither a
 * regression nor a gain, and said so with the floor that holds it. Real runs from
 * testdata/experiments, read with another candidate as the baseline where that gives the case.
 */
class PracticalFloorTest {
  private static final Path EXPERIMENTS = Path.of("../testdata/experiments").toAbsolutePath().normalize();

  private static ExperimentReport report(String experiment, String baseline) throws Exception {
    Path dir = EXPERIMENTS.resolve(experiment);
    Plan p = PlanReader.read(Files.newBufferedReader(dir.resolve("plan.yaml")), "plan.yaml", dir);
    Plan s = p.withCandidates(baseline, p.candidates());
    return ExperimentReport.of(s, List.of(), Experiment.readResults(dir, s));
  }

  private static ExperimentReport.CandidateReport candidate(ExperimentReport r, String level, String name) {
    return r.levels().stream().filter(l -> l.level().name().equals(level)).findFirst().orElseThrow()
        .candidate(name);
  }

  /** The WireMock pool check's p50, 100.95 -> 101.03 ms over 3 runs a side with a tiny spread. */
  @Test
  void aSignificantChangeOfAFractionOfAPercentIsNoRegression() {
    Delta d = Delta.of(Summary.of(List.of(101.02, 101.03, 101.04)), Summary.of(List.of(100.94, 100.95, 100.96)));
    assertThat(d.significantlyWorse(true)).isTrue();
    assertThat(d.negligible(Metric.P50)).isTrue();
    assertThat(d.worse(Metric.P50)).isFalse();
    assertThat(ExperimentText.change(Metric.P50, d)).isEqualTo("+0.1% [+0.1%, +0.1%] n.p.");
    assertThat(PracticalFloor.of(Metric.P50).within(d)).isEqualTo("within the 2 % floor");
    // the same relative change in Full GCs counts: each one is an event, no floor
    assertThat(d.worse(Metric.FGC_COUNT)).isTrue();
    // beyond the floor it counts: p50 +3 %
    Delta more = Delta.of(Summary.of(List.of(103.9, 104.0, 104.1)), Summary.of(List.of(100.94, 100.95, 100.96)));
    assertThat(more.worse(Metric.P50)).isTrue();
    assertThat(more.negligible(Metric.P50)).isFalse();
  }

  /**
   * store-bound with the Parallel candidate as the baseline: the leaking baseline's p50 is 41 %
   * higher at high, significant, but 0.04 ms: within the absolute floor. Its real regressions
   * (throughput, p95, p99, Full GCs) are still named, and the verdict is unchanged.
   */
  @Test
  void aLargeRelativeChangeOfHundredthsOfAMillisecondIsWithinTheAbsoluteFloor() throws Exception {
    ExperimentReport r = report("store-bound", "parallel");
    Delta p50 = candidate(r, "high", "baseline").deltas().get(Metric.P50);
    assertThat(p50.significantlyWorse(true)).isTrue();
    assertThat(p50.pct()).isGreaterThan(30);
    assertThat(Math.abs(p50.diff())).isLessThan(PracticalFloor.LATENCY_MS);
    assertThat(p50.negligible(Metric.P50)).isTrue();

    assertThat(r.recommendation().verdict()).isEqualTo(Verdict.KEEP_BASELINE);
    List<Regressions.Regression> worse = Regressions.of(r.levels());
    assertThat(worse).extracting(g -> g.metric().key()).contains("throughputRps", "p95", "p99", "fgcCount")
        .doesNotContain("p50");
    assertThat(r.recommendation().summary()).contains("made things worse").doesNotContain("p50");
    assertThat(r.recommendation().reasons()).anySatisfy(s -> assertThat(s)
        .containsPattern("^Candidate baseline: p50 \\+41% \\[[^]]+\\] at high \\(\\+0\\.0\\d+ ms, within the 0\\.1 ms"
            + " floor\\), p50 \\+39% \\[[^]]+\\] at medium \\([^)]+ floor\\): no practical difference$"));

    JsonNode doc = ExperimentJson.tree(r);
    JsonNode d = null;
    int at = -1;
    for (int i = 0; i < doc.at("/levels/0/candidates").size(); i++) {
      if (doc.at("/levels/0/candidates/" + i + "/name").asText().equals("baseline")) {
        at = i;
        d = doc.at("/levels/0/candidates/" + i + "/deltas/p50");
      }
    }
    assertThat(d).isNotNull();
    assertThat(d.path("significant").asBoolean()).isTrue();
    assertThat(d.path("practical").asBoolean()).isFalse();
    assertThat(d.path("floorPct").asDouble()).isEqualTo(2);
    assertThat(d.path("floorAbs").asDouble()).isEqualTo(0.1);
    assertThat(d.path("change").asText()).endsWith(" n.p.");
    JsonSchemas.validAndRenameFails(doc, "/levels/0/candidates/" + at + "/deltas/p50/practical");

    StringWriter text = new StringWriter();
    ExperimentText.text(r, new PrintWriter(text));
    assertThat(text.toString()).contains("n.p. = no practical difference (significant, but within the metric's"
        + " floor: latency 2 % or 0.1 ms, throughput 1 %")
        .containsPattern("latency p50 ms .* \\+41% \\[\\+\\d+%, \\+\\d+%\\] n\\.p\\.");

    // the page greys it as it greys n.s., with its own class
    StringWriter html = new StringWriter();
    ExperimentHtml.write(r, EXPERIMENTS.resolve("store-bound"), html);
    assertThat(html.toString()).containsPattern("\"text\":\"\\+41% \\[[^\"]+\\] n\\.p\\.\",\"sort\":[0-9.]+,\"cls\":\"np\"");
  }

  /**
   * survivor-overflow with findings as the baseline: the original configuration's p50 at high is
   * 1 % higher, significant, within the 2 % floor, next to p95 +638 %: only the real regressions
   * are named as such.
   */
  @Test
  void aSmallChangeBesideLargeOnesIsNotListedAmongTheRegressions() throws Exception {
    ExperimentReport r = report("survivor-overflow", "findings");
    assertThat(r.recommendation().verdict()).isEqualTo(Verdict.NOT_A_GC_PROBLEM);
    assertThat(Regressions.of(r.levels())).extracting(g -> g.level() + " " + g.metric().key())
        .contains("high p95", "high p99", "medium p99").doesNotContain("high p50");
    assertThat(Regressions.withinFloor(r.levels())).extracting(g -> g.level() + " " + g.metric().key())
        .containsExactly("high p50");
  }

  /** The recorded survivor-overflow: young-sizing's p95 at medium, -1.9 %, is no gain. */
  @Test
  void aSmallSignificantImprovementIsNoGain() throws Exception {
    ExperimentReport r = report("survivor-overflow", "baseline");
    Delta p95 = candidate(r, "medium", "young-sizing").deltas().get(Metric.P95);
    assertThat(p95.significantlyBetter(true)).isTrue();
    assertThat(p95.better(Metric.P95)).isFalse();
    assertThat(r.recommendation().verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(r.recommendation().winner()).isEqualTo("findings");
    assertThat(r.recommendation().reasons()).anySatisfy(s -> assertThat(s)
        .contains("candidate young-sizing: p95 -2% [-3%, -1%] at medium (within the 2 % floor): no practical difference"));
  }
}
