package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replayed access logs against a real server on 127.0.0.1 that counts what it receives. */
class ReplayLoadTest {
  private static final DateTimeFormatter CLF_TIME =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.US).withZone(ZoneOffset.ofHours(2));

  @TempDir Path dir;

  /** Path i of 50 has weight i + 1: /svc/ep-00 has 1/1275 of the lines, /svc/ep-49 50/1275. */
  private static List<String> mix(int lines, Random random) {
    List<String> paths = new ArrayList<>();
    int total = 50 * 51 / 2;
    for (int p = 0; p < 50; p++) {
      long n = Math.round((double) lines * (p + 1) / total);
      for (int i = 0; i < n && paths.size() < lines; i++) {
        paths.add(String.format("/svc/ep-%02d", p));
      }
    }
    while (paths.size() < lines) {
      paths.add("/svc/ep-49");
    }
    Collections.shuffle(paths, random);
    return paths;
  }

  @Test
  void theMixOfAHundredThousandLinesIsSentWithinOnePercentPerPathAndMalformedLinesAreCounted() throws Exception {
    Random random = new Random(7);
    List<String> paths = mix(100_000, random);
    Path log = dir.resolve("access.log.gz");
    Instant start = Instant.parse("2026-03-01T10:00:00Z");
    try (Writer w = new java.io.OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(log)),
        StandardCharsets.UTF_8)) {
      for (int i = 0; i < paths.size(); i++) {
        if (i % 4000 == 17) {
          w.write("garbage line " + i + "\n");
        }
        String time = CLF_TIME.format(start.plusMillis(i * 5L));
        w.write("10.0.0." + (i % 250) + " - - [" + time + "] \"GET " + paths.get(i) + " HTTP/1.1\" 200 "
            + (100 + i % 900) + " \"-\" \"curl/8.0\"\n");
      }
    }
    ReplayLog read = ReplayLog.read(log);
    assertThat(read.requestCount()).isEqualTo(100_000);
    assertThat(read.notUnderstood()).isEqualTo(25);
    assertThat(read.lines()).isEqualTo(100_025);
    assertThat(read.examples()).hasSize(3).first().asString().startsWith("line 18: garbage line 17");
    assertThat(read.notUnderstoodText()).startsWith("25 of 100,025 lines not understood (line 18: garbage line 17;");

    try (CountingServer server = new CountingServer()) {
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(server.url("/"))), 8, Duration.ZERO)
          .withRequests(100_000, Duration.ZERO).withReplay(new Replay(read, 0, EndpointGroups.DEFAULT));
      LoadResult r = LoadRun.execute(plan, null);
      assertThat(r.errorTotal()).isZero();
      assertThat(r.requests()).isEqualTo(100_000);
      long sent = server.byRequest.values().stream().mapToLong(java.util.concurrent.atomic.LongAdder::sum).sum();
      assertThat(sent).isEqualTo(100_000);
      for (int p = 0; p < 50; p++) {
        String path = String.format("/svc/ep-%02d", p);
        long logged = paths.stream().filter(path::equals).count();
        double loggedShare = (double) logged / paths.size();
        double sentShare = (double) server.count("GET " + path) / sent;
        assertThat(Math.abs(sentShare - loggedShare) / loggedShare).as(path).isLessThan(0.01);
      }
      // one endpoint per path (no id in them), most requests first, together all of them
      assertThat(r.endpoints()).hasSize(50);
      assertThat(r.endpoints().get(0).name()).isEqualTo("GET /svc/ep-49");
      assertThat(r.endpoints().stream().mapToLong(EndpointResult::requests).sum()).isEqualTo(100_000);
    }
  }

  @Test
  void atItsSpeedTheSentRateFollowsTheRecordedOne() throws Exception {
    // JSON lines over 20 recorded seconds, 10 to 110 requests per second in a wave, at twice the pace
    Random random = new Random(11);
    int seconds = 20;
    long t0 = Instant.parse("2026-03-01T10:00:00Z").toEpochMilli();
    long[] recorded = new long[seconds];
    List<String> lines = new ArrayList<>();
    for (int s = 0; s < seconds; s++) {
      int n = (int) Math.round(60 + 50 * Math.sin(2 * Math.PI * s / 10.0));
      recorded[s] = n;
      for (int i = 0; i < n; i++) {
        long ms = t0 + s * 1000L + random.nextInt(1000);
        lines.add("{\"timestamp\": " + ms + ", \"method\": \"GET\", \"path\": \"/items/" + random.nextInt(1000)
            + "\"}");
      }
    }
    Collections.shuffle(lines, random);
    lines.add(3, "{\"method\": \"GET\"}");
    Path log = dir.resolve("requests.jsonl");
    Files.write(log, lines);
    ReplayLog read = ReplayLog.read(log);
    assertThat(read.notUnderstood()).isEqualTo(1);
    double speed = 2;
    try (CountingServer server = new CountingServer()) {
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), 1, 16, Duration.ZERO)
          .withReplay(new Replay(read, speed, EndpointGroups.DEFAULT));
      assertThat(plan.model()).isEqualTo(LoadModel.OPEN);
      LoadResult r = LoadRun.execute(plan, null);
      assertThat(r.errorTotal()).isZero();
      assertThat(r.requests()).isEqualTo(read.requestCount());
      long first = server.arrivals.stream().mapToLong(Long::longValue).min().orElseThrow();
      long[] sent = new long[seconds];
      for (long a : server.arrivals) {
        int s = (int) ((a - first) * speed / 1e9);
        sent[Math.min(s, seconds - 1)]++;
      }
      double c = correlation(recorded, sent);
      System.out.printf(Locale.US, "recorded per second %s%nsent per recorded second %s%ncorrelation %.4f%n",
          java.util.Arrays.toString(recorded), java.util.Arrays.toString(sent), c);
      assertThat(c).isGreaterThanOrEqualTo(0.95);
      // one endpoint: every path is /items/{id}
      assertThat(r.endpoints()).isEmpty();
    }
  }

  static double correlation(long[] x, long[] y) {
    int n = x.length;
    double mx = 0;
    double my = 0;
    for (int i = 0; i < n; i++) {
      mx += x[i];
      my += y[i];
    }
    mx /= n;
    my /= n;
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < n; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
    return sxy / Math.sqrt(sxx * syy);
  }

  @Test
  void eachEndpointHasItsOwnLatencyThroughputAndErrors() throws Exception {
    Path log = dir.resolve("mixed.log");
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      String target = i % 3 == 0 ? "/fail/" + i : i % 3 == 1 ? "/orders/" + (1000 + i) + "/items"
          : "/users/3f2b8c1e-9a4d-4e5f-8a6b-7c8d9e0f1a2b?x=" + i;
      lines.add("127.0.0.1 - - [01/Mar/2026:10:00:00 +0000] \"" + (i % 30 == 1 ? "POST" : "GET") + " " + target
          + " HTTP/1.1\" 200 12");
    }
    Files.write(log, lines);
    ReplayLog read = ReplayLog.read(log);
    assertThat(read.bodilessWrites()).isEqualTo(10);
    assertThat(read.bodilessText()).startsWith("10 POST/PUT/PATCH requests replayed without a body");
    try (CountingServer server = new CountingServer()) {
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(server.url("/"))), 4, Duration.ZERO)
          .withRequests(300, Duration.ZERO).withReplay(new Replay(read, 0, EndpointGroups.of(List.of("/fail/**"))));
      LoadResult r = LoadRun.execute(plan, null);
      assertThat(r.endpoints()).extracting(EndpointResult::name).containsExactlyInAnyOrder(
          "GET /fail/**", "GET /orders/{id}/items", "POST /orders/{id}/items", "GET /users/{id}");
      for (EndpointResult e : r.endpoints()) {
        assertThat(e.errors()).as(e.name()).isEqualTo(e.name().contains("fail") ? e.requests() : 0);
        assertThat(e.requests()).isEqualTo(server.byRequest.entrySet().stream()
            .filter(x -> EndpointGroups.of(List.of("/fail/**")).group(x.getKey().split(" ")[0], x.getKey().split(" ")[1])
                .equals(e.name())).mapToLong(x -> x.getValue().sum()).sum());
        assertThat(e.latencyMs().p99()).isPositive();
      }
      assertThat(r.endpoints().stream().mapToLong(EndpointResult::requests).sum()).isEqualTo(300);
      java.io.StringWriter text = new java.io.StringWriter();
      LoadResultText.write(r, new java.io.PrintWriter(text));
      assertThat(text.toString()).contains("endpoints").contains("GET /orders/{id}/items")
          .contains("note: 10 POST/PUT/PATCH requests replayed without a body");
      java.io.StringWriter json = new java.io.StringWriter();
      r.writeJson(json);
      assertThat(json.toString()).contains("\"endpoints\"").contains("\"withoutBody\" : 10");
    }
  }

  @Test
  void aLogWithNoRequestIsOneLine() throws Exception {
    Path log = dir.resolve("empty.log");
    Files.writeString(log, "hello\nworld\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReplayLog.read(log))
        .isInstanceOf(LoadException.class)
        .hasMessageStartingWith("no line of " + log + " is an access log line")
        .hasMessageContaining("line 1: hello");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReplayLog.read(dir.resolve("none.log")))
        .hasMessage("replay log not found: " + dir.resolve("none.log"));
  }
}
