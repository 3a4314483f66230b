package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune load --replay} against a real server on 127.0.0.1 that records what it receives:
 * the log's requests in logged order, per-endpoint results, lines not understood and bodiless
 * writes said, bad input a one-line usage error.
 */
class LoadReplayCommandTest {
  @TempDir Path dir;

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private LocalHttpServer server;

  @BeforeEach
  void start() throws Exception {
    server = LocalHttpServer.recording(seen, (exchange, body) -> {
      String target = exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
      return exchange.getRequestMethod() + " " + target + (body.isEmpty() ? "" : " " + body)
          + (exchange.getRequestHeaders().containsKey("X-Tenant") ? " tenant=" + exchange.getRequestHeaders().getFirst("X-Tenant") : "");
    }, path -> path.startsWith("/gone"));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String url() {
    return server.url() + "/";
  }

  @Test
  void aGzipAccessLogIsSentInLoggedOrderWithPerEndpointResults() throws Exception {
    Path log = dir.resolve("access.log.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(log))) {
      out.write(("""
          10.0.0.1 - - [01/Mar/2026:10:00:00 +0000] "GET /orders/17?page=2 HTTP/1.1" 200 10 "-" "curl/8"
          10.0.0.2 - - [01/Mar/2026:10:00:00 +0000] "POST /orders HTTP/1.1" 201 5 "-" "curl/8"
          a line nginx never wrote
          10.0.0.3 - - [01/Mar/2026:10:00:01 +0000] "GET /orders/18 HTTP/1.1" 200 10
          10.0.0.4 - - [01/Mar/2026:10:00:01 +0000] "GET /gone/1 HTTP/1.1" 404 0
          """).getBytes(StandardCharsets.UTF_8));
    }
    CliRun r = CliRun.of("load", "--quiet", "-c", "1", "-n", "8", "--replay", log.toString(), "-H", "X-Tenant: t1",
        url());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(seen).containsExactly("GET /orders/17?page=2 tenant=t1", "POST /orders tenant=t1",
        "GET /orders/18 tenant=t1", "GET /gone/1 tenant=t1", "GET /orders/17?page=2 tenant=t1",
        "POST /orders tenant=t1", "GET /orders/18 tenant=t1", "GET /gone/1 tenant=t1");
    assertThat(r.out()).contains("1 of 5 lines not understood (line 3: a line nginx never wrote)")
        .contains("1 POST/PUT/PATCH requests replayed without a body")
        .contains("endpoints").containsPattern("GET /orders/\\{id}\\s+4 ").containsPattern("GET /gone/\\{id}\\s+2 .* 2 ");

    CliRun json = CliRun.of("load", "--quiet", "-c", "1", "-n", "4", "--format", "json", "--replay", log.toString(),
        url());
    assertThat(json.exitCode()).as(json.err()).isZero();
    assertThat(json.err()).contains("jtune: note: 1 of 5 lines not understood");
    JsonNode doc = new ObjectMapper().readTree(json.out());
    assertThat(doc.at("/replay/notUnderstood").asLong()).isEqualTo(1);
    assertThat(doc.at("/replay/withoutBody").asLong()).isEqualTo(1);
    assertThat(doc.at("/endpoints")).hasSize(3);
  }

  @Test
  void jsonLinesCarryTheirBodiesAndHeaders() throws Exception {
    Path log = dir.resolve("requests.jsonl");
    Files.writeString(log, """
        {"timestamp": "2026-03-01T10:00:00Z", "method": "PUT", "path": "/items/5", "body": "{\\"qty\\": 2}", "headers": {"X-Tenant": "t9"}}
        {"timestamp": "2026-03-01T10:00:00.500Z", "url": "https://shop.example/items?q=a%20b"}
        """);
    CliRun r = CliRun.of("load", "--quiet", "-c", "1", "-n", "2", "--replay", log.toString(), url());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(seen).containsExactly("PUT /items/5 {\"qty\": 2} tenant=t9", "GET /items?q=a%20b");
    assertThat(r.out()).doesNotContain("not understood").doesNotContain("without a body");
  }

  @Test
  void atItsSpeedTheLogEndsTheRun() throws Exception {
    Path log = dir.resolve("burst.log");
    StringBuilder lines = new StringBuilder();
    for (int s = 0; s < 4; s++) {
      for (int i = 0; i < 10 * (s + 1); i++) {
        lines.append("1.2.3.4 - - [01/Mar/2026:10:00:0").append(s).append(" +0000] \"GET /p/").append(s)
            .append(" HTTP/1.1\" 200 1\n");
      }
    }
    Files.writeString(log, lines);
    CliRun r = CliRun.of("load", "--quiet", "--format", "json", "--replay", log.toString(), "--replay-speed", "4x",
        url());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode doc = new ObjectMapper().readTree(r.out());
    assertThat(doc.path("model").asText()).isEqualTo("open");
    assertThat(doc.path("requests").asLong()).isEqualTo(100);
    assertThat(doc.at("/replay/speed").asDouble()).isEqualTo(4.0);
    // 4 recorded seconds (the last one's lines spread over it), at 4x
    assertThat(doc.path("durationS").asDouble()).isEqualTo(1.0);
    assertThat(seen).hasSize(100);
  }

  @Test
  void capacitySweepsTheLogsMix() throws Exception {
    Path log = dir.resolve("mix.log");
    Files.writeString(log, """
        1.2.3.4 - - [01/Mar/2026:10:00:00 +0000] "GET /a/1 HTTP/1.1" 200 1
        1.2.3.4 - - [01/Mar/2026:10:00:01 +0000] "GET /b HTTP/1.1" 200 1
        """);
    CliRun r = CliRun.of("capacity", "--quiet", "--levels", "1,2", "--step-duration", "1s", "--step-warmup", "0s",
        "--replay", log.toString(), url());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(seen).isNotEmpty().allMatch(s -> s.equals("GET /a/1") || s.equals("GET /b"));
    assertThat(seen.stream().filter("GET /a/1"::equals).count() - seen.stream().filter("GET /b"::equals).count())
        .isBetween(-4L, 4L);
    CliRun speed = CliRun.of("capacity", "--replay", log.toString(), "--replay-speed", "2x", url());
    assertThat(speed.exitCode()).isEqualTo(2);
    assertThat(speed.err()).contains("--replay-speed").doesNotContain("Exception");
  }

  @Test
  void badReplayInputIsOneLineAndExitTwo() throws Exception {
    Path log = dir.resolve("a.log");
    Files.writeString(log, "1.2.3.4 - - [01/Mar/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 1\n");
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "dear diary\n");
    for (List<String> args : List.of(
        List.of("--replay", dir.resolve("missing.log").toString(), url()),
        List.of("--replay", text.toString(), url()),
        List.of("--replay", log.toString(), "--replay-speed", "fast", url()),
        List.of("--replay", log.toString(), "--replay-speed", "2x", "--rate", "10", url()),
        List.of("--replay", log.toString(), "--body", "x", url()),
        List.of("--replay", log.toString(), url(), url()),
        List.of("--replay-speed", "2x", url()))) {
      List<String> all = new java.util.ArrayList<>(List.of("load", "--quiet", "-n", "1"));
      all.addAll(args);
      CliRun r = CliRun.of(all.toArray(new String[0]));
      assertThat(r.exitCode()).as(args + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).doesNotContain("Exception");
    }
    assertThat(seen).isEmpty();
  }
}
