package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** https:// load over the JDK's TLS against real servers on 127.0.0.1 with a self-signed certificate. */
class TlsLoadTest {
  @TempDir static Path dir;
  private static SSLContext serverTls;

  @BeforeAll
  static void certificate() throws Exception {
    serverTls = TlsTestServers.selfSigned(dir);
  }

  @Test
  void insecureAcceptsASelfSignedCertificateAndReusesConnections() throws Exception {
    try (TlsTestServers.Https server = TlsTestServers.https(serverTls, seen -> seen.method().equals("GET"))) {
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(server.url("/"))), 4, Duration.ZERO)
          .withRequests(400, Duration.ZERO).withThreads(1).withInsecure(true);
      LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);
      assertThat(r.requests()).isEqualTo(400);
      assertThat(r.successes()).isEqualTo(400);
      assertThat(r.errorTotal()).isZero();
    }
  }

  @Test
  void withoutInsecureASelfSignedCertificateIsOneLineError() throws Exception {
    try (TlsTestServers.Https server = TlsTestServers.https(serverTls, seen -> true)) {
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(server.url("/x"))), 2, Duration.ofSeconds(1));
      int port = server.server().getAddress().getPort();
      assertThatThrownBy(() -> LoadRun.execute(plan, LoadProgress.NONE))
          .isInstanceOf(LoadException.class)
          .hasMessage("https://127.0.0.1:" + port + "/: certificate not trusted (self-signed); use --insecure to"
              + " accept it (for testing only)");
    }
  }

  @Test
  void anHttpsUrlAtAPlainHttpServerSaysSo() throws Exception {
    try (TestServers.Running plain = TestServers.fixedStatus(200)) {
      String url = plain.url("/").replace("http://", "https://");
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(url)), 1, Duration.ofSeconds(1)).withInsecure(true);
      assertThatThrownBy(() -> LoadRun.execute(plan, LoadProgress.NONE))
          .isInstanceOf(LoadException.class)
          .hasMessageStartingWith(url.replace("/", "").replace("https:", "https://") + "/: TLS handshake failed")
          .hasMessageContaining("does the server speak TLS on this port?")
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void jsonPostWithAnAuthHeaderArrivesIntact() throws Exception {
    String json = "{\"order\": 42, \"item\": \"caf\u00e9\"}";
    // a body larger than one TLS record (16 KiB) is wrapped in several
    String big = "{\"pad\": \"" + "x".repeat(40_000) + "\"}";
    try (TlsTestServers.Https server = TlsTestServers.https(serverTls, seen -> seen.method().equals("POST")
        && TlsTestServers.header(seen, "Authorization").equals(List.of("Bearer s3cret"))
        && TlsTestServers.header(seen, "Content-Type").equals(List.of("application/json"))
        && (seen.path().equals("/order") ? seen.bodyText().equals(json) : seen.bodyText().equals(big)))) {
      List<String> headers = List.of("Authorization: Bearer s3cret", "Content-Type: application/json");
      List<RequestTemplate> targets = List.of(
          new RequestTemplate(RequestTemplate.parseUrl(server.url("/order")), "POST", headers,
              json.getBytes(StandardCharsets.UTF_8), 3),
          new RequestTemplate(RequestTemplate.parseUrl(server.url("/big")), "POST", headers,
              big.getBytes(StandardCharsets.UTF_8), 1));
      LoadResult r = LoadRun.execute(LoadPlan.closed(targets, 3, Duration.ZERO)
          .withRequests(200, Duration.ZERO).withInsecure(true), LoadProgress.NONE);
      assertThat(r.requests()).isEqualTo(200);
      assertThat(r.errors().get(ErrorKind.STATUS_4XX)).isZero();
      assertThat(r.successes()).isEqualTo(200);
    }
  }

  @Test
  void templatedHeadsWithALargeFixedBinaryBodyArriveIntactOverTls() throws Exception {
    byte[] body = new byte[300_000];
    new java.util.Random(9).nextBytes(body);
    Set<String> ids = ConcurrentHashMap.newKeySet();
    // the rendered head and the shared body go out in one gathering wrap, over several TLS records
    try (TlsTestServers.Https server = TlsTestServers.https(serverTls, seen -> java.util.Arrays.equals(seen.body(), body)
        && seen.path().matches("/up/[0-9a-f]{12}") && ids.add(seen.path())
        && TlsTestServers.header(seen, "X-Seq").get(0).matches("\\d+"))) {
      RequestTemplate t = new RequestTemplate(RequestTemplate.parseUrl(server.url("/up/${hex:12}")), "PUT",
          List.of("X-Seq: ${seq}"), body, 1);
      LoadResult r = LoadRun.execute(LoadPlan.closed(List.of(t), 3, Duration.ZERO)
          .withRequests(60, Duration.ZERO).withInsecure(true), LoadProgress.NONE);
      assertThat(r.successes()).isEqualTo(60);
      assertThat(ids).hasSize(60);
    }
  }

  @Test
  void aServerThatClosesMidHandshakeGivesCountedErrorsNotAHang() throws Exception {
    try (TlsTestServers.ClosesMidHandshake server = new TlsTestServers.ClosesMidHandshake(serverTls)) {
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(server.url("/"))), 2, Duration.ofSeconds(1))
          .withTimeout(Duration.ofSeconds(2)).withInsecure(true);
      long start = System.nanoTime();
      LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(r.successes()).isZero();
      assertThat(r.errors().get(ErrorKind.CONNECT)).isPositive();
      assertThat(server.accepted.get()).isGreaterThan(2);
      assertThat(seconds).isLessThan(5.0);
    }
  }

  @Test
  void aServerClosingAfterEachResponseCostsAHandshakeThatResumesTheSession() throws Exception {
    Set<Integer> ports = ConcurrentHashMap.newKeySet();
    Set<Long> sessionsByCreation = ConcurrentHashMap.newKeySet();
    HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    server.setHttpsConfigurator(new HttpsConfigurator(serverTls));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    server.createContext("/", exchange -> {
      ports.add(exchange.getRemoteAddress().getPort());
      sessionsByCreation.add(((HttpsExchange) exchange).getSSLSession().getCreationTime());
      exchange.getResponseHeaders().set("Connection", "close");
      exchange.sendResponseHeaders(200, 3);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write("ok\n".getBytes(StandardCharsets.US_ASCII));
      }
    });
    server.setExecutor(pool);
    server.start();
    try {
      String url = "https://127.0.0.1:" + server.getAddress().getPort() + "/";
      LoadResult r = LoadRun.execute(LoadPlan.closed(List.of(RequestTemplate.get(url)), 2, Duration.ZERO)
          .withRequests(100, Duration.ZERO).withThreads(1).withInsecure(true), LoadProgress.NONE);
      assertThat(r.successes()).isEqualTo(100);
      assertThat(r.errorTotal()).isZero();
      assertThat(ports).hasSizeGreaterThanOrEqualTo(100);
      // a resumed session keeps the creation time of the full handshake it resumes
      assertThat(sessionsByCreation).hasSizeLessThan(ports.size() / 2);
    } finally {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  @Test
  void theOpenModelKeepsItsRateOverTls() throws Exception {
    try (TlsTestServers.Https server = TlsTestServers.https(serverTls, seen -> true)) {
      double rate = 500;
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), rate, 16, Duration.ofSeconds(2))
          .withWarmup(Duration.ofSeconds(1)).withThreads(1).withInsecure(true);
      LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);
      assertThat(r.errorTotal()).isZero();
      // the schedule fixes how many requests are due in the measured 2 s, whatever TLS costs
      assertThat(r.requests()).isCloseTo((long) (rate * 2), within((long) (rate * 0.02)));
      assertThat(r.throughputRps()).isCloseTo(rate, within(rate * 0.05));
    }
  }
}
