package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A real sweep against a CPU + IO test page, served on 127.0.0.1 by the test. */
class CapacitySweepTest {
  private static final int CPU_THREADS = 2;
  private static final double CPU_MS = 2;
  private static final long IO_MS = 16;

  @Test
  void littlesLawHoldsOnEveryStepAndThroughputFlattensAtTheCpuBound() throws Exception {
    try (TestServers.Running server = TestServers.cpuAndIo(CPU_THREADS, CPU_MS, IO_MS)) {
      LoadPlan base = LoadPlan.closed(List.of(LoadTarget.get(server.url("/"))), 1, Duration.ofSeconds(1));
      // steps of a few hundred response times: the requests cut by a step's edges weigh little
      CapacitySweep sweep = new CapacitySweep(base, List.of(1, 4, 16, 32), Duration.ofMillis(3000),
          Duration.ofMillis(400), 0, CPU_MS, CPU_THREADS);
      List<CapacityStep> seen = new ArrayList<>();
      CapacityResult result = CapacityRun.execute(sweep, seen::add);

      assertThat(seen).hasSize(4);
      assertThat(result.steps()).isEqualTo(seen);
      for (CapacityStep s : result.steps()) {
        assertThat(s.errors()).isZero();
        // Little's law: N = X * R, measured independently (X from counts, R from latencies)
        assertThat(s.littleError()).as("Little's law at concurrency %d: %s", s.concurrency(), s)
            .isBetween(-0.05, 0.05);
        // no step beats the CPU bound: threads x 1000 / CPU ms per request
        assertThat(s.throughputRps()).isLessThan(1.05 * CPU_THREADS * 1000 / CPU_MS);
      }
      CapacityStep one = result.steps().get(0);
      // one user: one request per (CPU + IO) ms, plus HTTP on loopback and a busy machine's delays
      assertThat(one.meanRtMs()).isBetween(CPU_MS + IO_MS, (CPU_MS + IO_MS) * 2);
      // below the knee throughput grows with users
      assertThat(result.steps().get(1).throughputRps()).isGreaterThan(3 * one.throughputRps());
      assertThat(result.knee().concurrency()).isGreaterThanOrEqualTo(4);
      // the formula from the given CPU time: ((wait + CPU) / CPU) x cores
      assertThat(result.formula().optimalThreads())
          .isCloseTo((one.meanRtMs() - CPU_MS + CPU_MS) / CPU_MS * CPU_THREADS, within(1e-9));
    }
  }
}
