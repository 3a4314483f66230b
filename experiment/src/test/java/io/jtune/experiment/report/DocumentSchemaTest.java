package io.jtune.experiment.report;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static io.jtune.gc.testing.JsonSchemas.errors;
import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.OutputFormat;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.report.files.ExperimentRenderers;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The experiment's JSON documents of a real experiment on the lab (two candidates, one short
 * run each): the experiment report as its renderer writes it and as experiment.json keeps it,
 * each run's result.json and load.json, validated against the schema they name (gc's test jar:
 * JsonSchemas); the same document with one field renamed fails validation.
 */
@ExtendWith(UsesLabJar.class)
class DocumentSchemaTest {
  private static final Path LAB_JAR = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void experimentItsRunsAndTheirLoadResults() throws IOException {
    String yaml = """
        name: schema
        target: {lab: api}
        baseline: a
        candidates:
          - {name: a}
          - {name: b, flags: "-Xmn32m"}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 2s, goals: {p99: -30%}, urls: ["3 /scenario", "1 /stats"]}
        repetitions: 1
        cooldown: 0s
        """;
    Path out = dir.resolve("out");
    Plan plan = PlanReader.read(new StringReader(yaml), "plan.yaml", dir);
    List<RunResult> results = Experiment.prepare(plan, yaml, out, Experiment.Options.DEFAULTS, null).run();
    ExperimentReport report = ExperimentReport.of(plan, Experiment.baseFlags(plan), results);
    ReportFiles.writeAll(report, out);
    StringWriter w = new StringWriter();
    ExperimentRenderers.of(out).render(OutputFormat.JSON, report, new PrintWriter(w));
    JsonNode doc = JSON.readTree(w.toString());
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.experiment/1");
    assertThat(JSON.readTree(out.resolve("experiment.json").toFile())).isEqualTo(doc);
    validAndRenameFails(doc, "/levels/0/candidates/1/metrics");
    validAndRenameFails(doc, "/levels/0/winner");
    validAndRenameFails(doc, "/recommendation");
    validAndRenameFails(doc, "/runs/list/0/steadiness/servedRps");
    validAndRenameFails(doc, "/levels/0/load/maxWarmupS");
    // two URLs: each one's figures per candidate beside the totals, /scenario with about 3 times the requests
    assertThat(doc.at("/levels/0/endpoints")).hasSize(4);
    for (JsonNode e : doc.at("/levels/0/endpoints")) {
      assertThat(e.path("endpoint").asText()).isIn("GET /scenario", "GET /stats");
      assertThat(e.path("errors").asLong()).as(e.toString()).isZero();
      assertThat(e.path("throughputRps").asDouble()).isPositive();
    }
    validAndRenameFails(doc, "/levels/0/endpoints/0/p99Ms");
    assertThat(doc.has("loadNote")).isFalse();
    StringWriter text = new StringWriter();
    ExperimentText.text(report, new PrintWriter(text));
    assertThat(text.toString()).contains("Per endpoint", "GET /scenario", "GET /stats")
        .doesNotContain("every request was the same");
    // the same runs reported under a plan of one URL with one body: the report says so, once
    Plan uniform = PlanReader.read(new StringReader(yaml.replace(", urls: [\"3 /scenario\", \"1 /stats\"]", "")),
        "plan.yaml", dir);
    StringWriter u = new StringWriter();
    ExperimentRenderers.of(out).render(OutputFormat.JSON, ExperimentReport.of(uniform, List.of(), results),
        new PrintWriter(u));
    JsonNode uniformDoc = JSON.readTree(u.toString());
    assertThat(uniformDoc.path("loadNote").asText()).isEqualTo(UniformLoad.NOTE);
    validAndRenameFails(uniformDoc, "/loadNote");
    StringWriter ut = new StringWriter();
    ExperimentText.text(ExperimentReport.of(uniform, List.of(), results), new PrintWriter(ut));
    assertThat(ut.toString().split("every request was the same", -1)).hasSize(2);
    // the baseline's run tracked its native memory (NMT), the candidate's did not
    int base = doc.at("/runs/list/0/id").asText().equals("l-a-r1") ? 0 : 1;
    assertThat(doc.at("/runs/list/" + base + "/id").asText()).isEqualTo("l-a-r1");
    assertThat(doc.at("/runs/list/" + base + "/nativeMemory/heapBytes").asLong()).isPositive();
    assertThat(doc.at("/runs/list/" + base + "/nativeMemory/nonHeapBytes").asLong()).isPositive();
    assertThat(doc.at("/runs/list/" + (1 - base) + "/nativeMemory").isMissingNode()).isTrue();
    validAndRenameFails(doc, "/runs/list/" + base + "/nativeMemory/threads");
    // counts are integers (a run's count; the mean over runs need not be)
    assertThat(doc.at("/levels/0/candidates/0/metrics/ygcCount/values/0").isIntegralNumber()).isTrue();
    assertThat(doc.at("/levels/0/candidates/0/metrics/errors/max").isIntegralNumber()).isTrue();
    assertThat(doc.at("/levels/0/candidates/0/metrics/p99/mean").isDouble()).isTrue();
    ((ObjectNode) doc.at("/levels/0/candidates/0/metrics")).putObject("p99Micros").put("mean", 1.0);
    assertThat(errors(doc)).as("a metric key plans do not know").isNotEmpty();

    List<Path> runs;
    try (Stream<Path> s = Files.list(out.resolve("runs"))) {
      runs = s.sorted().toList();
    }
    assertThat(runs).hasSize(2);
    for (Path run : runs) {
      JsonNode result = JSON.readTree(run.resolve("result.json").toFile());
      assertThat(result.path("schema").asText()).isEqualTo("jtune.run/1");
      assertThat(result.path("status").asText()).as(result.path("failure").asText()).isEqualTo("ok");
      validAndRenameFails(result, "/windowStartEpochMs");
      // the suite's warm-ups are fixed: the run still records its seconds
      assertThat(result.at("/steadiness/warmupEnded").asText()).isEqualTo("fixed");
      validAndRenameFails(result, "/steadiness/window/0/p99Ms");
      if (result.path("candidate").asText().equals("a")) {
        validAndRenameFails(result, "/nativeMemory/gcBytes");
        assertThat(run.resolve("native-memory.txt")).content().contains("Native Memory Tracking:");
      }
      assertThat(result.at("/metrics/ygcCount").isIntegralNumber() && result.at("/metrics/errors").isIntegralNumber())
          .as("counts as integers: %s", result.path("metrics")).isTrue();
      JsonNode load = JSON.readTree(run.resolve("load.json").toFile());
      validAndRenameFails(load, "/latencyMs/p50");
      validAndRenameFails(load, "/endpoints/1/latencyMs/p99");
      validAndRenameFails(result, "/endpoints/0/p99Ms");
      assertThat(load.at("/endpoints/0/requests").asLong() + load.at("/endpoints/1/requests").asLong())
          .isEqualTo(load.path("requests").asLong());
    }
  }
}
