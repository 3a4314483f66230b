package io.jtune.cli;

import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.load.VirtualUsers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --cookies} and {@code --requests-per-user} on the command line, against a server on
 * 127.0.0.1 that starts a session (Set-Cookie) for each request without one: the sessions it
 * makes are the users the report counts; the options go into plans; bad use is a usage error.
 */
class LoadCookiesCommandTest {
  private static final String SECRET = "s3ssion-";

  @TempDir Path dir;

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private final AtomicLong sessions = new AtomicLong();
  private LocalHttpServer server;

  @BeforeEach
  void start() throws Exception {
    server = LocalHttpServer.recording(seen, (exchange, body) -> {
      String cookie = exchange.getRequestHeaders().getFirst("Cookie");
      if (cookie == null || !cookie.contains("sid=" + SECRET)) {
        exchange.getResponseHeaders().add("Set-Cookie", "sid=" + SECRET + sessions.incrementAndGet() + "; Path=/");
        return "new";
      }
      return "with";
    }, path -> false);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void usersComeAndGoAndTheReportCountsThemAsTheServiceSawThem() throws Exception {
    CliRun r = CliRun.of("load", "-q", "-c", "3", "-n", "60", "--cookies", "--requests-per-user", "5", "--format", "json",
        server.url() + "/");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode doc = new ObjectMapper().readTree(r.out());
    assertThat(doc.path("users").path("started").asLong()).isEqualTo(sessions.get()).isBetween(12L, 15L);
    assertThat(doc.path("users").path("requestsPerUser").asLong()).isEqualTo(5);
    assertThat(seen.stream().filter(s -> s.equals("new")).count()).isEqualTo(sessions.get());
    assertThat(r.out()).doesNotContain(SECRET);
    validAndRenameFails(doc, "/users/started");

    seen.clear();
    sessions.set(0);
    CliRun text = CliRun.of("load", "-q", "-c", "2", "-n", "20", "--cookies", server.url() + "/");
    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(text.out()).contains("users        cookies kept per user; 2 users, one per connection for the whole run")
        .doesNotContain(SECRET);
    assertThat(seen).filteredOn(s -> s.equals("new")).hasSize(2);
  }

  @Test
  void requestsPerUserWithoutCookiesOrBelowOneIsAUsageError() {
    CliRun noCookies = CliRun.of("load", "-q", "-n", "5", "--requests-per-user", "5", server.url() + "/");
    assertThat(noCookies.exitCode()).isEqualTo(2);
    assertThat(noCookies.err().strip()).isEqualTo("jtune: --requests-per-user needs --cookies: a user who leaves differs"
        + " from the next one only by its cookies");
    CliRun zero = CliRun.of("capacity", "--cookies", "--requests-per-user", "0", server.url() + "/");
    assertThat(zero.exitCode()).isEqualTo(2);
    assertThat(zero.err().strip()).isEqualTo("jtune: --requests-per-user must be at least 1, got 0");
    assertThat(seen).isEmpty();
  }

  @Test
  void aPlanKeepsTheUsersCookiesAndTheirShare() throws Exception {
    Path out = dir.resolve("plan.yaml");
    CliRun r = CliRun.of("suggest", "--command", "java {jvmFlags} -jar app.jar --port={port}", "--ready",
        "http://127.0.0.1:{port}/", "--url", "/guess", "--cookies", "--requests-per-user", "20", "-o", out.toString(), CliRun.corpusFile(
            "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log")
            .toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.readString(out)).contains("cookies: true", "requestsPerUser: 20");
    Plan p = PlanReader.read(out);
    for (Level l : p.levels()) {
      assertThat(l.request().users()).as(l.name()).isEqualTo(new VirtualUsers(true, 20));
    }
  }
}
