package io.jtune.common.units;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteSizeTest {
  @Test
  void humanSizesHaveOneDecimalInKbBelowATenthOfAMegabyteThenMbThenGb() {
    assertThat(ByteSize.human(0)).isEqualTo("0 B");
    assertThat(ByteSize.human(1023)).isEqualTo("1023 B");
    assertThat(ByteSize.human(1536)).isEqualTo("1.5 KB");
    assertThat(ByteSize.human(100 * ByteSize.KB)).isEqualTo("100.0 KB");
    assertThat(ByteSize.human(544 * ByteSize.KB)).isEqualTo("0.5 MB");
    assertThat(ByteSize.human(24.9 * ByteSize.MB)).isEqualTo("24.9 MB");
    assertThat(ByteSize.human(ByteSize.GB - 1)).isEqualTo("1024.0 MB");
    assertThat(ByteSize.human(4L * ByteSize.GB)).isEqualTo("4.0 GB");
    assertThat(ByteSize.human(-1)).isEqualTo("-");
    assertThat(ByteSize.human(Double.NaN)).isEqualTo("-");
  }

  @Test
  void flagValuesUseTheLargestWholeUnit() {
    assertThat(ByteSize.flagValue(2 * ByteSize.GB)).isEqualTo("2g");
    assertThat(ByteSize.flagValue(1536 * ByteSize.MB)).isEqualTo("1536m");
    assertThat(ByteSize.flagValue(512 * ByteSize.KB)).isEqualTo("512k");
    assertThat(ByteSize.flagValue(1000)).isEqualTo("1000");
    assertThat(ByteSize.flagValue(0)).isEqualTo("0");
  }
}
