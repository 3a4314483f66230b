package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Virtual users that keep the cookies a real service sets, against a server that keeps sessions by cookie. */
class CookiesLoadTest {
  private static LoadPlan closed(String url, List<String> headers, int connections, long requests, VirtualUsers users) {
    return new LoadPlan(List.of(new RequestTemplate(RequestTemplate.parseUrl(url), "GET", headers, null, 1)),
        LoadModel.CLOSED, connections, 0, Duration.ZERO, requests, Duration.ZERO, Duration.ZERO, Duration.ofSeconds(5),
        1, false, null, users);
  }

  private static String json(LoadResult r) {
    StringWriter w = new StringWriter();
    r.writeJson(w);
    return w.toString();
  }

  private static String text(LoadResult r) {
    StringWriter w = new StringWriter();
    LoadResultText.write(r, new PrintWriter(w));
    return w.toString();
  }

  @Test
  void eachConnectionIsOneUserThatSendsBackItsCookiesUntilTheServiceDeletesThem() throws Exception {
    try (SessionServer server = new SessionServer(false)) {
      LoadResult r = LoadRun.execute(closed(server.url("/guess"), List.of(), 4, 200, new VirtualUsers(true, 0)), null);
      assertThat(r.requests()).isEqualTo(200);
      assertThat(r.errorTotal()).isZero();
      // one session per user, made by its first request; every later request of the user carries it
      assertThat(server.sessions.get()).isEqualTo(4);
      assertThat(r.users()).isEqualTo(4);
      assertThat(server.withoutCookie.get()).isEqualTo(4);
      assertThat(server.withCookie.get()).isEqualTo(196);
      assertThat(server.unknownSession.get()).isZero();
      assertThat(server.severalCookieHeaders.get()).isZero();
      // Max-Age=0 and an Expires in the past deleted tmp and old: not sent after that
      assertThat(server.deletedSentAgain.get()).isZero();
      assertThat(server.lightTheme.get()).isEqualTo(196);
      String json = json(r);
      assertThat(json).doesNotContain(SessionServer.SECRET);
      JsonNode users = Json.mapper().readTree(json).path("users");
      assertThat(users.path("cookies").asBoolean()).isTrue();
      assertThat(users.path("requestsPerUser").isNull()).isTrue();
      assertThat(users.path("started").asLong()).isEqualTo(4);
      assertThat(text(r)).contains("users        cookies kept per user; 4 users, one per connection for the whole run")
          .doesNotContain(SessionServer.SECRET);
    }
  }

  @Test
  void usersLeaveAfterTheirShareAndNewOnesStartWithNoCookies() throws Exception {
    try (SessionServer server = new SessionServer(false)) {
      // the open model: requests on a schedule, each taken by a free connection's current user
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), 2_000, 3, Duration.ZERO)
          .withRequests(300, Duration.ZERO).withThreads(1).withUsers(new VirtualUsers(true, 10));
      LoadResult r = LoadRun.execute(plan, null);
      assertThat(r.requests()).isEqualTo(300);
      assertThat(r.errorTotal()).isZero();
      long sessions = server.sessions.get();
      // each connection's requests make whole users of 10, its last one cut short by the end
      assertThat(sessions).isEqualTo(r.users()).isBetween(30L, 33L);
      assertThat(server.withoutCookie.get()).isEqualTo(sessions);
      assertThat(server.requestsBySession.values()).allMatch(n -> n.get() <= 10);
      assertThat(server.requestsBySession.values().stream().filter(n -> n.get() == 10).count()).isGreaterThanOrEqualTo(27);
      assertThat(server.unknownSession.get() + server.deletedSentAgain.get()).isZero();
      assertThat(Json.mapper().readTree(json(r)).path("users").path("requestsPerUser").asLong()).isEqualTo(10);
      assertThat(text(r)).contains("users of up to 10 requests each");
    }
  }

  @Test
  void withoutCookiesEveryRequestArrivesWithoutOne() throws Exception {
    try (SessionServer server = new SessionServer(false)) {
      LoadResult r = LoadRun.execute(closed(server.url("/"), List.of(), 4, 100, VirtualUsers.NONE), null);
      assertThat(r.requests()).isEqualTo(100);
      assertThat(server.withCookie.get()).isZero();
      assertThat(server.sessions.get()).isEqualTo(100);
      assertThat(r.users()).isZero();
      assertThat(Json.mapper().readTree(json(r)).has("users")).isFalse();
      assertThat(text(r)).doesNotContain("users ");
    }
  }

  @Test
  void theRequestsOwnCookieHeaderIsKeptAndWinsOverTheJarsCookieOfTheSameName() throws Exception {
    try (SessionServer server = new SessionServer(false)) {
      LoadResult r = LoadRun.execute(closed(server.url("/"), List.of("Cookie: theme=dark; lang=en"), 2, 50,
          new VirtualUsers(true, 0)), null);
      assertThat(r.requests()).isEqualTo(50);
      // one Cookie header: the user's, with the jar's sid appended; the service's theme=light is left out
      assertThat(server.severalCookieHeaders.get()).isZero();
      assertThat(server.darkTheme.get()).isEqualTo(50);
      assertThat(server.lightTheme.get()).isZero();
      assertThat(server.sessions.get()).isEqualTo(2);
      assertThat(server.withCookie.get()).isEqualTo(48);
    }
  }

  @Test
  void requestsPerUserNeedCookiesAndAPositiveCount() {
    assertThatThrownBy(() -> new VirtualUsers(false, 10)).isInstanceOf(LoadException.class)
        .hasMessageContaining("cookies");
    assertThatThrownBy(() -> new VirtualUsers(true, -1)).isInstanceOf(LoadException.class)
        .hasMessageContaining("at least 1");
  }

  @Test
  void keepingCookiesAllocatesNothingPerRequestOnTheEventLoop() throws Exception {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try (SessionServer server = new SessionServer(true)) {
      // a Set-Cookie on every response, a Cookie header on every request, a new user every 50 requests
      LoadPlan plan = LoadPlan.closed(List.of(RequestTemplate.get(server.url("/"))), 4, Duration.ofMillis(1_500))
          .withWarmup(Duration.ofSeconds(1)).withThreads(1).withUsers(new VirtualUsers(true, 50));
      long[] allocated = new long[2];
      LoadResult r = LoadRun.execute(plan, new LoadProgress() {
        private long loopThread() {
          return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("jtune-load-0"))
              .findFirst().orElseThrow().getId();
        }

        @Override
        public void onMeasureStart() {
          allocated[0] = threads.getThreadAllocatedBytes(loopThread());
        }

        @Override
        public void onInterval(double elapsed, boolean warmup, TimelinePoint point) {
          if (!warmup && allocated[1] == 0) {
            allocated[1] = threads.getThreadAllocatedBytes(loopThread());
          }
        }
      });
      assertThat(r.errorTotal()).isZero();
      assertThat(r.requests()).isGreaterThan(1_000);
      assertThat(server.unknownSession.get()).isZero();
      assertThat(server.withoutCookie.get()).isEqualTo(server.sessions.get()).isEqualTo(r.users());
      assertThat(allocated[1]).isPositive();
      // nothing per request: a 16-byte object per request would already be > 16 KB here
      assertThat(allocated[1] - allocated[0]).as("bytes allocated by the event loop in 1 s of %d req/s",
          (long) r.throughputRps()).isLessThan(4_096);
    }
  }
}
