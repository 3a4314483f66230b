package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Templated requests against a real recording server on 127.0.0.1: what arrives is what the templates say. */
class TemplatedLoadTest {
  private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

  @TempDir Path dir;

  private static RequestTemplate post(String url, String body, String... headers) {
    return new RequestTemplate(RequestTemplate.parseUrl(url), "POST", List.of(headers),
        body.getBytes(StandardCharsets.UTF_8), 1);
  }

  private static LoadResult run(RequestTemplate t, int connections, long requests) {
    return LoadRun.execute(LoadPlan.closed(List.of(t), connections, Duration.ZERO)
        .withRequests(requests, Duration.ZERO), LoadProgress.NONE);
  }

  @Test
  void everyRequestCarriesItsOwnUuidInPathHeaderAndBody() throws Exception {
    try (RecordingServer server = new RecordingServer("X-Trace")) {
      LoadResult r = run(post(server.url("/orders/${uuid}?n=${seq}"), "{\"id\": \"${uuid}\", \"n\": ${seq}}",
          "X-Trace: t-${hex:16}", "Content-Type: application/json"), 4, 2_000);
      assertThat(r.errorTotal()).isZero();
      assertThat(server.seen).hasSize(2_000);
      Set<String> bodyIds = new HashSet<>();
      Set<String> pathIds = new HashSet<>();
      Set<String> traces = new HashSet<>();
      Set<Long> seqs = new HashSet<>();
      for (RecordingServer.Seen s : server.seen) {
        String body = new String(s.body(), StandardCharsets.UTF_8);
        assertThat(body).matches("\\{\"id\": \"" + UUID + "\", \"n\": \\d+}");
        bodyIds.add(body.substring(8, 44));
        assertThat(s.target()).matches("/orders/" + UUID + "\\?n=\\d+");
        pathIds.add(s.target().substring(8, 44));
        seqs.add(Long.parseLong(s.target().substring(s.target().indexOf("?n=") + 3)));
        assertThat(s.header()).matches("t-[0-9a-f]{16}");
        traces.add(s.header());
      }
      // N requests, N distinct ids in each place; the sequence numbers 1..N, each once
      assertThat(bodyIds).hasSize(2_000);
      assertThat(pathIds).hasSize(2_000);
      assertThat(traces).hasSize(2_000);
      assertThat(seqs).hasSize(2_000).allMatch(n -> n >= 1 && n <= 2_000);
    }
  }

  @Test
  void rangesClockEnvironmentAndLiteralDollarBraces() throws Exception {
    try (RecordingServer server = new RecordingServer("X-Home")) {
      long before = System.currentTimeMillis();
      LoadResult r = run(post(server.url("/r/${rand:5-7}?at=${nowMs}"),
          "${now} $${kept} ${rand:-2--1} ${env:HOME}", "X-Home: ${env:HOME}"), 2, 300);
      long after = System.currentTimeMillis();
      assertThat(r.errorTotal()).isZero();
      Set<String> ranged = new HashSet<>();
      for (RecordingServer.Seen s : server.seen) {
        assertThat(s.target()).matches("/r/[5-7]\\?at=\\d{13}");
        ranged.add(s.target().substring(3, 4));
        long at = Long.parseLong(s.target().substring(s.target().indexOf("at=") + 3));
        assertThat(at).isBetween(before, after);
        String[] words = new String(s.body(), StandardCharsets.UTF_8).split(" ", 4);
        assertThat(Instant.parse(words[0]).toEpochMilli()).isBetween(before, after);
        assertThat(words[1]).isEqualTo("${kept}");
        assertThat(words[2]).isIn("-2", "-1");
        assertThat(words[3]).isEqualTo(System.getenv("HOME"));
        assertThat(s.header()).isEqualTo(System.getenv("HOME"));
      }
      assertThat(ranged).containsExactlyInAnyOrder("5", "6", "7");
    }
  }

  @Test
  void aCsvDataFileIsUsedRowByRowInOrderAndCircularly() throws Exception {
    Path users = dir.resolve("users.csv");
    Files.writeString(users, "id,name\n1,Ann\n2,\"Bo, Jr.\"\n3,Chloé Zhang\n4,dan\n", StandardCharsets.UTF_8);
    DataFile data = DataFile.read(users, DataOrder.SEQUENTIAL);
    assertThat(data.columns()).containsExactly("id", "name");
    try (RecordingServer server = new RecordingServer("X-User")) {
      LoadResult r = run(post(server.url("/users/${id}?name=${name}"), "name=${name}", "X-User: ${id}")
          .withData(data), 1, 10);
      assertThat(r.errorTotal()).isZero();
      List<String> names = server.seen.stream().map(s -> new String(s.body(), StandardCharsets.UTF_8)).toList();
      assertThat(names).containsExactly("name=Ann", "name=Bo, Jr.", "name=Chloé Zhang", "name=dan",
          "name=Ann", "name=Bo, Jr.", "name=Chloé Zhang", "name=dan", "name=Ann", "name=Bo, Jr.");
      assertThat(server.seen.get(2).target()).isEqualTo("/users/3?name=Chlo%C3%A9%20Zhang");
      assertThat(server.seen.stream().map(RecordingServer.Seen::header).toList())
          .containsExactly("1", "2", "3", "4", "1", "2", "3", "4", "1", "2");
    }
  }

