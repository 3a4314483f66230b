package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jtune load} end to end through {@code Main.run}, against servers on 127.0.0.1. */
class LoadCommandTest {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private final List<AutoCloseable> servers = new ArrayList<>();

  record Run(int exitCode, String out, String err, long millis) {
    JsonNode json() throws IOException {
      return new ObjectMapper().readTree(out);
    }
  }

  static Run jtune(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    long start = System.nanoTime();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString(), (System.nanoTime() - start) / 1_000_000);
  }

  @AfterEach
  void stopServers() throws Exception {
    for (AutoCloseable s : servers) {
      s.close();
    }
  }

  private String httpServer(AtomicInteger hits) throws IOException {
    LocalHttpServer server = LocalHttpServer.start(hits::incrementAndGet);
    servers.add(server);
    return server.url();
  }

  /** A TCP server that hands every accepted connection to {@code onConnection}. */
  private String rawServer(Consumer<Socket> onConnection) throws IOException {
    ServerSocket listener = new ServerSocket(0, 128, java.net.InetAddress.getLoopbackAddress());
    ExecutorService pool = Executors.newCachedThreadPool();
    pool.execute(() -> {
      while (!listener.isClosed()) {
        try {
          Socket s = listener.accept();
          pool.execute(() -> onConnection.accept(s));
        } catch (IOException e) {
          return;
        }
      }
    });
    servers.add(() -> {
      listener.close();
      pool.shutdownNow();
    });
    return "http://127.0.0.1:" + listener.getLocalPort() + "/";
  }

  private static void readRequestHead(InputStream in) throws IOException {
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    int b;
    while (matched < 4 && (b = in.read()) >= 0) {
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
  }

  @Test
  void closedModelRunsTheRequestedCountAndWritesJsonAndAnIntervalLog(@TempDir Path dir) throws Exception {
    AtomicInteger hits = new AtomicInteger();
    String base = httpServer(hits);
    Path hlog = dir.resolve("latency.hlog");
    Run run = jtune("load", "-c", "4", "-n", "300", "--format", "json", "--hlog", hlog.toString(), base + "/");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = run.json();
    assertThat(json.get("schema").asText()).isEqualTo("jtune.load/2");
    assertThat(json.get("requests").asLong()).isEqualTo(300);
    assertThat(json.get("successes").asLong()).isEqualTo(300);
    assertThat(hits.get()).isEqualTo(300);
    assertThat(json.get("errors").get("total").asLong()).isZero();
    for (String field : List.of("p50", "p75", "p90", "p95", "p99", "p999", "p9999", "max", "mean")) {
      assertThat(json.get("latencyMs").get(field).asDouble()).as(field).isPositive();
      assertThat(json.get("uncorrectedLatencyMs").has(field)).isTrue();
    }
    assertThat(json.get("latencyMs").get("p50").asDouble()).isLessThanOrEqualTo(json.get("latencyMs").get("p99").asDouble());
    assertThat(json.get("throughputRps").asDouble()).isPositive();
    assertThat(json.get("timeline").isArray()).isTrue();

    // HdrHistogram's own reader sees every recorded request in the interval log
    long logged = 0;
    HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
    for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
      logged += ((org.HdrHistogram.Histogram) h).getTotalCount();
    }
    assertThat(logged).isEqualTo(300);
  }

  @Test
  void weightedTargetsAndStatusErrorsAreCounted() throws Exception {
    AtomicInteger hits = new AtomicInteger();
    String base = httpServer(hits);
    Run run = jtune("load", "-c", "2", "-n", "400", "--format", "json", "--weights", "3,1", base + "/ok", base + "/missing");

    assertThat(run.exitCode()).isZero();
    JsonNode json = run.json();
    long notFound = json.get("errors").get("status4xx").asLong();
    assertThat(json.get("requests").asLong()).isEqualTo(400);
    // a quarter of the requests go to /missing: binomial(400, 1/4) is within 60..140 with near certainty
    assertThat(notFound).isBetween(60L, 140L);
    assertThat(json.get("successes").asLong()).isEqualTo(400 - notFound);
  }

  @Test
  void postsTheBodyFile(@TempDir Path dir) throws Exception {
    AtomicInteger hits = new AtomicInteger();
    String base = httpServer(hits);
    Path body = Files.writeString(dir.resolve("body.json"), "{\"a\":1}");
    Run run = jtune("load", "-X", "POST", "-H", "Content-Type: application/json", "--body=@" + body,
        "-n", "20", "-c", "1", "--format", "json", base + "/");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.json().get("successes").asLong()).isEqualTo(20);
  }

  @Test
  void invalidUrlIsOneLineAndExitCode2() {
    for (String url : List.of("not a url", "ftp://127.0.0.1/", "https:///nohost", "http:///nohost")) {
      Run run = jtune("load", "-n", "1", url);
      assertThat(run.exitCode()).as(url).isEqualTo(2);
      assertThat(run.err().lines().count()).as(run.err()).isEqualTo(1);
      assertThat(run.err()).startsWith("jtune: ");
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void missingBodyFileIsOneLineAndExitCode2() {
    Run run = jtune("load", "-n", "1", "--body=@/nonexistent/body.json", "http://127.0.0.1:9/");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("jtune: body file not found: /nonexistent/body.json" + System.lineSeparator());
  }

  @Test
  void unreachablePortFailsAtOnce() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    // asked for a minute: failing at once is failing in a small part of it, however busy the host
    Run run = jtune("load", "-d", "60s", "http://127.0.0.1:" + port + "/");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("jtune: cannot connect to 127.0.0.1:" + port);
    assertThat(run.err().lines().count()).isEqualTo(1);
    assertThat(run.millis()).as("ms of the 60 s asked").isLessThan(20_000);
  }

  @Test
  void nonHttpServerCountsProtocolErrorsAndFails() throws Exception {
    String url = rawServer(socket -> {
      try (socket) {
        socket.getOutputStream().write("SSH-2.0-OpenSSH_9.2p1\r\n".getBytes(StandardCharsets.US_ASCII));
        socket.getInputStream().read(new byte[1024]);
      } catch (IOException ignored) {
        // the client gave up on us
      }
    });
    // a long timeout: an answer that is no HTTP is an error when it is read, not when the wait is over
    Run run = jtune("load", "-c", "2", "-d", "1s", "--timeout", "30s", "--format", "json", url);
    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.json().get("errors").get("protocol").asLong()).isPositive();
    assertThat(run.json().get("errors").get("timeout").asLong()).isZero();
    assertThat(run.json().get("successes").asLong()).isZero();
    assertThat(run.err()).startsWith("jtune: no request succeeded");
    assertThat(run.millis()).as("ms, with a 30 s timeout").isLessThan(1000 + 15_000);
  }

  @Test
  void serverClosingWithoutAnswerCountsResets() throws Exception {
    String url = rawServer(socket -> {
      try (socket) {
        readRequestHead(socket.getInputStream());
      } catch (IOException ignored) {
        // closing is the point
      }
    });
    Run run = jtune("load", "-c", "2", "-d", "1s", "--format", "json", url);
    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.json().get("errors").get("reset").asLong()).isPositive();
  }

  @Test
  void serverClosingAfterEachResponseIsFine() throws Exception {
    String url = rawServer(socket -> {
      try (socket) {
        readRequestHead(socket.getInputStream());
        socket.getOutputStream().write(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
      } catch (IOException ignored) {
        // the client gave up on us
      }
    });
    Run run = jtune("load", "-c", "2", "-n", "50", "--format", "json", url);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.json().get("successes").asLong()).isEqualTo(50);
    assertThat(run.json().get("errors").get("total").asLong()).isZero();
  }

  @Test
  void silentServerTimesOutWithinTheBound() throws Exception {
    String url = rawServer(socket -> {
      try (socket) {
        socket.getInputStream().transferTo(OutputStream.nullOutputStream());
      } catch (IOException ignored) {
        // the client gave up on us
      }
    });
    // the reference, on the same host in the same test: the same run waiting 10 s for each answer
    // lasts the measured second and one timeout to drain (the requests sent first time out last)
    Run patient = jtune("load", "-c", "2", "-d", "1s", "--timeout", "10s", "--format", "json", url);
    assertThat(patient.exitCode()).isEqualTo(3);
    assertThat(patient.json().get("errors").get("timeout").asLong()).isPositive();
    assertThat(patient.millis()).as("ms with a 10 s timeout").isGreaterThanOrEqualTo(10_000);
    Run run = jtune("load", "-c", "2", "-d", "1s", "--timeout", "300ms", "--format", "json", url);
    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.json().get("errors").get("timeout").asLong()).isPositive();
    // measured second + one timeout to drain + start-up: well under the patient run's second + 10 s
    assertThat(run.millis()).as("ms with a 300 ms timeout, against %d ms with 10 s", patient.millis())
        .isLessThan(patient.millis() / 2);
  }

  @Test
  void badOptionsAreUsageErrors() {
    assertThat(jtune("load", "--duration", "soon", "http://127.0.0.1:9/").exitCode()).isEqualTo(2);
    assertThat(jtune("load", "--rate", "0", "http://127.0.0.1:9/").exitCode()).isEqualTo(2);
    assertThat(jtune("load", "--weights", "1,2", "http://127.0.0.1:9/").exitCode()).isEqualTo(2);
    assertThat(jtune("load", "-c", "0", "http://127.0.0.1:9/").exitCode()).isEqualTo(2);
  }
}
