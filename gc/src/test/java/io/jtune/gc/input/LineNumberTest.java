package io.jtune.gc.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Line's number scanners against BigDecimal and BigInteger: every digit count, numbers ending at
 * the line's end (with digits beyond it in the buffer), at the buffer's end and before bytes next
 * to '0' and '9' in the byte table.
 */
class LineNumberTest {
  // bytes around the digits ('/' and ':' are '0' - 1 and '9' + 1), and the separators of GC logs
  private static final byte[] AFTER = {'/', ':', ' ', 'K', 's', ']', ',', '.', 0, (byte) 0xb0, (byte) 0xb9, 'E', 0x39 + 16};

  @Test
  void parseDoubleMatchesBigDecimal() {
    Random r = new Random(7);
    for (int round = 0; round < 20000; round++) {
      String whole = digits(r, 1 + r.nextInt(r.nextInt(4) == 0 ? 16 : 9));
      String frac = r.nextBoolean() ? "" : digits(r, 1 + r.nextInt(r.nextInt(4) == 0 ? 15 : 9));
      char mark = r.nextInt(5) == 0 ? ',' : '.';
      String number = frac.isEmpty() ? whole : whole + mark + frac;
      Placed p = place(r, number);
      double expected = expectedDouble(whole, frac);
      assertThat(p.line.parseDouble(p.at)).as("%s in %s", number, p).isEqualTo(expected);
      assertThat(p.line.end()).as("end of %s in %s", number, p).isEqualTo(p.at + number.length());
    }
  }

  @Test
  void parseLongMatchesBigInteger() {
    Random r = new Random(8);
    for (int round = 0; round < 20000; round++) {
      String number = digits(r, 1 + r.nextInt(18));
      Placed p = place(r, number);
      assertThat(p.line.parseLong(p.at)).as("%s in %s", number, p).isEqualTo(new BigInteger(number).longValueExact());
      assertThat(p.line.end()).isEqualTo(p.at + number.length());
    }
  }

  /** Past 19 digits the scanner's long wraps as a digit-by-digit loop does: the number's low 64 bits. */
  @Test
  void parseLongPastNineteenDigitsKeepsTheLowBits() {
    Random r = new Random(10);
    for (int round = 0; round < 2000; round++) {
      String number = digits(r, 19 + r.nextInt(12));
      Placed p = place(r, number);
      assertThat(p.line.parseLong(p.at)).as("%s in %s", number, p).isEqualTo(new BigInteger(number).longValue());
      assertThat(p.line.end()).isEqualTo(p.at + number.length());
      assertThat(p.line.parseDouble(p.at)).as("%s in %s", number, p).isNaN();
    }
  }

  /**
   * ISO time stamps against java.time, read through one reused view the way the reader does:
   * runs of lines in the same minute (the scanner reuses the minute it read last), then a new
   * minute, day, offset or a broken stamp, at several places in the buffer and near its end.
   */
  @Test
  void parseIsoEpochMsMatchesJavaTime() {
    Random r = new Random(9);
    Line view = new Line();
    java.time.LocalDateTime t = java.time.LocalDateTime.of(2017, 4, 16, 10, 0, 56);
    String[] offsets = {"-0700", "+0200", "+05:30", "Z", ""};
    for (int round = 0; round < 20000; round++) {
      int step = r.nextInt(10);
      t = t.plusSeconds(step < 7 ? r.nextInt(3) : step < 9 ? 60 + r.nextInt(4000) : 86_400L * r.nextInt(800));
      String offset = offsets[r.nextInt(10) < 7 ? 0 : r.nextInt(offsets.length)];
      int millis = r.nextInt(1000);
      String stamp = String.format(java.util.Locale.ROOT, "%s%c%02d:%02d:%02d.%03d%s", t.toLocalDate(), r.nextInt(8) == 0 ? ' ' : 'T',
          t.getHour(), t.getMinute(), t.getSecond(), millis, offset);
      boolean broken = r.nextInt(50) == 0;
      if (broken) {
        stamp = stamp.substring(0, 13) + 'x' + stamp.substring(14);
      }
      String prefix = " ".repeat(r.nextInt(3));
      String suffix = r.nextBoolean() ? ": 132981.103: [GC" : "";
      byte[] text = (prefix + stamp + suffix).getBytes(StandardCharsets.ISO_8859_1);
      int pad = r.nextInt(3);
      byte[] buf = new byte[text.length + pad];
      System.arraycopy(text, 0, buf, 0, text.length);
      view.set(buf, 0, text.length, round, false);
      long got = view.parseIsoEpochMs(prefix.length());
      if (broken) {
        assertThat(got).as(stamp).isEqualTo(Long.MIN_VALUE);
        continue;
      }
      java.time.ZoneOffset zone = offset.isEmpty() || offset.equals("Z") ? java.time.ZoneOffset.UTC
          : java.time.ZoneOffset.of(offset.length() == 5 ? offset.substring(0, 3) + ":" + offset.substring(3) : offset);
      long expected = t.toInstant(zone).toEpochMilli() + millis;
      assertThat(got).as(stamp).isEqualTo(expected);
      assertThat(view.end()).as("end of %s", stamp).isEqualTo(prefix.length() + stamp.length());
    }
  }

