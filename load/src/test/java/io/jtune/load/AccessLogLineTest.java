package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Access log lines as nginx and Apache write them, and JSON lines. */
class AccessLogLineTest {
  private static long nanos(String iso) {
    Instant i = Instant.parse(iso);
    return i.getEpochSecond() * 1_000_000_000L + i.getNano();
  }

  @Test
  void commonAndCombinedLogFormat() {
    AccessLogLine common = AccessLogLine.parse(
        "127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif?a=1 HTTP/1.0\" 200 2326");
    assertThat(common.method()).isEqualTo("GET");
    assertThat(common.target()).isEqualTo("/apache_pb.gif?a=1");
    assertThat(common.epochNanos()).isEqualTo(nanos("2000-10-10T20:55:36Z"));
    assertThat(common.body()).isNull();
    AccessLogLine combined = AccessLogLine.parse("192.168.1.20 - - [01/Mar/2026:10:00:01 +0000] \"POST /api/orders"
        + " HTTP/1.1\" 201 - \"https://shop.example/\" \"Mozilla/5.0 (X11; Linux) \\\"quoted\\\"\" rt=0.012");
    assertThat(combined.method()).isEqualTo("POST");
    assertThat(combined.target()).isEqualTo("/api/orders");
    assertThat(combined.fromJson()).isFalse();
    // nginx escapes a quote and bytes it cannot print as \xHH: sent percent-encoded
    AccessLogLine escaped = AccessLogLine.parse(
        "::1 - - [01/Mar/2026:10:00:02 +0100] \"GET /search?q=\\x22caf\\xC3\\xA9\\x22 HTTP/1.1\" 200 5 \"-\" \"-\"");
    assertThat(escaped.target()).isEqualTo("/search?q=%22caf%C3%A9%22");
    assertThat(escaped.epochNanos()).isEqualTo(nanos("2026-03-01T09:00:02Z"));
  }

  @Test
  void jsonLines() {
    AccessLogLine a = AccessLogLine.parse("{\"method\":\"put\",\"url\":\"https://api.example/v1/items/7?x=1\","
        + "\"timestamp\":\"2026-03-01T10:00:00.250Z\",\"body\":{\"qty\":2},"
        + "\"headers\":{\"Content-Type\":\"application/json\",\"Host\":\"api.example\",\"Content-Length\":\"9\"}}");
    assertThat(a.method()).isEqualTo("PUT");
    assertThat(a.target()).isEqualTo("/v1/items/7?x=1");
    assertThat(a.epochNanos()).isEqualTo(nanos("2026-03-01T10:00:00.250Z"));
    assertThat(new String(a.body(), StandardCharsets.UTF_8)).isEqualTo("{\"qty\":2}");
    // the engine writes Host and Content-Length itself
    assertThat(a.headers()).containsExactly("Content-Type: application/json");
    AccessLogLine b = AccessLogLine.parse("{\"path\":\"/a b\",\"timestamp\":1772359200.5,\"headers\":[\"X-A: 1\"]}");
    assertThat(b.method()).isEqualTo("GET");
    assertThat(b.target()).isEqualTo("/a%20b");
    assertThat(b.epochNanos()).isEqualTo(1772359200_500_000_000L);
    assertThat(b.headers()).isEqualTo(List.of("X-A: 1"));
    assertThat(AccessLogLine.parse("{\"path\":\"/a\",\"timestamp\":1772359200123}").epochNanos())
        .isEqualTo(1772359200_123_000_000L);
    assertThat(AccessLogLine.parse("{\"path\":\"/a\"}").epochNanos()).isEqualTo(AccessLogLine.NO_TIME);
  }

  @Test
  void linesThatAreNoRequest() {
    assertThat(AccessLogLine.parse("hello")).isNull();
    // a TLS handshake sent to a plain port, as nginx logs it
    assertThat(AccessLogLine.parse(
        "1.2.3.4 - - [01/Mar/2026:10:00:00 +0000] \"\\x16\\x03\\x01\\x00\\xA5\\x01\" 400 157 \"-\" \"-\"")).isNull();
    assertThat(AccessLogLine.parse("1.2.3.4 - - [01/Mar/2026:10:00:00 +0000] \"-\" 408 0")).isNull();
    assertThat(AccessLogLine.parse("1.2.3.4 - - [not a time] \"GET / HTTP/1.1\" 200 1")).isNull();
    assertThat(AccessLogLine.parse("{\"method\":\"GET\"}")).isNull();
    assertThat(AccessLogLine.parse("{\"path\":\"relative\"}")).isNull();
    assertThat(AccessLogLine.parse("{\"path\":\"/a\",\"timestamp\":\"yesterday\"}")).isNull();
    assertThat(AccessLogLine.parse("{broken")).isNull();
  }

  @Test
  void idsAreCollapsedAndRulesComeFirst() {
    assertThat(EndpointGroups.DEFAULT.group("GET", "/orders/123/items?page=2")).isEqualTo("GET /orders/{id}/items");
    assertThat(EndpointGroups.DEFAULT.group("GET", "/u/3f2b8c1e-9a4d-4e5f-8a6b-7c8d9e0f1a2b"))
        .isEqualTo("GET /u/{id}");
    assertThat(EndpointGroups.DEFAULT.group("GET", "/blob/5f3e2a9c1b7d")).isEqualTo("GET /blob/{id}");
    // words stay: a hex-looking word without a digit, a short one, a name with a digit
    assertThat(EndpointGroups.DEFAULT.group("GET", "/facade/deadbeefcafe/v2/ab12"))
        .isEqualTo("GET /facade/deadbeefcafe/v2/ab12");
    EndpointGroups rules = EndpointGroups.of(List.of("/static/**", "/api/*/profile"));
    assertThat(rules.group("GET", "/static/css/a.css")).isEqualTo("GET /static/**");
    assertThat(rules.group("GET", "/api/ann/profile")).isEqualTo("GET /api/*/profile");
    assertThat(rules.group("GET", "/api/ann/x/profile")).isEqualTo("GET /api/ann/x/profile");
  }
}