  @Test
  void jsonLinesShuffledUseEveryRowOncePerPass() throws Exception {
    Path users = dir.resolve("users.jsonl");
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      lines.append("{\"user\": \"u").append(i).append("\", \"n\": ").append(i).append("}\n");
    }
    Files.writeString(users, lines);
    try (RecordingServer server = new RecordingServer("X-None")) {
      run(post(server.url("/"), "${user}").withData(DataFile.read(users, DataOrder.SHUFFLE)), 3, 100);
      List<String> bodies = server.seen.stream().map(s -> new String(s.body(), StandardCharsets.UTF_8)).toList();
      assertThat(bodies).hasSize(100);
      // two passes of 50 rows: every user exactly twice, not in the file's order
      assertThat(new HashSet<>(bodies)).hasSize(50);
      assertThat(bodies.stream().filter(b -> b.equals("u7")).count()).isEqualTo(2);
    }
  }

  @Test
  void anUnknownColumnOrNameFailsBeforeAnyRequest() throws Exception {
    Path users = dir.resolve("users.csv");
    Files.writeString(users, "id,name\n1,Ann\n");
    DataFile data = DataFile.read(users, DataOrder.SEQUENTIAL);
    try (RecordingServer server = new RecordingServer("X-None")) {
      assertThatThrownBy(() -> run(post(server.url("/u/${user_id}"), "").withData(data), 1, 5))
          .isInstanceOf(LoadException.class)
          .hasMessage("the URL " + server.url("/u/${user_id}") + " refers to ${user_id}, which is neither a column of "
              + users + " (its columns: id, name) nor a template name (" + Templates.KNOWN + ")");
      assertThatThrownBy(() -> run(post(server.url("/"), "${uid}"), 1, 5)).isInstanceOf(LoadException.class)
          .hasMessageContaining("the request body refers to ${uid}, which is no template name")
          .hasMessageContaining("no --data file given");
      assertThatThrownBy(() -> run(post(server.url("/"), "${rand:9-1}"), 1, 5))
          .hasMessageContaining("${rand:MIN-MAX} with whole numbers MIN <= MAX");
      assertThatThrownBy(() -> run(post(server.url("/"), "${hex:0}"), 1, 5)).hasMessageContaining("${hex:N}");
      assertThatThrownBy(() -> run(post(server.url("/"), "{\"a\": \"${uuid\""), 1, 5))
          .hasMessageContaining("has no closing '}'");
      assertThat(server.seen).isEmpty();
    }
    Path empty = dir.resolve("empty.csv");
    Files.writeString(empty, "");
    assertThatThrownBy(() -> DataFile.read(empty, DataOrder.SEQUENTIAL)).hasMessageContaining("is empty");
    Files.writeString(empty, "id,name\n");
    assertThatThrownBy(() -> DataFile.read(empty, DataOrder.SEQUENTIAL))
        .hasMessage("data file " + empty + " has no rows, only its columns: id, name");
  }

  @Test
  void aLargeBinaryBodyArrivesByteExactAlsoBesideTemplatedHeaders() throws Exception {
    byte[] body = new byte[2 << 20];
    new Random(7).nextBytes(body);
    // random bytes holding "${" stay bytes: a body that is not UTF-8 text is no template
    System.arraycopy("${nope}".getBytes(StandardCharsets.US_ASCII), 0, body, 1000, 7);
    String sum = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    try (RecordingServer server = new RecordingServer("X-Id")) {
      for (String header : List.of("X-Id: fixed", "X-Id: ${uuid}")) {
        server.seen.clear();
        RequestTemplate t = new RequestTemplate(RequestTemplate.parseUrl(server.url("/upload")), "PUT",
            List.of(header, "Content-Type: application/octet-stream"), body, 1);
        LoadResult r = run(t, 2, 12);
        assertThat(r.errorTotal()).as(header).isZero();
        assertThat(server.seen).hasSize(12);
        for (RecordingServer.Seen s : server.seen) {
          assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.body()))).isEqualTo(sum);
        }
        assertThat(server.seen.stream().map(RecordingServer.Seen::header).distinct().count())
            .isEqualTo(header.contains("uuid") ? 12 : 1);
      }
    }
  }

  @Test
  void isoInstantsMatchJavaTime() {
    Random random = new Random(3);
    for (int i = 0; i < 10_000; i++) {
      long ms = i < 3 ? new long[] {0, -1, 951_782_400_000L}[i] : random.nextLong(-2_000_000_000_000L, 8_000_000_000_000L);
      ByteSink out = new ByteSink(32);
      IsoInstant.write(out, ms);
      String text = new String(out.bytes, 0, out.length, StandardCharsets.US_ASCII);
      assertThat(Instant.parse(text).toEpochMilli()).as(text).isEqualTo(ms);
    }
  }

  @Test
  void urlsWithReferencesAreValidUrisAndReadBackAsGiven() {
    for (String url : List.of("http://h/a/${uuid}?q=${rand:1-9}&u=${first name}", "http://h/$${x}/${seq}",
        "http://h/plain?q=%7Bx%7D")) {
      RequestTemplate t = new RequestTemplate(RequestTemplate.parseUrl(url), "GET", List.of(), null, 1);
      assertThat(t.urlText()).isEqualTo(url);
    }
  }
}
