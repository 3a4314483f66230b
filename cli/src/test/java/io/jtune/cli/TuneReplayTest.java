package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.gc.testing.JsonSchemas;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune tune --replay}: the logged requests reach every run of a real service started as
 * a command (a JVM running {@link RecordingServer}); the plan refers to the log; the reports have
 * a per-endpoint table and do not call the load uniform; {@code experiment --resume} replays too.
 */
@RunsBesideAnother
class TuneReplayTest {
  @TempDir Path dir;

  private static String command(Path record) throws URISyntaxException {
    Path classes = Path.of(RecordingServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    return "java {jvmFlags} -cp " + classes + " " + RecordingServer.class.getName() + " {port} " + record;
  }

  @Test
  void theLogsRequestsReachEveryRunAndThePlanRefersToTheLog() throws Exception {
    Path record = dir.resolve("requests.txt");
    Path out = dir.resolve("run");
    Path log = dir.resolve("access.log");
    Files.writeString(log, """
        10.0.0.1 - - [01/Mar/2026:10:00:00 +0000] "GET /orders/17 HTTP/1.1" 200 10 "-" "curl/8"
        10.0.0.2 - - [01/Mar/2026:10:00:00 +0000] "GET /orders/18 HTTP/1.1" 200 10 "-" "curl/8"
        10.0.0.3 - - [01/Mar/2026:10:00:01 +0000] "GET /search?q=a HTTP/1.1" 200 10 "-" "curl/8"
        not an access log line
        """);
    Path gcLog = CliRun.corpusFile(
        "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log");
    CliRun r = CliRun.of("tune", "--command", command(record), "--ready", "http://127.0.0.1:{port}/ready",
        "--replay", log.toString(), "-H", "Authorization: Basic ${env:HOME}", "--rate", "40", "--concurrency", "2",
        "--gc-log", gcLog.toString(), "--quick", "--duration", "2s", "--budget", "52s", "--out", out.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("replaying access.log (its mix)", "4/4  verdict", "Per endpoint")
        .doesNotContain("every request was the same");
    List<String> seen = Files.readAllLines(record, StandardCharsets.UTF_8);
    assertThat(seen.size()).isGreaterThan(400);
    String auth = "Basic " + System.getenv("HOME");
    assertThat(seen).containsOnly(RecordingServer.line("GET", "/orders/17", auth, null, ""),
        RecordingServer.line("GET", "/orders/18", auth, null, ""), RecordingServer.line("GET", "/search", auth, null, ""));
    // the logged mix: two of three requests to /orders/{id}
    long orders = seen.stream().filter(s -> s.startsWith("GET /orders/")).count();
    assertThat((double) orders / seen.size()).isBetween(0.6, 0.73);
    String plan = Files.readString(out.resolve("plan.yaml"), StandardCharsets.UTF_8);
    assertThat(plan).contains("replay:", "path: \"" + log.toAbsolutePath() + "\"");
    JsonNode doc = new ObjectMapper().readTree(out.resolve("experiment.json").toFile());
    assertThat(doc.has("loadNote")).isFalse();
    assertThat(doc.at("/levels/0/endpoints").toString()).contains("GET /orders/{id}", "GET /search");
    JsonSchemas.validAndRenameFails(doc, "/levels/0/endpoints/0/endpoint");
    JsonNode run = new ObjectMapper().readTree(out.resolve("runs/high-baseline-r1/result.json").toFile());
    assertThat(run.at("/endpoints")).hasSize(2);

    Files.delete(out.resolve("runs/high-baseline-r2/result.json"));
    int before = seen.size();
    CliRun resumed = CliRun.of("experiment", "--resume", out.toString());
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    List<String> after = Files.readAllLines(record, StandardCharsets.UTF_8);
    assertThat(after.size()).isGreaterThan(before + 100);
    assertThat(after.subList(before, after.size())).allMatch(s -> s.startsWith("GET /orders/1") || s.startsWith("GET /search"));
  }
}
