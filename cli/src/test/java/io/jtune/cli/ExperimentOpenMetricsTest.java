package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.cli.OpenMetricsParser.Sample;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code jtune experiment --report DIR --format openmetrics} on a recorded experiment (real runs
 * of the lab, testdata/experiments): the text parses with the Prometheus client's strict
 * OpenMetrics parser and gives the JSON report's means, changes and verdict in base units.
 */
class ExperimentOpenMetricsTest {
  private static final Path RUNS = CliRun.corpus().resolveSibling("experiments").resolve("serial-vs-default");

  private static Sample one(List<Sample> samples, String name, String candidate, String... labelValue) {
    List<Sample> found = samples.stream().filter(s -> s.name().equals(name)
        && (candidate == null || candidate.equals(s.label("candidate")))).filter(s -> {
          for (int i = 0; i < labelValue.length; i += 2) {
            if (!labelValue[i + 1].equals(s.label(labelValue[i]))) {
              return false;
            }
          }
          return true;
        }).toList();
    assertThat(found).as(name + " " + candidate + " " + List.of(labelValue)).hasSize(1);
    return found.get(0);
  }

  @Test
  void theRecordedExperimentParsesAndSaysWhatItsJsonReportSays() throws Exception {
    CliRun om = CliRun.of("experiment", "--report", RUNS.toString(), "--format", "openmetrics");
    CliRun json = CliRun.of("experiment", "--report", RUNS.toString(), "--format", "json");
    assertThat(om.exitCode()).as(om.err()).isZero();
    assertThat(json.exitCode()).as(json.err()).isZero();
    List<Sample> samples = OpenMetricsParser.parse(om.out());
    JsonNode report = new ObjectMapper().readTree(json.out());
    CliRun prom = CliRun.of("experiment", "--report", RUNS.toString(), "--format", "prometheus");
    assertThat(prom.exitCode()).as(prom.err()).isZero();
    assertThat(AnalyzeOpenMetricsTest.samples(OpenMetricsParser.parsePrometheus(prom.out())))
        .containsExactlyInAnyOrderElementsOf(AnalyzeOpenMetricsTest.samples(samples));

    Sample verdict = one(samples, "jtune_experiment_verdict_info", null);
    assertThat(verdict.label("verdict")).isEqualTo(report.at("/recommendation/verdict").asText());
    assertThat(verdict.label("experiment")).isEqualTo("serial-vs-default");
    for (JsonNode level : report.get("levels")) {
      for (JsonNode c : level.get("candidates")) {
        String name = c.get("name").asText();
        assertThat(one(samples, "jtune_experiment_runs", name, "outcome", "ok").value())
            .isEqualTo(c.get("okRuns").asDouble());
        assertThat(one(samples, "jtune_experiment_latency_p99_seconds", name).value() * 1000)
            .isCloseTo(c.at("/metrics/p99/mean").asDouble(), within(1e-3));
        assertThat(one(samples, "jtune_experiment_throughput_requests_per_second", name).value())
            .isCloseTo(c.at("/metrics/throughputRps/mean").asDouble(), within(1e-3));
        assertThat(one(samples, "jtune_experiment_gc_time_ratio", name).value() * 100)
            .isCloseTo(c.at("/metrics/gcTimeShare/mean").asDouble(), within(1e-3));
        assertThat(one(samples, "jtune_experiment_rss_peak_bytes", name).value() / (1 << 20))
            .isCloseTo(c.at("/metrics/rssMb/mean").asDouble(), within(1e-3));
        if (!c.get("baseline").asBoolean()) {
          JsonNode p99 = c.at("/deltas/p99");
          assertThat(one(samples, "jtune_experiment_change_ratio", name, "metric", "p99", "bound", "estimate").value() * 100)
              .isCloseTo(p99.get("pct").asDouble(), within(1e-3));
          assertThat(one(samples, "jtune_experiment_change_ratio", name, "metric", "p99", "bound", "low").value() * 100)
              .isCloseTo(p99.get("pctLow").asDouble(), within(1e-3));
          assertThat(one(samples, "jtune_experiment_change_significant", name, "metric", "p99").value())
              .isEqualTo(p99.get("significant").asBoolean() ? 1 : 0);
        }
      }
    }
  }
}
