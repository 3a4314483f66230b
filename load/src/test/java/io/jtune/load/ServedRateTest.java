package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open model's throughput is what the service served within the measured time, not what was
 * sent to it: a server with one worker thread and a fixed delay, offered twice what it can serve,
 * answers every request in the end (the run waits for them), yet serves only its capacity.
 */
class ServedRateTest {
  private static final long DELAY_MS = 50;
  private static final double RATE = 40;

  @Test
  void aServerThatQueuesServesItsCapacityNotTheOfferedRate() throws Exception {
    try (TestServers.Running server = TestServers.queueing(DELAY_MS)) {
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), RATE, 8, Duration.ofSeconds(1))
          .withWarmup(Duration.ofMillis(500))
          .withTimeout(Duration.ofSeconds(10))
          .withThreads(1);
      LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);

      // every request due in the measured second got its answer, after it: what was sent
      assertThat(r.requests()).isBetween((long) RATE - 1, (long) RATE + 1);
      assertThat(r.errorTotal()).isZero();
      // one thread and 50 ms each: at most 20 responses in the second (one more at an edge)
      assertThat(r.servedResponses()).isLessThanOrEqualTo(1000 / DELAY_MS + 1).isPositive();
      assertThat(r.throughputRps()).isEqualTo(r.servedResponses() / r.measuredSeconds());
      assertThat(r.throughputRps()).isLessThan(RATE * 0.9);
      assertThat(r.overloaded()).isTrue();
      // the requests waited behind the queue: latencies from the intended send are a queue's
      assertThat(r.latencyMs().p99()).isGreaterThan(4.0 * DELAY_MS);

      StringWriter text = new StringWriter();
      LoadResultText.write(r, new PrintWriter(text));
      assertThat(text.toString())
          .contains("req/s served in the measured time (" + r.servedResponses() + " responses), of 40.0 offered")
          .contains("note: overloaded: the service served")
          // the 8 connections were held by the service's queue: more of them would queue more
          .contains("waited up to").contains("more --concurrency would queue more, not serve more")
          .doesNotContain("more --concurrency may be needed");
      assertThat(r.toJsonTree().path("servedResponses").asLong()).isEqualTo(r.servedResponses());
    }
  }
}
