package io.jtune.experiment.attribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import io.jtune.load.RequestSpans;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A request/pause timeline worked out by hand (times in ms from an arbitrary epoch). */
class PauseAttributionTest {
  private static final long T0 = 1_700_000_000_000_000L;

  private static long us(double ms) {
    return T0 + Math.round(ms * 1000);
  }

  private static RequestSpans requests(double[][] startAndLatencyMs) {
    long[] starts = new long[startAndLatencyMs.length];
    int[] latencies = new int[startAndLatencyMs.length];
    for (int i = 0; i < starts.length; i++) {
      starts[i] = us(startAndLatencyMs[i][0]);
      latencies[i] = (int) Math.round(startAndLatencyMs[i][1] * 1000);
    }
    return RequestSpans.of(starts, latencies);
  }

  private static PauseSpan pause(double fromMs, double toMs) {
    return new PauseSpan(us(fromMs), us(toMs));
  }

  @Test
  void slowRequestsAreLinedUpWithThePauses() {
    RequestSpans r = requests(new double[][] {
        {990, 5},     // before the first pause
        {995, 20},    // slow, holds all of pause 1 (10 ms)
        {1005, 30},   // slow, the last 5 ms of pause 1
        {1500, 40},   // slow, no pause
        {2040, 3},    // fast, 3 ms of pause 2
        {2010, 100},  // slow, 40 ms of pause 2
        {1990, 5},    // ends before pause 2
        {3000, 2}});
    GcAttribution a = PauseAttribution.of(r, List.of(pause(2000, 2050), pause(1000, 1010), pause(5000, 5100)), 15,
        5);
    assertThat(a.requests()).isEqualTo(8);
    assertThat(a.sampleStride()).isEqualTo(1);
    assertThat(a.slowRequests()).isEqualTo(4);
    // held up against a median of 5 ms: 10 ms of pause in 20 ms (15 above the median; a quarter is 3.75)
    // and 40 in 100 (95 above; 23.75), not 5 ms of pause in 30 ms (25 above: 6.25 would be a quarter)
    assertThat(a.slowInPause()).isEqualTo(2);
    assertThat(a.slowInPauseShare()).isEqualTo(0.5);
    // and the fast request with 3 ms of pause (no slower than the median: any pause time counts)
    assertThat(a.allInPause()).isEqualTo(3);
    assertThat(a.allInPauseShare()).isEqualTo(0.375);
    // slow spans 995-1035, 1500-1540, 2010-2110: 10 ms of pause 1 and 40 ms of pause 2, once each
    assertThat(a.pauseMsInSlow()).isCloseTo(50, within(1e-9));
    // (10 + 5 + 0 + 40) / 4 slow requests
    assertThat(a.pauseMsPerSlow()).isCloseTo(13.75, within(1e-9));
    // 55 ms of the slow requests' 190 ms
    assertThat(a.slowLatencyInPauseShare()).isCloseTo(55.0 / 190, within(1e-9));
    // the pause at 5000 ms is after the last request
    assertThat(a.pauses()).isEqualTo(2);
    assertThat(a.pauseMsTotal()).isCloseTo(60, within(1e-9));
  }

  @Test
  void touchingIsNotOverlappingAndOverlappingPausesCountOnce() {
    RequestSpans r = requests(new double[][] {{1010, 10}, {990, 10}, {995, 30}});
    // two pauses whose millisecond stamps overlap: 1000-1008 and 1005-1010 are 10 ms of pause
    GcAttribution a = PauseAttribution.of(r, List.of(pause(1000, 1008), pause(1005, 1010)), 20, 10);
    assertThat(a.allInPause()).isEqualTo(1);
    assertThat(a.slowRequests()).isEqualTo(1);
    assertThat(a.pauseMsInSlow()).isCloseTo(10, within(1e-9));
    assertThat(a.pauseMsTotal()).isCloseTo(10, within(1e-9));
    // two pauses as logged, though their time is counted once
    assertThat(a.pauses()).isEqualTo(2);
  }

  @Test
  void withoutSlowRequestsTheirSharesAreMissing() {
    GcAttribution a = PauseAttribution.of(requests(new double[][] {{0, 1}, {5, 1}}), List.of(pause(2, 3)), 10, 1);
    assertThat(a.slowRequests()).isZero();
    assertThat(a.slowInPauseShare()).isNull();
    assertThat(a.pauseMsPerSlow()).isNull();
    assertThat(a.allInPauseShare()).isZero();
  }

  /**
   * A queue: the recorded io-bound run with 16 threads (testdata/experiments/io-bound-threads,
   * threads=16 r1) served 173 of the 230 req/s offered, so the requests sent in its 6 s window
   * waited 17 to 20 s (its p50 and p99 as recorded). Young pauses of 5.6 ms every second after the
   * window (the overloaded WireMock run's) fall inside every one of those requests: 17 of them,
   * about 95 ms in each, against some 2.5 s above the median. The queue made them slow, not GC.
   */
  @Test
  void aQueuesRequestsAreNotHeldUpByThePausesThatFellWhileTheyWaited() throws Exception {
    JsonNode run = Json.mapper().readTree(Path.of("../testdata/experiments/io-bound-threads/runs/high-threads=16-r1/"
        + "result.json").toFile());
    assertThat(run.at("/steadiness/overloaded").asBoolean()).isTrue();
    double offered = run.at("/steadiness/offeredRps").asDouble();
    long from = run.path("windowStartEpochMs").asLong();
    long to = run.path("windowEndEpochMs").asLong();
    double p50 = run.at("/metrics/p50").asDouble();
    double p99 = run.at("/metrics/p99").asDouble();
    double max = run.at("/metrics/latencyMax").asDouble();
    int n = (int) Math.round(offered * (to - from) / 1000.0);
    long[] starts = new long[n];
    int[] latencies = new int[n];
    for (int i = 0; i < n; i++) {
      // sent on the schedule; each waits longer than the one before, the middle one the recorded p50
      starts[i] = (from * 1000) + Math.round(i * 1e6 / offered);
      latencies[i] = (int) Math.round(1000 * (p50 + (max - p50) * (2.0 * i - n) / n));
    }
    List<PauseSpan> pauses = new java.util.ArrayList<>();
    for (long t = to; t < to + 30_000; t += 1000) {
      pauses.add(new PauseSpan(t * 1000, t * 1000 + 5_600));
    }
    GcAttribution a = PauseAttribution.of(RequestSpans.of(starts, latencies), pauses, p99, p50);
    assertThat(a.slowRequests()).isPositive();
    // the pauses did fall inside the slow requests ...
    assertThat(a.pauseMsPerSlow()).isGreaterThan(80);
    // ... but far below a quarter of what made each slow: none is held up by GC, nor any request
    assertThat(a.slowInPause()).isZero();
    assertThat(a.allInPause()).isZero();
    assertThat(AttributionText.lines(a).get(0)).contains("0 (0.0 %) of " + a.slowRequests() + " held up by a GC pause"
        + " (the pause time inside it at least a quarter of its latency above the median and of the median (of its"
        + " latency, if shorter))");
  }
}
