package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The open model's latency is measured from the intended send time, so stalls show fully. */
class CoordinatedOmissionTest {
  private static final long PERIOD_MS = 5_000;
  private static final long STALL_MS = 1_000;
  private static final double RATE = 1_000;

  /**
   * Analytic truth for a server stalled {@code stall} out of every {@code period}: a request
   * due t ms before the end of a stall waits t ms; requests are due uniformly in time, so over
   * whole periods P(latency > x) = (stall - x) / period for x below the stall length.
   */
  private static double truthPercentileMs(double percentile) {
    double above = 1 - percentile / 100;
    return STALL_MS - above * PERIOD_MS;
  }

  @Test
  void correctedPercentilesMatchTheStallPatternAndUncorrectedHidesIt() throws Exception {
    try (TestServers.Running server = TestServers.stalling(PERIOD_MS, STALL_MS)) {
      // exactly one period measured: the share of requests due in a stall does not depend on phase
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), RATE, 16, Duration.ofMillis(PERIOD_MS))
          .withWarmup(Duration.ofSeconds(1))
          .withTimeout(Duration.ofSeconds(3))
          .withThreads(1);
      LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);

      assertThat(truthPercentileMs(99)).isCloseTo(950.0, within(1e-6));
      assertThat(truthPercentileMs(90)).isCloseTo(500.0, within(1e-6));
      assertThat(r.requests()).isCloseTo((long) (RATE * PERIOD_MS / 1000), within(10L));
      assertThat(r.errorTotal()).isZero();
      assertThat(r.latencyMs().p99()).isCloseTo(truthPercentileMs(99), within(0.03 * truthPercentileMs(99)));
      // p99 requests are due at the start of a stall, first in the backlog; the p90 request waits
      // behind ~500 others that the server answers after the stall, so it gets a little later
      assertThat(r.latencyMs().p90()).isBetween(0.95 * truthPercentileMs(90), 1.4 * truthPercentileMs(90));
      assertThat(r.latencyMs().max()).isBetween(0.9 * STALL_MS, 1.2 * STALL_MS);
      // what a closed-model tool sees: only the 16 requests caught in the stall wait, <1 % of all
      assertThat(r.uncorrectedLatencyMs().p99()).isLessThan(50.0);
      assertThat(r.uncorrectedLatencyMs().max()).isGreaterThan(0.9 * STALL_MS);
    }
  }

  @Test
  void noSpuriousLatencyWhenTheServerKeepsUp() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      for (double rate : new double[] {1_000, 3_000}) {
        LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), rate, 16, Duration.ofSeconds(2))
            .withWarmup(Duration.ofSeconds(1))
            .withThreads(1);
        LoadResult r = LoadRun.execute(plan, LoadProgress.NONE);

        assertThat(r.requests()).isCloseTo((long) (rate * 2), within((long) (rate * 0.02)));
        assertThat(r.throughputRps()).isCloseTo(rate, within(rate * 0.02));
        assertThat(r.errorTotal()).isZero();
        // the server answers in well under a millisecond; allow for a shared, busy machine
        assertThat(r.latencyMs().p50()).as("p50 at %s req/s", rate).isLessThan(2.0);
        assertThat(r.latencyMs().p75()).as("p75 at %s req/s", rate).isLessThan(10.0);
        assertThat(r.latencyMs().p50() - r.uncorrectedLatencyMs().p50()).isLessThan(1.0);
      }
    }
  }
}
