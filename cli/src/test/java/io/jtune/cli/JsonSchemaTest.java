package io.jtune.cli;

import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JSON documents the CLI itself writes (suggest on a corpus log, load and capacity against an
 * HTTP server on 127.0.0.1), validated against the schema they name (gc's test jar: JsonSchemas);
 * the same document with one field renamed fails validation. The documents of the library are
 * checked where they are written: gc's, diagnostics' and experiment's DocumentSchemaTest.
 */
class JsonSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SERIAL_8 =
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log";

  private final List<AutoCloseable> servers = new ArrayList<>();

  @AfterEach
  void stopServers() throws Exception {
    for (AutoCloseable s : servers) {
      s.close();
    }
  }

  private static JsonNode json(CliRun r) throws IOException {
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }

  @Test
  void suggestion() throws IOException {
    JsonNode doc = json(CliRun.of("suggest", "--format", "json", CliRun.corpusFile(SERIAL_8).toString()));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.suggestion/1");
    validAndRenameFails(doc, "/levels/0/durationS");
  }

  @Test
  void loadClosedAndOpen() throws IOException {
    String url = httpServer(0);
    JsonNode closed = json(CliRun.of("load", "-q", "-c", "2", "-n", "200", "--format", "json", url, url + "missing"));
    assertThat(closed.path("schema").asText()).isEqualTo("jtune.load/2");
    assertThat(closed.path("requests").asLong()).isEqualTo(200);
    assertThat(closed.path("errors").path("status4xx").asLong()).isPositive();
    validAndRenameFails(closed, "/latencyMs/p99");
    validAndRenameFails(closed, "/throughputRps");
    JsonNode open = json(CliRun.of("load", "-q", "-r", "200", "--warmup", "200ms", "-d", "1s", "--format", "json", url));
    assertThat(open.path("maxSendLagMs").isNumber()).isTrue();
    assertThat(open.path("timeline").size()).isPositive();
    validAndRenameFails(open, "/timeline/0/endS");
  }

  @Test
  void capacityWithFormulaAndUslFit() throws IOException {
    String url = httpServer(2);
    JsonNode doc = null;
    // the USL is fitted only to steps whose throughput a model can describe: on a host busy with
    // other work a short step can collapse and leave no fit, so the sweep is tried up to 3 times
    for (int attempt = 0; attempt < 3 && (doc == null || !doc.has("usl")); attempt++) {
      doc = json(CliRun.of("capacity", "--levels", "1,2,3", "--step-duration", "700ms", "--step-warmup",
          "200ms", "--cpu-ms", "1", "--cores", "2", "--format", "json", url));
    }
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.capacity/2");
    assertThat(doc.has("formula") && doc.has("usl")).as(doc.toString()).isTrue();
    validAndRenameFails(doc, "/steps/0/throughputRps");
    validAndRenameFails(doc, "/usl/rSquared");
  }

  /** A server on 127.0.0.1 answering after {@code sleepMs} (404 under /missing); its URL with a slash. */
  private String httpServer(int sleepMs) throws IOException {
    LocalHttpServer server = LocalHttpServer.start(() -> {
      try {
        Thread.sleep(sleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    servers.add(server);
    return server.url() + "/";
  }
}
