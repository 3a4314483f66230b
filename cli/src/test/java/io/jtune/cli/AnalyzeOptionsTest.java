package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every option of {@code jtune analyze} reaches the analysis: each is given a non-default value
 * and the report must show it (the command's model is built in code, so a binding can be wrong).
 */
class AnalyzeOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LOG = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt";

  @TempDir Path dir;

  private static JsonNode json(CliRun r) throws IOException {
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }

  @Test
  void defaults() throws IOException {
    JsonNode d = json(CliRun.of("analyze", "--format", "json", CliRun.corpusFile(LOG).toString()));
    assertThat(d.path("windows").path("windowS").asDouble()).isEqualTo(60.0);
    assertThat(d.path("rates").has("requestRateRps")).isFalse();
    assertThat(d.path("rates").path("memoryPerRequestBytes").isNull()).isTrue();
    assertThat(d.has("events")).isFalse();
  }

  @Test
  void everyOptionTakesEffect() throws IOException {
    String log = CliRun.corpusFile(LOG).toString();
    JsonNode d = json(CliRun.of("analyze", "--format", "json", "--window", "30s", "--qps", "250",
        "--flags", "-Xmx777m -XX:+UseConcMarkSweepGC", "--events", log));
    assertThat(d.path("windows").path("windowS").asDouble()).isEqualTo(30.0);
    assertThat(d.path("rates").path("requestRateRps").asDouble()).isEqualTo(250.0);
    assertThat(d.path("rates").path("memoryPerRequestBytes").asLong()).isPositive();
    assertThat(d.path("jvm").path("flags").toString()).contains("-Xmx777m");
    assertThat(d.path("events").size()).isEqualTo(d.path("summary").path("pauseCount").asInt());

    // --pause-target: the long-young-pauses finding appears at a target below every young pause
    JsonNode low = json(CliRun.of("analyze", "--format", "json", "--pause-target", "0.001", log));
    JsonNode high = json(CliRun.of("analyze", "--format", "json", "--pause-target", "100000", log));
    assertThat(low.path("findings").findValuesAsText("id")).contains("long-young-pauses");
    assertThat(high.path("findings").findValuesAsText("id")).doesNotContain("long-young-pauses");

    // --format markdown and --no-color (text, which is never coloured when not on a terminal)
    assertThat(CliRun.of("analyze", "--format", "markdown", log).out()).startsWith("# ");
    CliRun text = CliRun.of("analyze", "--no-color", log);
    assertThat(text.exitCode()).isZero();
    assertThat(text.out()).contains("Overview").doesNotContain("\u001b[");

    // -o / --output: the report goes to the file, nothing to stdout
    Path out = dir.resolve("report.json");
    CliRun toFile = CliRun.of("analyze", "--format", "json", "--output", out.toString(), log);
    assertThat(toFile.exitCode()).isZero();
    assertThat(toFile.out()).isEmpty();
    assertThat(toFile.err()).contains("report written to");
    assertThat(JSON.readTree(Files.readString(out, StandardCharsets.UTF_8)).path("schema").asText())
        .isEqualTo("jtune.analysis/2");
    CliRun shortName = CliRun.of("analyze", "--format", "json", "-o", dir.resolve("r2.json").toString(), log);
    assertThat(shortName.exitCode()).isZero();
    assertThat(dir.resolve("r2.json")).exists();
  }
}