  @Test
  void noNumber() {
    for (String text : new String[] {"", "x", "/9", ":1", " 12", ".5", "-3"}) {
      Line l = Line.of(text, 1);
      assertThat(l.parseDouble(0)).as(text).isNaN();
      assertThat(l.end()).isZero();
      assertThat(l.parseLong(0)).as(text).isEqualTo(-1);
      assertThat(l.end()).isZero();
    }
    // a line that ends where the number would start: the bytes after it in the buffer are not read
    byte[] buf = "ab12345678".getBytes(StandardCharsets.US_ASCII);
    Line l = new Line().set(buf, 0, 2, 1, false);
    assertThat(l.parseDouble(2)).isNaN();
    assertThat(l.parseLong(2)).isEqualTo(-1);
  }

  @Test
  void fractionDigitsBeyondTwelveAreScannedButNotKept() {
    Line l = Line.of("0.12345678901234567 secs", 1);
    assertThat(l.parseDouble(0)).isEqualTo(0.123456789012);
    assertThat(l.end()).isEqualTo(19);
    assertThat(Line.of("1.0E-4 secs", 1).parseDouble(0)).isEqualTo(1.0E-4);
  }

  /** The double nearest to whole.frac with at most 12 fraction digits kept (as the scanner keeps). */
  private static double expectedDouble(String whole, String frac) {
    String kept = frac.length() > 12 ? frac.substring(0, 12) : frac;
    BigDecimal exact = new BigDecimal(kept.isEmpty() ? whole : whole + "." + kept);
    double nearest = exact.doubleValue();
    if (new BigDecimal(whole).compareTo(BigDecimal.valueOf((1L << 53) / BigInteger.TEN.pow(kept.length()).longValue())) >= 0) {
      // beyond exact integer arithmetic the scanner adds the fraction to the whole: one more rounding
      return Double.parseDouble(whole) + (kept.isEmpty() ? 0 : Long.parseLong(kept) / Math.pow(10, kept.length()));
    }
    return nearest;
  }

  private static String digits(Random r, int n) {
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append((char) ('0' + r.nextInt(10)));
    }
    return b.toString();
  }

  private record Placed(Line line, int at, String where) {
    @Override
    public String toString() {
      return where;
    }
  }

  /**
   * Puts {@code number} into a buffer: after 0-9 other bytes, then either at the line's end, at
   * the buffer's end, or followed by a byte from {@link #AFTER} (and, beyond the line, digits).
   */
  private static Placed place(Random r, String number) {
    int before = r.nextInt(10);
    int mode = r.nextInt(3);
    byte[] n = number.getBytes(StandardCharsets.US_ASCII);
    int lineLen = before + n.length + (mode == 2 ? 1 + r.nextInt(3) : 0);
    int bufLen = lineLen + (mode == 1 ? 0 : r.nextInt(12));
    byte[] buf = new byte[bufLen];
    for (int i = 0; i < bufLen; i++) {
      buf[i] = (byte) ('0' + r.nextInt(10)); // beyond the line: digits, which must not be read
    }
    for (int i = 0; i < before; i++) {
      buf[i] = 'x';
    }
    System.arraycopy(n, 0, buf, before, n.length);
    if (mode == 2) {
      for (int i = before + n.length; i < lineLen; i++) {
        buf[i] = AFTER[r.nextInt(AFTER.length)];
      }
      // a '.' or ',' after a number without fraction must not be followed by a digit here
      if (buf[before + n.length] == '.' || buf[before + n.length] == ',' || buf[before + n.length] == 'E') {
        buf[before + n.length] = ' ';
      }
    }
    Line line = new Line().set(buf, 0, lineLen, 1, false);
    String where = "buffer " + bufLen + " bytes, line " + lineLen + ", number at " + before + ", mode " + mode;
    return new Placed(line, before, where);
  }
}
