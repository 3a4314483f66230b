package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {
  @Test
  void withoutRampRequestsAreEvenlySpaced() {
    ArrivalSchedule s = new ArrivalSchedule(1000, 0);
    assertThat(s.dueNanos(0)).isZero();
    assertThat(s.dueNanos(1)).isEqualTo(1_000_000);
    assertThat(s.dueNanos(2500)).isEqualTo(2_500_000_000L);
    assertThat(s.firstIndexAtOrAfter(2_500_000_000L)).isEqualTo(2500);
    assertThat(s.firstIndexAtOrAfter(2_500_000_001L)).isEqualTo(2501);
  }

  @Test
  void rampUpGrowsTheRateLinearly() {
    // 100 req/s reached after 10 s: 500 requests during the ramp (area of the triangle)
    ArrivalSchedule s = new ArrivalSchedule(100, 10_000_000_000L);
    assertThat(s.firstIndexAtOrAfter(10_000_000_000L)).isEqualTo(500);
    // halfway the count is a quarter of the ramp's: 125 requests due before 5 s
    assertThat(s.firstIndexAtOrAfter(5_000_000_000L)).isEqualTo(125);
    // after the ramp, one every 10 ms
    assertThat(s.dueNanos(600) - s.dueNanos(599)).isCloseTo(10_000_000L, within(2L));
  }
}
