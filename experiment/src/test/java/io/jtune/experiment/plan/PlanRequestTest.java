package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A level's method, headers, body and insecure: read, written back, checked. */
class PlanRequestTest {
  private static final String PLAN = """
      name: orders
      target:
        command: java {jvmFlags} -jar app.jar --port {port}
        ready: https://127.0.0.1:{port}/health
      baseline: base
      candidates:
        - name: base
          flags: -Xmx256m -XX:+UseSerialGC
        - name: g1
          flags: -Xmx256m -XX:+UseG1GC
      levels:
        - name: high
          rate: 200
          urls: ["3 /orders", "1 https://localhost:8443/orders/bulk"]
          method: POST
          headers: ["Authorization: Bearer t0ken", "Content-Type: application/json"]
          body: '{"item": 7, "note": "a \\"quoted\\" word"}'
          insecure: true
        - name: low
          concurrency: 2
      """;

  private static Plan read(String yaml) {
    return PlanReader.read(new StringReader(yaml), "plan.yaml", Path.of("."));
  }

  @Test
  void aLevelCarriesItsMethodHeadersBodyAndInsecure() {
    Plan p = read(PLAN);
    LevelRequest high = p.level("high").orElseThrow().request();
    assertThat(high.method()).isEqualTo("POST");
    assertThat(high.headers()).containsExactly("Authorization: Bearer t0ken", "Content-Type: application/json");
    assertThat(high.body()).isEqualTo("{\"item\": 7, \"note\": \"a \\\"quoted\\\" word\"}");
    assertThat(high.insecure()).isTrue();
    assertThat(p.level("low").orElseThrow().request()).isEqualTo(LevelRequest.GET);
  }

  @Test
  void theWrittenPlanReadsBackTheSameRequests() {
    Plan p = read(PLAN.replace("Bearer t0ken", "Bearer ${env:API_TOKEN}"));
    String yaml = new PlanWriter().write(p);
    Plan back = read(yaml);
    for (String level : List.of("high", "low")) {
      assertThat(back.level(level).orElseThrow().request()).as(yaml)
          .isEqualTo(p.level(level).orElseThrow().request());
    }
    assertThat(yaml).contains("insecure: true").doesNotContain("method: \"GET\"");
  }

  @Test
  void aSecretGivenInClearIsWrittenRedactedAndAReferenceAsGiven() {
    Plan p = read(PLAN);
    String yaml = new PlanWriter().write(p);
    assertThat(yaml).doesNotContain("t0ken").contains("\"Authorization: <redacted>\"");
    assertThat(read(yaml).level("high").orElseThrow().request().redactedHeaders()).containsExactly("Authorization");
    Plan ref = read(PLAN.replace("Bearer t0ken", "Bearer ${env:API_TOKEN}").replace("\"Content-Type", "\"X-Mine: m\", \"Content-Type"));
    Level high = ref.level("high").orElseThrow();
    Plan marked = ref.withLevels(List.of(high.withRequest(new LevelRequest(high.request().method(),
        high.request().headers(), high.request().body(), true, List.of("x-mine")))));
    String written = new PlanWriter().write(marked);
    assertThat(written).contains("\"Authorization: Bearer ${env:API_TOKEN}\"", "\"X-Mine: <redacted>\"")
        .contains("Content-Type: application/json");
    assertThat(read(written).level("high").orElseThrow().request().headers())
        .containsExactly("Authorization: Bearer ${env:API_TOKEN}", "X-Mine: <redacted>", "Content-Type: application/json");
  }

