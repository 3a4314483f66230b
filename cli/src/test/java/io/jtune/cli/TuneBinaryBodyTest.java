package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune tune} with a 2 MB binary body ({@code --body @report.docx}, random bytes): the
 * baseline and the experiment run to the end, the service ({@link RecordingServer} in a JVM of its
 * own) receives exactly those bytes (SHA-256), the plan refers to the file instead of holding it,
 * and {@code experiment --resume} sends it again, or names the file when it is missing or changed.
 */
@RunsBesideAnother
class TuneBinaryBodyTest {
  @TempDir Path dir;

  private static String command(Path record) throws URISyntaxException {
    Path classes = Path.of(RecordingServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    return "java {jvmFlags} -cp " + classes + " " + RecordingServer.class.getName() + " {port} " + record;
  }

  private static List<String> recorded(Path record) throws IOException {
    return Files.isRegularFile(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of();
  }

  @Test
  void aTwoMegabyteBinaryBodyRunsToTheEndArrivesExactAndStaysOutOfThePlan() throws Exception {
    Path doc = dir.resolve("report.docx");
    byte[] bytes = new byte[2 << 20];
    new Random(11).nextBytes(bytes);
    Files.write(doc, bytes);
    Path record = dir.resolve("requests.txt");
    Path out = dir.resolve("run");
    Path log = CliRun.corpusFile(
        "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log");
    String type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    CliRun r = CliRun.of("tune", "--command", command(record), "--ready", "http://127.0.0.1:{port}/ready",
        "--url", "/upload", "-X", "PUT", "-H", "Content-Type: " + type, "--body", "@" + doc,
        "--rate", "20", "--concurrency", "2", "--gc-log", log.toString(), "--quick", "--duration", "2s",
        "--budget", "52s", "--out", out.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("on PUT /upload (1 header, a 2097152-byte body)", "3/4  experiment", "4/4  verdict");
    String expected = RecordingServer.line("PUT", "/upload", null, type, RecordingServer.body(bytes));
    List<String> seen = recorded(record);
    assertThat(seen.size()).isGreaterThan(150);
    assertThat(seen).containsOnly(expected);
    for (String run : List.of("high-baseline-r1", "high-findings-r1", "high-baseline-r2", "high-findings-r2")) {
      assertThat(out.resolve("runs").resolve(run).resolve("result.json")).as(run).exists();
    }
    Path plan = out.resolve("plan.yaml");
    assertThat(Files.size(plan)).isLessThan(8_192);
    assertThat(Files.readString(plan)).contains("bodyFile:", "path: \"" + doc.toAbsolutePath() + "\"",
        "sha256: \"" + RecordingServer.body(bytes).substring(7, 71) + "\"", "bytes: 2097152");

    // resumed: the run done again sends the same bytes
    Files.delete(out.resolve("runs/high-findings-r2/result.json"));
    int before = seen.size();
    CliRun resumed = CliRun.of("experiment", "--resume", out.toString());
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(recorded(record).size()).isGreaterThan(before + 30);
    assertThat(recorded(record)).containsOnly(expected);

    // a changed file is named, and nothing is sent
    Files.delete(out.resolve("runs/high-findings-r2/result.json"));
    bytes[5] ^= 1;
    Files.write(doc, bytes);
    before = recorded(record).size();
    CliRun changed = CliRun.of("experiment", "--resume", out.toString());
    assertThat(changed.exitCode()).as(changed.out()).isEqualTo(2);
    // progress lines, then the error: one line, naming the plan's level and the file
    assertThat(changed.err().lines().filter(l -> l.startsWith("jtune: ")).toList()).singleElement().asString()
        .contains("level 'high': body file " + doc.toAbsolutePath() + " changed since the plan was written");
    assertThat(changed.err()).doesNotContain("checking the target starts");
    Files.delete(doc);
    CliRun missing = CliRun.of("experiment", "--resume", out.toString());
    assertThat(missing.exitCode()).as(missing.out()).isEqualTo(2);
    assertThat(missing.err()).contains("level 'high': body file " + doc.toAbsolutePath() + " is missing");
    assertThat(recorded(record)).hasSize(before);
  }
}
