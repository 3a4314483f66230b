package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** {@code jtune capacity} end to end against a server with a fixed 5 ms response time. */
class CapacityCommandTest {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  @Test
  void printsTheTableAndTheFormulaWithItsOwnPid() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    var pool = Executors.newFixedThreadPool(8);
    server.createContext("/", exchange -> {
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.setExecutor(pool);
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
      String pid = Long.toString(ProcessHandle.current().pid());
      LoadCommandTest.Run text = LoadCommandTest.jtune("capacity", "--levels", "1,2,4", "--step-duration", "1s",
          "--step-warmup", "300ms", "--pid", pid, url);
      assertThat(text.exitCode()).as(text.err()).isZero();
      assertThat(text.out()).contains("concurrency", "QPS", "mean RT ms", "p99 ms", "cpu %", "knee: concurrency",
          "optimal threads formula: CPU", "optimal threads ((");
      assertThat(text.out().lines().filter(l -> l.matches("\\s+[124] .*")).count()).isEqualTo(3);

      LoadCommandTest.Run json = LoadCommandTest.jtune("capacity", "--levels", "1,2", "--step-duration", "1s",
          "--step-warmup", "300ms", "--cpu-ms", "1", "--cores", "2", "--format", "json", url);
      assertThat(json.exitCode()).as(json.err()).isZero();
      JsonNode root = new ObjectMapper().readTree(json.out());
      assertThat(root.get("schema").asText()).isEqualTo("jtune.capacity/2");
      JsonNode one = root.get("steps").get(0);
      // one user, 5 ms sleep per request: at most 200 QPS
      assertThat(one.get("meanRtMs").asDouble()).isGreaterThanOrEqualTo(5.0);
      assertThat(one.get("throughputRps").asDouble()).isLessThanOrEqualTo(200.0);
      // formula from the given CPU: ((RT1 - 1) + 1) / 1 x 2 cores
      assertThat(root.get("formula").get("optimalThreads").asDouble())
          .isCloseTo(one.get("meanRtMs").asDouble() / 1 * 2, within(0.002)); // both rounded to 0.001
    } finally {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  @Test
  void badLevelsAreUsageErrors() {
    LoadCommandTest.Run run = LoadCommandTest.jtune("capacity", "--levels", "4,2", "http://127.0.0.1:9/");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("jtune: concurrency levels must rise");
  }

  @Test
  void noSuccessfulResponseIsAResultWithItsReportNotACrash() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    server.createContext("/", exchange -> {
      exchange.sendResponseHeaders(503, -1);
      exchange.close();
    });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
      LoadCommandTest.Run run = LoadCommandTest.jtune("capacity", "--levels", "1,2", "--step-duration", "500ms",
          "--step-warmup", "100ms", "--format", "json", url);
      assertThat(run.exitCode()).as(run.err()).isEqualTo(3);
      assertThat(run.err()).startsWith("jtune: no request succeeded");
      JsonNode root = new ObjectMapper().readTree(run.out());
      // the sweep stops at the first level where nothing succeeded; that level is reported
      assertThat(root.get("steps")).hasSize(1);
      JsonNode step = root.get("steps").get(0);
      assertThat(step.get("errors").asLong()).isPositive().isEqualTo(step.get("requests").asLong());
    } finally {
      server.stop(0);
    }
  }
}
