package io.jtune.gc.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.GcEvent;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** IsoTime writes the text of the ISO pattern it stands for, digit by digit or not. */
class IsoTimeTest {
  private static final DateTimeFormatter PATTERN = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX");

  private static String viaFormatter(long epochMs, ZoneOffset offset) {
    return PATTERN.format(Instant.ofEpochMilli(epochMs).atOffset(offset));
  }

  @Test
  void sameTextAsTheFormatter() {
    ZoneOffset[] offsets = {ZoneOffset.UTC, ZoneOffset.ofHours(-7), ZoneOffset.ofHoursMinutes(5, 30),
        ZoneOffset.ofHoursMinutes(-9, -30), ZoneOffset.ofHours(14), ZoneOffset.ofHours(-18), ZoneOffset.ofHours(18),
        ZoneOffset.ofHoursMinutesSeconds(1, 2, 3)};
    long[] edges = {0, -1, 1, 999, 1000, -1000, -86_400_000L, 1492362056844L, 253402300799999L, 253402300800000L,
        -62167219200000L, -62167219200001L, 951782400000L /* 2000-02-29 */, 4102444800000L, Long.MAX_VALUE / 1000};
    for (ZoneOffset o : offsets) {
      for (long ms : edges) {
        assertThat(IsoTime.of(ms, o)).as("%d at %s", ms, o).isEqualTo(viaFormatter(ms, o));
      }
    }
    SplittableRandom r = new SplittableRandom(18);
    for (int i = 0; i < 200_000; i++) {
      long ms = r.nextLong(-70_000_000_000_000L, 300_000_000_000_000L);
      ZoneOffset o = offsets[r.nextInt(offsets.length)];
      assertThat(IsoTime.of(ms, o)).as("%d at %s", ms, o).isEqualTo(viaFormatter(ms, o));
    }
  }

  @Test
  void noEpochIsNoTime() {
    assertThat(IsoTime.of(GcEvent.NO_EPOCH, ZoneOffset.UTC)).isNull();
  }
}
