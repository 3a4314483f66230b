package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Servers that close connections without saying so, and responses that are not HTTP. */
class ServerCloseTest {

  @ParameterizedTest
  @ValueSource(ints = {4, 64})
  void closedModelCountsNoErrorWhenTheServerClosesAfterEachResponse(int connections) throws Exception {
    try (RawHttpServer server = RawHttpServer.closingAfterEachResponse()) {
      LoadResult r = LoadRun.execute(
          LoadPlan.closed(List.of(RequestTemplate.get(server.url())), connections, Duration.ofMillis(1500)),
          LoadProgress.NONE);
      System.out.printf("server closing after each response, -c %d: %.0f req/s, %d requests, %d errors, p50 %.3f ms,"
          + " p99 %.3f ms, %d connections accepted%n", connections, r.throughputRps(), r.requests(), r.errorTotal(),
          r.latencyMs().p50(), r.latencyMs().p99(), server.accepted());
      assertThat(r.errors()).allSatisfy((kind, count) -> assertThat(count).as(kind.key()).isZero());
      assertThat(r.successes()).isEqualTo(r.requests()).isGreaterThan(200);
      // every response closed its connection: one connection per request, give or take warmup
      assertThat(server.accepted()).isGreaterThanOrEqualTo(r.requests());
    }
  }

  @Test
  void openModelCountsNoErrorWhenTheServerClosesAfterEachResponse() throws Exception {
    try (RawHttpServer server = RawHttpServer.closingAfterEachResponse()) {
      LoadResult r = LoadRun.execute(
          LoadPlan.open(List.of(RequestTemplate.get(server.url())), 2000, 16, Duration.ofMillis(1500)),
          LoadProgress.NONE);
      assertThat(r.errorTotal()).isZero();
      assertThat(r.successes()).isEqualTo(r.requests()).isGreaterThan(2000);
    }
  }

  @Test
  void aRequestThatFailsOnAFreshConnectionIsStillAnError() throws Exception {
    // accepts, reads the request and closes without a byte: no retry can hide that
    try (RawHttpServer server = RawHttpServer.closingWithoutAnswer()) {
      LoadResult r = LoadRun.execute(
          LoadPlan.closed(List.of(RequestTemplate.get(server.url())), 2, Duration.ZERO).withRequests(20, Duration.ZERO),
          LoadProgress.NONE);
      assertThat(r.successes()).isZero();
      assertThat(r.errors().get(ErrorKind.RESET)).isEqualTo(20);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"HTTP/1.1 999 Odd", "HTTP/1.1 600 Beyond", "HTTP/1.1 099 Early"})
  void statusOutside100To599IsAProtocolError(String statusLine) throws Exception {
    try (RawHttpServer server = RawHttpServer.withStatusLine(statusLine)) {
      LoadResult r = LoadRun.execute(
          LoadPlan.closed(List.of(RequestTemplate.get(server.url())), 1, Duration.ZERO).withRequests(5, Duration.ZERO),
          LoadProgress.NONE);
      assertThat(r.errors().get(ErrorKind.PROTOCOL)).isEqualTo(5);
      assertThat(r.errors().get(ErrorKind.STATUS_5XX)).isZero();
      assertThat(r.successes()).isZero();
    }
  }
}
