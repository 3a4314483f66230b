package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class LoadRunTest {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** A server on 127.0.0.1 answering "ok" with the status {@code status} picks for each exchange. */
  private static HttpServer okServer(ExecutorService pool, java.util.function.ToIntFunction<HttpExchange> status)
      throws java.io.IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    server.createContext("/", exchange -> {
      exchange.sendResponseHeaders(status.applyAsInt(exchange), 2);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(new byte[] {'o', 'k'});
      }
    });
    server.setExecutor(pool);
    server.start();
    return server;
  }

  @Test
  void rampUpStartsConnectionsEvenlyOverItsTime() throws Exception {
    // the server notes when each client connection (remote port) sent its first request
    Map<Integer, Long> firstSeen = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(12);
    HttpServer server = okServer(pool, exchange -> {
      firstSeen.putIfAbsent(exchange.getRemoteAddress().getPort(), System.nanoTime());
      return 200;
    });
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
      // load the classes on both sides first, so the first connection is not late for that
      LoadRun.execute(LoadPlan.closed(List.of(RequestTemplate.get(url)), 2, Duration.ZERO)
          .withRequests(200, Duration.ZERO), LoadProgress.NONE);
      firstSeen.clear();
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(url)), 10, Duration.ofMillis(1500))
          .withRampUp(Duration.ofSeconds(1));
      LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);

      assertThat(r.errorTotal()).isZero();
      assertThat(firstSeen).hasSize(10);
      List<Long> starts = firstSeen.values().stream().sorted().toList();
      // 10 connections over 1 s: one every 100 ms, the last one 900 ms after the first. A busy
      // host delays some first requests (and so stretches one gap and shortens the next): the
      // spread has room for that, and the typical gap is the median one
      double spreadMs = (starts.get(9) - starts.get(0)) / 1e6;
      assertThat(spreadMs).isBetween(600.0, 1600.0);
      double[] gaps = new double[starts.size() - 1];
      for (int i = 1; i < starts.size(); i++) {
        gaps[i - 1] = (starts.get(i) - starts.get(i - 1)) / 1e6;
      }
      java.util.Arrays.sort(gaps);
      assertThat(gaps[gaps.length / 2]).as("median gap between connections, ms: %s", java.util.Arrays.toString(gaps))
          .isBetween(70.0, 140.0);
    } finally {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  @Test
  void severalEventLoopsShareTheRequestsAndTheSchedule() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      List<RequestTemplate> targets = List.of(RequestTemplate.get(server.url("/")));
      LoadResult closed = LoadRun.execute(
          LoadPlan.closed(targets, 6, Duration.ZERO).withRequests(1001, Duration.ZERO).withThreads(2),
          LoadProgress.NONE);
      assertThat(closed.requests()).isEqualTo(1001);
      assertThat(closed.successes()).isEqualTo(1001);

      LoadResult open = LoadRun.execute(
          LoadPlan.open(targets, 500, 8, Duration.ofSeconds(1)).withThreads(2), LoadProgress.NONE);
      assertThat(open.requests()).isCloseTo(500, within(2L));
      assertThat(open.errorTotal()).isZero();
    }
  }

  @Test
  void warmupRequestsNeitherCountNorSpendTheBudget() throws Exception {
    // answers 500 to its first 20 requests, 200 after: only the warmup (3 s at concurrency 4) sees the errors
    java.util.concurrent.atomic.AtomicLong served = new java.util.concurrent.atomic.AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    HttpServer server = okServer(pool, exchange -> served.incrementAndGet() <= 20 ? 500 : 200);
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
      LoadResult r = LoadRun.execute(LoadPlan.closed(List.of(RequestTemplate.get(url)), 4, Duration.ZERO)
          .withRequests(500, Duration.ofSeconds(30)).withWarmup(Duration.ofSeconds(3)), LoadProgress.NONE);
      assertThat(served.get()).as("the warmup sent requests too").isGreaterThanOrEqualTo(520);
      assertThat(r.requests()).isEqualTo(500);
      assertThat(r.successes()).isEqualTo(500);
      assertThat(r.errorTotal()).isZero();
      // a measured request is timed from when it was due in the measured part, not from the warmup's start
      assertThat(r.latencyMs().max()).as("ms, after a 3 s warmup").isLessThan(3000.0);
    } finally {
      server.stop(0);
      pool.shutdownNow();
    }
  }
}
