package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input gets one clear line on stderr and exit code 2 when nothing can be analyzed, and
 * partial results plus the unparsed report when something can; never a stack trace.
 */
class AnalyzeBadInputTest {
  private static final String CMS = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt";
  private static final String G1_UNIFIED =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** A one-line "jtune: ..." error naming {@code expected} on stderr, nothing on stdout, exit 2. */
  static void assertOneLineError(CliRun r, String expected) {
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).startsWith("jtune: ").contains(expected).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void aJfrRecordingAndJstatOutputNameTheCommandThatReadsThem() throws Exception {
    // a real recording and real jstat output of real JVMs
    Path rec = dir.resolve("rec.jfr");
    Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:StartFlightRecording=filename=" + rec, "-version").redirectErrorStream(true)
        .redirectOutput(dir.resolve("jvm.txt").toFile()).start();
    Process jstat = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstat").toString(), "-gc",
        Long.toString(ProcessHandle.current().pid())).redirectErrorStream(true).redirectOutput(dir.resolve("jstat.txt").toFile())
        .start();
    try {
      assertThat(jvm.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      assertThat(jstat.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    } finally {
      jvm.destroyForcibly();
      jstat.destroyForcibly();
    }
    assertOneLineError(CliRun.of("analyze", rec.toString()), "a JFR recording, not a GC log: read it with 'jtune jfr ");
    assertOneLineError(CliRun.of("analyze", dir.resolve("jstat.txt").toString()),
        "jstat output, not a GC log: give it to 'jtune suggest --jstat ");
  }

  @Test
  void emptyFile() throws IOException {
    Path f = Files.createFile(dir.resolve("empty.log"));
    assertOneLineError(CliRun.of("analyze", f.toString()), "empty file");
  }

  @Test
  void binaryFile() throws IOException {
    byte[] junk = new byte[100_000];
    new Random(7).nextBytes(junk);
    Path f = Files.write(dir.resolve("gc.log"), junk);
    assertOneLineError(CliRun.of("analyze", f.toString()), "binary data, not a GC log");
  }

  @Test
  void textThatIsNotAGcLog() throws IOException {
    Path f = Files.writeString(dir.resolve("notes.txt"), "Dear diary,\ntoday the service was slow.\n".repeat(50));
    assertOneLineError(CliRun.of("analyze", f.toString()), "not a GC log");
  }

  @Test
  void missingPath() {
    assertOneLineError(CliRun.of("analyze", dir.resolve("nope.log").toString()), "no such file or directory");
  }

  @Test
  void unreadablePath() {
    // readable by permission bits for root too, but reading fails (EINVAL): a real read error
    Path p = Path.of("/proc/self/clear_refs");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(p), "Linux /proc needed");
    CliRun r = CliRun.of("analyze", p.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("jtune: ").contains("clear_refs").doesNotContain("\tat ");
  }

  @Test
  void headerOnlyLogHasNothingToAnalyze() {
    CliRun r = CliRun.of("analyze", CliRun.corpusFile("GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part7.txt").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("jtune: nothing to analyze");
  }

  @Test
  void truncatedLastLineStillGivesResults() throws IOException {
    String log = Files.readString(CliRun.corpusFile(CMS), StandardCharsets.ISO_8859_1);
    String cut = log.substring(0, log.stripTrailing().length() - 40);
    Path f = Files.writeString(dir.resolve("cut.log"), cut, StandardCharsets.ISO_8859_1);
    JsonNode full = json(CliRun.of("analyze", "--format", "json", CliRun.corpusFile(CMS).toString()));
    JsonNode part = json(CliRun.of("analyze", "--format", "json", f.toString()));
    assertThat(part.at("/summary/pauseCount").asLong()).isPositive()
        .isLessThanOrEqualTo(full.at("/summary/pauseCount").asLong());
    assertThat(part.at("/unparsed/linesRead").asLong()).isEqualTo(cut.lines().count());
  }

  @Test
  void tenMegabyteLineIsReportedAndSkipped() throws IOException {
    String log = Files.readString(CliRun.corpusFile(G1_UNIFIED), StandardCharsets.ISO_8859_1);
    int mid = log.indexOf('\n', log.length() / 2) + 1;
    String huge = "[1.000s][info][gc] " + "x".repeat(10 << 20) + "\n";
    Path f = Files.writeString(dir.resolve("huge.log"), log.substring(0, mid) + huge + log.substring(mid),
        StandardCharsets.ISO_8859_1);
    CliRun r = CliRun.of("analyze", "--format", "json", f.toString());
    assertThat(r.exitCode()).isZero();
    JsonNode j = JSON.readTree(r.out());
    JsonNode clean = json(CliRun.of("analyze", "--format", "json", CliRun.corpusFile(G1_UNIFIED).toString()));
    assertThat(j.at("/summary/pauseCount").asLong()).isPositive().isEqualTo(clean.at("/summary/pauseCount").asLong());
    assertThat(j.at("/unparsed/count").asLong()).isEqualTo(clean.at("/unparsed/count").asLong() + 1);
    assertThat(j.at("/unparsed/examples").toString()).contains("line longer than");
  }

  @Test
  void clockGoingBackwardsIsCounted() throws IOException {
    Path f = CliRun.corpusFile("gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__corrupted__rollsbackclock.log");
    JsonNode j = json(CliRun.of("analyze", "--format", "json", f.toString()));
    assertThat(j.at("/unparsed/clockBackwards").asLong()).isEqualTo(1);
    assertThat(j.at("/unparsed/warnings/0/text").asText()).contains("backwards");
  }

  @Test
  void mixedFormatsInOneFile() throws IOException {
    String jdk8 = Files.readString(CliRun.corpusFile(CMS), StandardCharsets.ISO_8859_1);
    String unified = Files.readString(CliRun.corpusFile("GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-serial-gc-defaults.txt"),
        StandardCharsets.ISO_8859_1);
    Path f = Files.writeString(dir.resolve("mixed.log"), jdk8 + unified, StandardCharsets.ISO_8859_1);
    JsonNode j = json(CliRun.of("analyze", "--format", "json", f.toString()));
    JsonNode alone = json(CliRun.of("analyze", "--format", "json", CliRun.corpusFile(CMS).toString()));
    assertThat(j.at("/summary/pauseCount").asLong()).isEqualTo(alone.at("/summary/pauseCount").asLong());
    assertThat(j.at("/unparsed/count").asLong() + j.at("/unparsed/otherTextLines").asLong())
        .isGreaterThanOrEqualTo(unified.lines().count());
  }

  @Test
  void oneBadInputAmongGoodOnesGivesPartialResults() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty.log"));
    CliRun r = CliRun.of("analyze", "--format", "json", CliRun.corpusFile(CMS).toString(), empty.toString());
    assertThat(r.exitCode()).isZero();
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.at("/summary/pauseCount").asLong()).isPositive();
    assertThat(j.at("/unparsed/problems/0/message").asText()).isEqualTo("empty file");
  }

