package io.jtune.gc.render;

import io.jtune.gc.event.GcEvent;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Wall-clock times as ISO-8601 with offset and milliseconds, e.g. "2024-05-01T10:15:30.123+02:00". */
public final class IsoTime {
  private static final DateTimeFormatter ISO =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX");
  private static final int DAY_S = 86_400;

  private IsoTime() {}

  /**
   * The ISO-8601 text of an epoch-ms wall clock at {@code offset}, or null for {@link GcEvent#NO_EPOCH}.
   * A long log has a window row per minute for months, each with its time: years 0 to 9999 at
   * an offset of whole minutes (every GC log's) are written digit by digit, in the text
   * {@link #ISO} gives; other times by the formatter itself.
   */
  public static String of(long epochMs, ZoneOffset offset) {
    if (epochMs == GcEvent.NO_EPOCH) {
      return null;
    }
    int offsetS = offset.getTotalSeconds();
    long local = Math.floorDiv(epochMs, 1000) + offsetS;
    LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(local, DAY_S));
    int year = day.getYear();
    if (year < 0 || year > 9999 || offsetS % 60 != 0) {
      return ISO.format(Instant.ofEpochMilli(epochMs).atOffset(offset));
    }
    int second = (int) Math.floorMod(local, DAY_S);
    String zone = offset.getId(); // "Z" or "+HH:MM", as the pattern's XXX writes a whole-minute offset
    char[] c = new char[23 + zone.length()];
    digits(c, 0, year, 4);
    c[4] = '-';
    digits(c, 5, day.getMonthValue(), 2);
    c[7] = '-';
    digits(c, 8, day.getDayOfMonth(), 2);
    c[10] = 'T';
    digits(c, 11, second / 3600, 2);
    c[13] = ':';
    digits(c, 14, second / 60 % 60, 2);
    c[16] = ':';
    digits(c, 17, second % 60, 2);
    c[19] = '.';
    digits(c, 20, (int) Math.floorMod(epochMs, 1000), 3);
    zone.getChars(0, zone.length(), c, 23);
    return new String(c);
  }

  /** Writes {@code v} as {@code n} decimal digits, zero-padded, at {@code at}. */
  private static void digits(char[] c, int at, int v, int n) {
    for (int i = at + n - 1; i >= at; i--) {
      c[i] = (char) ('0' + v % 10);
      v /= 10;
    }
  }
}
