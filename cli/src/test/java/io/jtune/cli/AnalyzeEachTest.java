package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune analyze --each}: a directory holding a rotated set with restarts, a host's folder
 * with a single log and a log without collections gives one row per JVM lifetime in the inputs' order, the same figures
 * as analyzing each on its own, in the table, CSV and JSON lines.
 */
class AnalyzeEachTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ROTATED = "gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log";
  private static final String SERIAL = "gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log";
  private static final String EMPTY = "src__test__resources__openjdk__SampleSun1_8_0RollingLogfile.txt";

  @TempDir Path dir;
  private Path fleet;

  @BeforeEach
  void fleet() throws Exception {
    fleet = Files.createDirectory(dir.resolve("fleet"));
    Path toolkit = CliRun.corpus().resolve("gctoolkit-testdata");
    for (String suffix : List.of("", ".1", ".2", ".3", ".4")) {
      Files.copy(toolkit.resolve(ROTATED + suffix), fleet.resolve("a-" + ROTATED + suffix));
    }
    // a host's folder below the fleet's: read too; a hidden folder (.git, .snapshots) is not
    Files.copy(toolkit.resolve(SERIAL), Files.createDirectory(fleet.resolve("b-host")).resolve("b-" + SERIAL));
    Files.copy(toolkit.resolve(SERIAL), Files.createDirectory(fleet.resolve(".hidden")).resolve(SERIAL));
    Files.copy(CliRun.corpus().resolve("GCViewer").resolve(EMPTY), fleet.resolve("c-" + EMPTY));
  }

  private List<JsonNode> jsonLines(String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("analyze", "--each", "--format", "jsonl"));
    args.addAll(List.of(extra));
    args.add(fleet.toString());
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<JsonNode> rows = new ArrayList<>();
    for (String line : r.out().split("\n")) {
      rows.add(JSON.readTree(line));
    }
    return rows;
  }

  private static JsonNode analysis(List<String> files) throws Exception {
    List<String> args = new ArrayList<>(List.of("analyze", "--format", "json"));
    args.addAll(files);
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }

  @Test
  void oneRowPerJvmLifetimeWithTheFiguresOfItsOwnAnalysis() throws Exception {
    List<JsonNode> rows = jsonLines();
    List<String> rotated = new ArrayList<>();
    for (String suffix : List.of("", ".1", ".2", ".3", ".4")) {
      rotated.add(fleet.resolve("a-" + ROTATED + suffix).toString());
    }
    JsonNode set = analysis(rotated);
    JsonNode serial = analysis(List.of(fleet.resolve("b-host").resolve("b-" + SERIAL).toString()));
    int lifetimes = set.path("jvms").size();
    assertThat(lifetimes).isGreaterThan(1);
    // the rotated set's lifetimes, then the serial log's one, then the empty log's reason
    assertThat(rows).hasSize(lifetimes + 2);
    for (int i = 0; i < lifetimes; i++) {
      sameFigures(rows.get(i), set.path("jvms").get(i));
    }
    sameFigures(rows.get(lifetimes), serial.path("jvms").get(0));
    assertThat(rows.get(lifetimes).path("topFinding").asText()).isEqualTo(serial.at("/findings/0/id").asText());
    JsonNode empty = rows.get(lifetimes + 1);
    assertThat(empty.path("error").asText()).contains("no collections");
    assertThat(empty.path("collector").isNull()).isTrue();
  }

  private static void sameFigures(JsonNode row, JsonNode jvm) {
    assertThat(row.path("inputs")).isEqualTo(jvm.path("inputs"));
    assertThat(row.path("jvm").asInt()).isEqualTo(jvm.path("number").asInt());
    assertThat(row.path("collector").asText()).isEqualTo(jvm.path("collector").asText());
    assertThat(row.path("pauses").asLong()).isEqualTo(jvm.at("/summary/pauseCount").asLong());
    assertThat(row.path("pauseP99Ms").asDouble()).isEqualTo(jvm.at("/summary/p99Ms").asDouble());
    assertThat(row.path("pauseMaxMs").asDouble()).isEqualTo(jvm.at("/summary/pauseMaxMs").asDouble());
    assertThat(row.path("fullGcs").asLong()).isEqualTo(jvm.at("/summary/fullCount").asLong());
    assertThat(row.path("diagnosis").asText()).isEqualTo(jvm.at("/diagnosis/primary").asText());
    assertThat(row.path("allocationRateMBps")).isEqualTo(jvm.at("/memoryModel/allocationMBPerS"));
    assertThat(row.path("liveSetBytes")).isEqualTo(jvm.at("/memoryModel/liveSet/bytes"));
    assertThat(row.path("topFinding").asText(null)).isEqualTo(jvm.at("/findings/0/id").asText(null));
  }

  @Test
  void csvHasTheSameRowsAsJsonLines() throws Exception {
    List<JsonNode> rows = jsonLines();
    CliRun r = CliRun.of("analyze", "--each", "--format", "csv", fleet.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<Map<String, String>> csv;
    try (MappingIterator<Map<String, String>> it = new CsvMapper().readerForMapOf(String.class)
        .with(CsvSchema.emptySchema().withHeader()).readValues(r.out())) {
      csv = it.readAll();
    }
    assertThat(csv).hasSize(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      assertThat(csv.get(i).get("collector")).isEqualTo(rows.get(i).path("collector").asText(""));
      assertThat(csv.get(i).get("pauses")).isEqualTo(rows.get(i).path("pauses").asText(""));
      assertThat(csv.get(i).get("diagnosis")).isEqualTo(rows.get(i).path("diagnosis").asText(""));
      assertThat(csv.get(i).get("inputs")).isEqualTo(rows.get(i).path("inputs").get(0).asText()
          + (rows.get(i).path("inputs").size() > 1 ? ";" : ""));
    }
  }

  @Test
  void tableRowsAndClosingCount() throws Exception {
    int lifetimes = jsonLines().size() - 1;
    CliRun r = CliRun.of("analyze", "--each", fleet.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    String[] lines = r.out().split("\n");
    assertThat(lines[0]).startsWith("JVM").contains("p99 ms", "Live set", "Diagnosis", "Top finding");
    assertThat(lines).hasSize(lifetimes + 3);
    assertThat(lines[lines.length - 1]).isEqualTo(lifetimes + " JVM lifetimes; 1 input with no JVM to analyze");
    assertThat(lines[2]).contains("#2");
  }

  @Test
  void badUsageIsOneLineAndExitTwo() {
    CliRun html = CliRun.of("analyze", "--each", "--format", "html", fleet.toString());
    assertThat(html.exitCode()).isEqualTo(2);
    assertThat(html.err().strip()).isEqualTo("jtune: --each writes text, csv or jsonl, not html");
    CliRun csv = CliRun.of("analyze", "--format", "csv", fleet.toString());
    assertThat(csv.exitCode()).isEqualTo(2);
    assertThat(csv.err().strip()).isEqualTo("jtune: --format csv lists JVMs one per row: add --each");
    CliRun nothing = CliRun.of("analyze", "--each", dir.resolve("missing.log").toString());
    assertThat(nothing.exitCode()).isEqualTo(2);
    assertThat(nothing.err()).contains("missing.log: no such file or directory").doesNotContain("Exception");
    CliRun gate = CliRun.of("analyze", "--each", "--fail-on", "warning", fleet.toString());
    assertThat(gate.exitCode()).isEqualTo(2);
  }
}