  @Test
  void theEmptyNewestFileOfARotatedSetIsNoProblem() throws IOException {
    // a JVM that rotates at exit leaves gc.log empty beside gc.log.0
    Files.copy(CliRun.corpusFile(G1_UNIFIED), dir.resolve("gc.log.0"));
    Files.createFile(dir.resolve("gc.log"));
    JsonNode j = json(CliRun.of("analyze", "--format", "json", dir.toString()));
    JsonNode alone = json(CliRun.of("analyze", "--format", "json", CliRun.corpusFile(G1_UNIFIED).toString()));
    assertThat(j.at("/summary/pauseCount").asLong()).isEqualTo(alone.at("/summary/pauseCount").asLong());
    assertThat(j.at("/unparsed/problems")).isEmpty();
  }

  @Test
  void standardInput() throws IOException {
    byte[] log = Files.readAllBytes(CliRun.corpusFile(CMS));
    CliRun r = CliRun.withStdin(new ByteArrayInputStream(log), "analyze", "--format", "json", "-");
    assertThat(r.exitCode()).isZero();
    assertThat(JSON.readTree(r.out()).at("/inputs/0/name").asText()).isEqualTo("-");
  }

  @Test
  void badOptionsAreUsageErrors() {
    // a value picocli cannot convert: the error line, then where to find the usage
    CliRun r = CliRun.of("analyze", "--window", "soon", CliRun.corpusFile(CMS).toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).containsExactly(
        "jtune: Invalid value for option '--window': 'soon' is not a duration (e.g. 500ms, 10s, 2m, 1h)",
        "Try 'jtune analyze --help' for usage.");
    CliRun f = CliRun.of("analyze", "--format", "pdf", CliRun.corpusFile(CMS).toString());
    assertThat(f.exitCode()).isEqualTo(2);
    assertThat(f.err()).contains("--format");
  }

  private static JsonNode json(CliRun r) throws IOException {
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }
}
