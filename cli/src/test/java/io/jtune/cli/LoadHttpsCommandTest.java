package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune load} and {@code jtune capacity} over https:// against a JDK HTTPS server on
 * 127.0.0.1 whose self-signed certificate keytool makes for the test.
 */
class LoadHttpsCommandTest {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private static final String JSON_BODY = "{\"customer\": 7, \"items\": [1, 2, 3]}";
  private static final AtomicInteger INTACT = new AtomicInteger();
  private static HttpsServer server;
  private static ExecutorService pool;
  private static String base;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    SSLContext tls = SelfSignedTls.serverContext(SelfSignedTls.keyStore(dir));

    server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    pool = Executors.newFixedThreadPool(4);
    server.createContext("/", exchange -> {
      String body;
      try (InputStream in = exchange.getRequestBody()) {
        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      boolean post = exchange.getRequestURI().getPath().equals("/orders");
      boolean intact = !post || exchange.getRequestMethod().equals("POST")
          && List.of("Bearer t0ken").equals(exchange.getRequestHeaders().get("Authorization"))
          && List.of("application/json").equals(exchange.getRequestHeaders().get("Content-Type"))
          && body.equals(JSON_BODY);
      if (post && intact) {
        INTACT.incrementAndGet();
      }
      exchange.sendResponseHeaders(intact ? 201 : 400, 3);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write("ok\n".getBytes(StandardCharsets.US_ASCII));
      }
    });
    server.setExecutor(pool);
    server.start();
    base = "https://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
    pool.shutdownNow();
  }

  @Test
  void aJsonPostWithAnAuthHeaderOverHttpsWithInsecure() throws Exception {
    int before = INTACT.get();
    CliRun run = CliRun.of("load", "--insecure", "-c", "4", "-n", "200", "--format", "json", "-X", "POST",
        "-H", "Authorization: Bearer t0ken", "-H", "Content-Type: application/json", "--body=" + JSON_BODY,
        base + "/orders");
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("requests").asLong()).isEqualTo(200);
    assertThat(json.get("successes").asLong()).isEqualTo(200);
    assertThat(json.get("errors").get("total").asLong()).isZero();
    assertThat(INTACT.get() - before).isEqualTo(200);
  }

  @Test
  void aSelfSignedCertificateWithoutInsecureIsAOneLineErrorWithExit2() {
    for (String command : List.of("load", "capacity")) {
      CliRun run = CliRun.of(command, "--timeout", "2s", base + "/");
      assertThat(run.exitCode()).as(command + ": " + run.err()).isEqualTo(2);
      assertThat(run.err()).as(command).isEqualTo("jtune: " + base + "/: certificate not trusted (self-signed);"
          + " use --insecure to accept it (for testing only)" + System.lineSeparator());
      assertThat(run.out()).as(command).isEmpty();
    }
  }

  @Test
  void capacityRunsOverHttpsWithInsecure() throws Exception {
    CliRun run = CliRun.of("capacity", "--insecure", "--levels", "1,2", "--step-duration", "1s",
        "--step-warmup", "0s", "--format", "json", base + "/");
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode steps = new ObjectMapper().readTree(run.out()).get("steps");
    assertThat(steps).hasSize(2);
    for (JsonNode step : steps) {
      assertThat(step.get("throughputRps").asDouble()).isPositive();
    }
  }
}
