package io.jtune.gc.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.input.Line;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Shared records for the common small times, and every other value kept exactly as read. */
class CpuTimesTest {

  private static double read(String number) {
    byte[] b = number.getBytes(StandardCharsets.US_ASCII);
    return new Line().set(b, 0, b.length, 1, false).parseDouble(0);
  }

  @Test
  void smallHundredthsAsTheParserReadsThemAreOneSharedRecord() {
    CpuTimes a = CpuTimes.of(read("0.01"), read("0.00"), read("0.01"));
    CpuTimes b = CpuTimes.of(read("0.01"), read("0.00"), read("0.01"));
    assertThat(b).isSameAs(a);
    assertThat(a).isEqualTo(new CpuTimes(0.01, 0.0, 0.01));
    assertThat(CpuTimes.of(read("0.31"), read("0.02"), read("0.07"))).isEqualTo(new CpuTimes(0.31, 0.02, 0.07))
        .isSameAs(CpuTimes.of(0.31, 0.02, 0.07));
  }

  @Test
  void otherValuesAreNewRecordsWithTheExactValues() {
    assertThat(CpuTimes.of(0.32, 0, 0)).isEqualTo(new CpuTimes(0.32, 0, 0)).isNotSameAs(CpuTimes.of(0.32, 0, 0));
    assertThat(CpuTimes.of(0.005, 0, 0).userS()).isEqualTo(0.005);
    assertThat(CpuTimes.of(1.25, 0.5, 12.0)).isEqualTo(new CpuTimes(1.25, 0.5, 12.0));
    assertThat(Double.doubleToRawLongBits(CpuTimes.of(-0.0, 0, 0).userS())).isEqualTo(Double.doubleToRawLongBits(-0.0));
    assertThat(CpuTimes.of(Double.NaN, 0, 0).userS()).isNaN();
  }
}
