package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.common.format.OutputFormat;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.report.files.ExperimentRenderers;
import io.jtune.experiment.run.Experiment;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.testing.OpenMetricsParser;
import io.jtune.gc.testing.OpenMetricsParser.Sample;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The experiment report in OpenMetrics ({@code jtune experiment --report DIR --format openmetrics})
 * of a recorded experiment (real runs of the lab, testdata/experiments): the text parses with the Prometheus client's strict
 * OpenMetrics parser and gives the JSON report's means, changes and verdict in base units.
 */
class ExperimentOpenMetricsTest {
  private static final Path RUNS = AnalyzedLogs.testdataFile("experiments").resolve("serial-vs-default");

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

  /** The report of the recorded run directory, as {@code --report DIR} reads it. */
  static ExperimentReport recorded(Path runDir) throws IOException {
    Path saved = runDir.resolve(Experiment.PLAN_FILE);
    Path baseFile = runDir.resolve(Experiment.PLAN_BASE_FILE);
    Path base = Files.isRegularFile(baseFile) ? Path.of(Files.readString(baseFile).trim()) : runDir.toAbsolutePath();
    Plan plan = PlanReader.read(new StringReader(Files.readString(saved, StandardCharsets.UTF_8)), saved.toString(), base);
    plan = plan.withSource(base.resolve(plan.fileName() + ".yaml"));
    return ExperimentReport.of(plan, Experiment.baseFlags(plan), Experiment.readResults(runDir, plan));
  }

  private static String render(ExperimentReport r, OutputFormat format) throws IOException {
    StringWriter w = new StringWriter();
    ExperimentRenderers.of(RUNS).render(format, r, new PrintWriter(w));
    return w.toString();
  }

  @Test
  void theRecordedExperimentParsesAndSaysWhatItsJsonReportSays() throws Exception {
    ExperimentReport recorded = recorded(RUNS);
    List<Sample> samples = OpenMetricsParser.parse(render(recorded, OutputFormat.OPENMETRICS));
    JsonNode report = new ObjectMapper().readTree(render(recorded, OutputFormat.JSON));
    assertThat(OpenMetricsParser.samples(OpenMetricsParser.parsePrometheus(render(recorded, OutputFormat.PROMETHEUS))))
        .containsExactlyInAnyOrderElementsOf(OpenMetricsParser.samples(samples));

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
