package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The event loop allocates nothing per request once connections are open. */
class HotPathAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private static Thread loopThread() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("jtune-load-0")).findFirst().orElseThrow();
  }

  private static DataFile users() throws java.io.IOException {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("users", ".csv");
    try {
      java.nio.file.Files.writeString(file, "user\nann\nbo b\nchloé\n");
      return DataFile.read(file, DataOrder.SEQUENTIAL);
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  private static ReplayLog accessLog() throws java.io.IOException {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("access", ".log");
    try {
      StringBuilder log = new StringBuilder();
      for (int i = 0; i < 500; i++) {
        log.append("127.0.0.1 - - [01/Mar/2026:10:00:00 +0000] \"").append(i % 7 == 0 ? "HEAD" : "GET")
            .append(" /e").append(i % 5).append("/").append(i).append(" HTTP/1.1\" 200 3\n");
      }
      java.nio.file.Files.writeString(file, log);
      return ReplayLog.read(file);
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  @Test
  void measuredRequestsAllocateNothingOnTheEventLoop() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      for (int variant = 0; variant < 4; variant++) {
      boolean keepRequests = variant == 1;
      boolean templated = variant == 2;
      boolean replayed = variant == 3;
      for (LoadModel model : LoadModel.values()) {
        List<RequestTemplate> targets = templated
            // rendered per request: ids, numbers, the clock and a data file's rows in the URL, a header and the body
            ? List.of(new RequestTemplate(RequestTemplate.parseUrl(server.url("/c/${uuid}?u=${user}")), "POST",
                List.of("X-R: ${rand:1-100000}"), "{\"n\": ${seq}, \"at\": \"${now}\", \"k\": \"${hex:24}\"}"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8), 1).withData(users()),
                RequestTemplate.get(server.url("/b")))
            : List.of(RequestTemplate.get(server.url("/a")), RequestTemplate.get(server.url("/b")));
        LoadPlan plan = (model == LoadModel.CLOSED
            ? LoadPlan.closed(replayed ? targets.subList(0, 1) : targets, 8, Duration.ofSeconds(3))
            : LoadPlan.open(replayed ? targets.subList(0, 1) : targets, 2_000, 8, Duration.ofSeconds(3)))
            .withWarmup(Duration.ofSeconds(1)).withThreads(1);
        if (replayed) {
          // a logged mix of five endpoints, each request recorded in its endpoint's histogram too
          plan = plan.withReplay(new Replay(accessLog(), 0, EndpointGroups.DEFAULT));
        }
        long[] allocated = new long[2];
        LoadResult r = LoadRun.execute(plan, new LoadProgress() {
          @Override
          public void onMeasureStart() {
            allocated[0] = THREADS.getThreadAllocatedBytes(loopThread().getId());
          }

          @Override
          public void onInterval(double elapsed, boolean warmup, TimelinePoint point) {
            if (!warmup && point.second() >= 1.5 && point.second() < 2.5) {
              allocated[1] = THREADS.getThreadAllocatedBytes(loopThread().getId());
            }
          }
        }, null, keepRequests);
        assertThat(r.requests()).isGreaterThan(3_000);
        if (keepRequests) {
          // every measured request is kept: the spans are preallocated for the open model's schedule
          assertThat((long) r.requestSpans().size() * r.requestSpans().stride()).isEqualTo(r.requests());
        }
        assertThat(r.errorTotal()).isZero();
        assertThat(allocated[1]).isPositive();
        long perRun = allocated[1] - allocated[0];
        // nothing per request: a 16-byte object per request would already be > 16 KB here
        assertThat(perRun).as("%s model%s%s: bytes allocated by the event loop in 2 s of %d req/s", model,
            keepRequests ? " keeping request spans" : "",
            templated ? " with templated requests" : replayed ? " replaying a log" : "", (long) r.throughputRps())
            .isLessThan(4_096);
        assertThat(r.endpoints()).hasSize(replayed ? 10 : 2);
      }
      }
    }
  }
}
