package io.jtune.experiment.attribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.load.RequestSpans;
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
    GcAttribution a = PauseAttribution.of(r, List.of(pause(2000, 2050), pause(1000, 1010), pause(5000, 5100)), 15);
    assertThat(a.requests()).isEqualTo(8);
    assertThat(a.sampleStride()).isEqualTo(1);
    assertThat(a.slowRequests()).isEqualTo(4);
    assertThat(a.slowInPause()).isEqualTo(3);
    assertThat(a.slowInPauseShare()).isEqualTo(0.75);
    assertThat(a.allInPause()).isEqualTo(4);
    assertThat(a.allInPauseShare()).isEqualTo(0.5);
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
    GcAttribution a = PauseAttribution.of(r, List.of(pause(1000, 1008), pause(1005, 1010)), 20);
    assertThat(a.allInPause()).isEqualTo(1);
    assertThat(a.slowRequests()).isEqualTo(1);
    assertThat(a.pauseMsInSlow()).isCloseTo(10, within(1e-9));
    assertThat(a.pauseMsTotal()).isCloseTo(10, within(1e-9));
    // two pauses as logged, though their time is counted once
    assertThat(a.pauses()).isEqualTo(2);
  }

  @Test
  void withoutSlowRequestsTheirSharesAreMissing() {
    GcAttribution a = PauseAttribution.of(requests(new double[][] {{0, 1}, {5, 1}}), List.of(pause(2, 3)), 10);
    assertThat(a.slowRequests()).isZero();
    assertThat(a.slowInPauseShare()).isNull();
    assertThat(a.pauseMsPerSlow()).isNull();
    assertThat(a.allInPauseShare()).isZero();
  }
}
