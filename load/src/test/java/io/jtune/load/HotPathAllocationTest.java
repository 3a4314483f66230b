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

  @Test
  void measuredRequestsAllocateNothingOnTheEventLoop() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      for (int variant = 0; variant < 3; variant++) {
      boolean keepRequests = variant == 1;
      boolean templated = variant == 2;
      for (LoadModel model : LoadModel.values()) {
        List<RequestTemplate> targets = templated
            // rendered per request: ids, numbers, the clock and a data file's rows in the URL, a header and the body
            ? List.of(new RequestTemplate(RequestTemplate.parseUrl(server.url("/c/${uuid}?u=${user}")), "POST",
                List.of("X-R: ${rand:1-100000}"), "{\"n\": ${seq}, \"at\": \"${now}\", \"k\": \"${hex:24}\"}"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8), 1).withData(users()),
                RequestTemplate.get(server.url("/b")))
            : List.of(RequestTemplate.get(server.url("/a")), RequestTemplate.get(server.url("/b")));
        LoadPlan plan = (model == LoadModel.CLOSED
            ? LoadPlan.closed(targets, 8, Duration.ofSeconds(3))
            : LoadPlan.open(targets, 2_000, 8, Duration.ofSeconds(3)))
            .withWarmup(Duration.ofSeconds(1)).withThreads(1);
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
            templated ? " with templated requests" : "", (long) r.throughputRps()).isLessThan(4_096);
      }
      }
    }
  }
}