  @Test
  void aBodyFileAndADataFileAreReferredToByPathAndChecksumNeverCopied(@TempDir Path dir) throws Exception {
    Path doc = dir.resolve("report.docx");
    byte[] bytes = new byte[1_100_000];
    new java.util.Random(5).nextBytes(bytes);
    java.nio.file.Files.write(doc, bytes);
    java.nio.file.Files.writeString(dir.resolve("users.csv"), "id,name\n1,ann\n");
    Plan p = PlanReader.read(new StringReader(PLAN.replace("body: '{\"item\": 7, \"note\": \"a \\\"quoted\\\" word\"}'",
        "bodyFile: {path: report.docx, sha256: " + BodyFile.sha256(bytes) + ", bytes: 1100000}\n"
            + "    data: {path: users.csv, order: shuffle}").replace("\"3 /orders\"", "\"3 /orders/${id}?k=${uuid}\"")),
        "plan.yaml", dir);
    LevelRequest high = p.level("high").orElseThrow().request();
    assertThat(high.bodyFile()).isEqualTo(new BodyFile(doc, BodyFile.sha256(bytes), 1_100_000));
    assertThat(high.bodyBytes()).isEqualTo(bytes);
    assertThat(high.data()).isEqualTo(new LevelRequest.DataSource(dir.resolve("users.csv"), io.jtune.load.DataOrder.SHUFFLE));
    assertThat(high.dataFile().columns()).containsExactly("id", "name");
    String yaml = new PlanWriter().write(p);
    // a 1.1 MB body stays in its file: the plan holds its path and checksum
    assertThat(yaml.length()).isLessThan(4_000);
    assertThat(yaml).contains("path: \"" + doc + "\"", "sha256: \"" + BodyFile.sha256(bytes) + "\"", "bytes: 1100000",
        "order: \"shuffle\"", "/orders/${id}?k=${uuid}");
    Plan back = read(yaml);
    assertThat(back.level("high").orElseThrow().request().bodyFile()).isEqualTo(high.bodyFile());
    assertThat(back.level("high").orElseThrow().request().data()).isEqualTo(high.data());
    assertThat(back.level("high").orElseThrow().urls()).isEqualTo(p.level("high").orElseThrow().urls());

    bytes[0] ^= 1;
    java.nio.file.Files.write(doc, bytes);
    assertThatThrownBy(high::bodyBytes).isInstanceOf(PlanException.class)
        .hasMessageStartingWith("body file " + doc + " changed since the plan was written (SHA-256 now ");
    java.nio.file.Files.delete(doc);
    assertThatThrownBy(high::bodyBytes).isInstanceOf(PlanException.class)
        .hasMessage("body file " + doc + " is missing (the plan sends its bytes as the request body)");
    assertThatThrownBy(() -> read(yaml.replace("bytes: 1100000", "bytes: -1"))).isInstanceOf(PlanException.class);
    assertThatThrownBy(() -> read(yaml.replace("order: \"shuffle\"", "order: \"backwards\"")))
        .hasMessageContaining("use sequential, random or shuffle");
  }

  @Test
  void aReplayedLogIsReferredToWithItsSpeedAndGroups(@TempDir Path dir) throws Exception {
    java.nio.file.Files.writeString(dir.resolve("access.log"),
        "1.2.3.4 - - [01/Mar/2026:10:00:00 +0000] \"GET /orders/17 HTTP/1.1\" 200 5\nnot a line\n");
    String replayed = PLAN.replace("body: '{\"item\": 7, \"note\": \"a \\\"quoted\\\" word\"}'",
        "replay: {path: access.log, speed: 10x, groups: [\"/static/**\"]}").replace("    method: POST\n", "");
    Plan p = PlanReader.read(new StringReader(replayed), "plan.yaml", dir);
    LevelRequest high = p.level("high").orElseThrow().request();
    assertThat(high.replay()).isEqualTo(new LevelRequest.ReplaySource(dir.resolve("access.log"), 10, List.of("/static/**")));
    assertThat(high.replay().read().log().notUnderstood()).isEqualTo(1);
    assertThat(high.uniform()).isFalse();
    assertThat(p.level("high").orElseThrow().describeLoad()).endsWith("replaying access.log at 10x its recorded pace");
    String yaml = new PlanWriter().write(p);
    assertThat(yaml).contains("replay:", "speed: \"10x\"", "groups: [\"/static/**\"]");
    assertThat(read(yaml).level("high").orElseThrow().request().replay()).isEqualTo(high.replay());
    assertThatThrownBy(() -> PlanReader.read(new StringReader(replayed.replace("10x", "fast")), "plan.yaml", dir))
        .isInstanceOf(PlanException.class).hasMessageContaining("replay speed 'fast'");
    assertThatThrownBy(() -> PlanReader.read(new StringReader(replayed.replace("insecure: true",
        "insecure: true\n    body: x")), "plan.yaml", dir))
        .isInstanceOf(PlanException.class).hasMessageContaining("a replayed log sends its own requests");
    java.nio.file.Files.delete(dir.resolve("access.log"));
    assertThatThrownBy(() -> high.replay().read()).isInstanceOf(PlanException.class)
        .hasMessage("replay log not found: " + dir.resolve("access.log"));
  }

  @Test
  void onlyTheSameRequestEveryTimeIsUniform() {
    assertThat(LevelRequest.GET.uniform()).isTrue();
    assertThat(new LevelRequest("POST", List.of("Authorization: Bearer ${env:T}"), "{\"a\": 1} $${uuid}", false).uniform())
        .isTrue();
    assertThat(new LevelRequest("POST", List.of(), "{\"id\": \"${uuid}\"}", false).uniform()).isFalse();
    assertThat(new LevelRequest("GET", List.of("X-Trace: ${hex:16}"), "", false).uniform()).isFalse();
  }

  @Test
  void badRequestPartsAreOneLineErrors() {
    assertThatThrownBy(() -> read(PLAN.replace("insecure: true", "insecure: maybe")))
        .isInstanceOf(PlanException.class).hasMessageContaining("insecure is true or false, not 'maybe'");
    assertThatThrownBy(() -> read(PLAN.replace("\"Content-Type: application/json\"", "\"no colon\"")))
        .isInstanceOf(PlanException.class).hasMessageContaining("header 'no colon' is not 'Name: value'");
    assertThatThrownBy(() -> read(PLAN.replace("method: POST", "method: \"PO ST\"")))
        .isInstanceOf(PlanException.class).hasMessageContaining("is not an HTTP method");
  }
}
