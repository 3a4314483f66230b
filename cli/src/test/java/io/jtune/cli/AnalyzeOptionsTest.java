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

  @Test
  void aMemoryLimitKeepsTheHeapTheFindingsProposeWithinTheContainersBudget() throws IOException {
    // a real JDK 17 Serial log: 100-150 MB live in a 256 MB heap, 47 Full GCs back to back; heap-too-small asks
    // for 3x the live set, more than a 512 MiB container holds beside the JVM's non-heap memory
    String log = Path.of("../gc/src/test/resources/findings/serial-liveset-jdk17.log").toAbsolutePath().toString();
    JsonNode host = json(CliRun.of("analyze", "--format", "json", log));
    JsonNode limited = json(CliRun.of("analyze", "--format", "json", "--memory-limit", "512Mi", log));
    long mb = 1L << 20;
    // 512 MiB less the estimated non-heap less 51 MB of headroom: no finding asks for more heap than that
    long budget = io.jtune.gc.model.ContainerBudget.estimated(512 * mb, "--memory-limit",
        limited.path("memoryModel").path("capacities").path("metaspacePeakBytes").asLong(-1)).heapBytes();
    assertThat(budget).isBetween(256 * mb, 512 * mb);
    assertThat(xmx(host)).as(host.path("findings").toString()).anySatisfy(x -> assertThat(x).isGreaterThan(budget));
    assertThat(xmx(limited)).as(limited.path("findings").toString()).isNotEmpty()
        .allSatisfy(x -> assertThat(x).isLessThanOrEqualTo(budget));
    assertThat(limited.path("findings").toString()).contains("Inside the container: the 512.0 MB container limit"
        + " (--memory-limit)").contains("raise the container's memory limit");
    CliRun bad = CliRun.of("analyze", "--memory-limit", "lots", log);
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("--memory-limit: 'lots' is not a memory size").doesNotContain("Exception");
  }

  /** The -Xmx of every finding's flags, in bytes. */
  private static java.util.List<Long> xmx(JsonNode analysis) {
    java.util.List<Long> out = new java.util.ArrayList<>();
    for (JsonNode f : analysis.path("findings")) {
      for (JsonNode flag : f.path("flags")) {
        if (flag.asText().startsWith("-Xmx")) {
          out.add(io.jtune.common.jvm.JvmFlags.parseSize(flag.asText().substring(4)).orElseThrow());
        }
      }
    }
    return out;
  }
}
