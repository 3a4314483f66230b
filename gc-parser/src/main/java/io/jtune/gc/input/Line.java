package io.jtune.gc.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One line of a log as a view over the reader's byte buffer: valid only during the callback
 * that received it. Characters are the bytes read as ISO-8859-1 (GC logs are ASCII); {@link
 * #toString()} decodes UTF-8 for display.
 *
 * <p>Number scanners return the value and leave the index after it in {@link #end}; they return
 * NaN (or -1 for sizes/longs) when no number starts at the index.
 */
public final class Line implements CharSequence {
  /*
   * Parsing speed target is hundreds of MB/s on one core, so lines are never turned into
   * Strings on the hot path: parsers test prefixes and scan numbers in place.
   */
  /** 10^k for the fraction digits kept (at most 12). */
  private static final long[] POWERS_OF_TEN = new long[13];
  /** (2^53) / 10^k: below it, whole * 10^k + fraction is exact in a double (a table, as division is slow). */
  private static final long[] EXACT_WHOLE_LIMIT = new long[13];

  static {
    long p = 1;
    for (int k = 0; k < POWERS_OF_TEN.length; k++) {
      POWERS_OF_TEN[k] = p;
      EXACT_WHOLE_LIMIT[k] = (1L << 53) / p;
      p *= 10;
    }
  }

  private byte[] buf;
  private int start;
  private int length;
  private long number;
  private boolean truncated;
  private int scanEnd;
  // the "yyyy-MM-ddTHH:mm" last read by parseIsoEpochMs, as two little-endian longs, and its minute
  private long isoHeadA;
  private long isoHeadB;
  private long isoMinute;
  private boolean isoHeadValid;

  /** Points this view at {@code buf[start, start+length)}; used by the reader and tests. */
  public Line set(byte[] buf, int start, int length, long number, boolean truncated) {
    this.buf = buf;
    this.start = start;
    this.length = length;
    this.number = number;
    this.truncated = truncated;
    return this;
  }

  /** A standalone line over a copy of {@code text} (tests and tools). */
  public static Line of(String text, long number) {
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    return new Line().set(b, 0, b.length, number, false);
  }

  /** 1-based line number within its source. */
  public long number() {
    return number;
  }

  /** True when the line was longer than the reader's limit and was cut. */
  public boolean truncated() {
    return truncated;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public char charAt(int index) {
    return (char) (buf[start + index] & 0xff);
  }

  /** The character at {@code index}, or 0 when out of range. */
  public char at(int index) {
    return index >= 0 && index < length ? (char) (buf[start + index] & 0xff) : 0;
  }

  public boolean isEmpty() {
    return length == 0;
  }

  /** True when the line is empty or only white space. */
  public boolean isBlank() {
    for (int i = 0; i < length; i++) {
      byte b = buf[start + i];
      if (b != ' ' && b != '\t') {
        return false;
      }
    }
    return true;
  }

  public boolean startsWith(String s) {
    return startsWith(s, 0);
  }

  /** True when {@code s} occurs at {@code at}. */
  public boolean startsWith(String s, int at) {
    int n = s.length();
    if (at < 0 || at + n > length) {
      return false;
    }
    int base = start + at;
    for (int i = 0; i < n; i++) {
      if ((buf[base + i] & 0xff) != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  public boolean endsWith(String s) {
    return startsWith(s, length - s.length());
  }

  public boolean startsWith(Ascii key) {
    return startsWith(key, 0);
  }

  /**
   * True when {@code key} occurs at {@code at}. This is the most frequent test of parsing, and
   * most tests fail on the first bytes: the key's first eight bytes are compared as one long
   * (masked to the key's length) whenever the buffer holds eight bytes from {@code at}.
   */
  public boolean startsWith(Ascii key, int at) {
    byte[] k = key.bytes;
    int n = k.length;
    if (at < 0 || at > length - n) {
      return false;
    }
    int base = start + at;
    if (base + 8 > buf.length) {
      return regionEquals(at, k);
    }
    if (((long) LONGS.get(buf, base) & key.headMask) != key.head) {
      return false;
    }
    return n <= 8 || regionEquals(at, k);
  }

  /** True when the bytes from {@code at} are {@code bytes}. */
  public boolean regionEquals(int at, byte[] bytes) {
    return regionEquals(at, bytes, bytes.length);
  }

  /** True when the bytes from {@code at} are the first {@code n} of {@code bytes}. */
  public boolean regionEquals(int at, byte[] bytes, int n) {
    if (at < 0 || at > length - n) {
      return false;
    }
    byte[] b = buf;
    int base = start + at;
    int i = 0;
    // eight bytes at a time (names of 20-40 bytes are compared on every G1 phase line)
    for (; i + 8 <= n; i += 8) {
      if ((long) LONGS.get(b, base + i) != (long) LONGS.get(bytes, i)) {
        return false;
      }
    }
    for (; i < n; i++) {
      if (b[base + i] != bytes[i]) {
        return false;
      }
    }
    return true;
  }

  /** A hash of the bytes in {@code [from, to)}, equal to {@link #hash(byte[])} of a copy of them. */
  public int hash(int from, int to) {
    return hash(buf, start + from, start + to);
  }

  /** The hash {@link #hash(int, int)} gives for these bytes. */
  public static int hash(byte[] bytes) {
    return hash(bytes, 0, bytes.length);
  }

  /** Eight bytes per step, each step a multiply (a byte-at-a-time hash chains a multiply per byte). */
  private static int hash(byte[] b, int from, int to) {
    long h = to - from;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      h = (h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L;
    }
    if (i < to) {
      long tail = 0;
      for (; i < to; i++) {
        tail = tail << 8 | (b[i] & 0xff);
      }
      h = (h ^ tail) * 0x9E3779B97F4A7C15L;
    }
    return (int) (h ^ h >>> 32);
  }

  /** A copy of the bytes in {@code [from, to)}. */
  public byte[] bytes(int from, int to) {
    return java.util.Arrays.copyOfRange(buf, start + from, start + to);
  }

  public boolean endsWith(Ascii key) {
    return startsWith(key, length - key.bytes.length);
  }

  public int indexOf(Ascii key) {
    return indexOf(key, 0);
  }

  /** Index of the first occurrence of {@code key} at or after {@code from}, or -1. */
  public int indexOf(Ascii key, int from) {
    byte[] k = key.bytes;
    int n = k.length;
    if (n == 0) {
      return Math.max(from, 0);
    }
    byte[] b = buf;
    int s = start;
    byte first = k[0];
    int last = s + length - n;
    outer:
    for (int i = s + Math.max(from, 0); i <= last; i++) {
      if (b[i] != first) {
        continue;
      }
      for (int j = 1; j < n; j++) {
        if (b[i + j] != k[j]) {
          continue outer;
        }
      }
      return i - s;
    }
    return -1;
  }

  public int indexOf(char c) {
    return indexOf(c, 0);
  }

  public int indexOf(char c, int from) {
    if (c > 0xff) {
      return -1;
    }
    int s = start;
    int i = indexOfByte(buf, s + Math.max(from, 0), s + length, (byte) c);
    return i < 0 ? -1 : i - s;
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  /**
   * Index of the first {@code c} in {@code b[from, to)}, or -1. Eight bytes are tested at once
   * (C1 compiles a byte loop to a compare and a range check per byte): XOR with {@code c} in
   * every byte turns its occurrences into zero bytes, and (x - 0x01..) & ~x & 0x80.. marks zero
   * bytes; the lowest mark (little-endian: the first byte) is exact.
   */
  static int indexOfByte(byte[] b, int from, int to, byte c) {
    int i = from;
    if (i + 8 <= to) {
      long pattern = (c & 0xffL) * ONES;
      do {
        long x = (long) LONGS.get(b, i) ^ pattern;
        long t = (x - ONES) & ~x & HIGHS;
        if (t != 0) {
          return i + firstMarkedByte(t);
        }
        i += 8;
      } while (i + 8 <= to);
    }
    for (; i < to; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Index (0-7) of the lowest byte whose high bit is set in {@code marks}, which has only high
   * bits set. {@code Long.numberOfTrailingZeros(marks) >>> 3}, without it: under C1 that is no
   * intrinsic but two calls of {@code Integer.numberOfTrailingZeros}. The lowest mark alone,
   * shifted to bit 8k, times the bytes 7, 6, ..., 0 puts k into the top byte.
   */
  private static int firstMarkedByte(long marks) {
    return (int) ((((marks & -marks) >>> 7) * 0x0001020304050607L) >>> 56);
  }

  /** Index of the first {@code a} or {@code b} at or after {@code from}, or -1. */
  public int indexOf(char a, char b, int from) {
    if (a > 0xff || b > 0xff) {
      return a > 0xff ? indexOf(b, from) : indexOf(a, from);
    }
    byte[] bytes = buf;
    int s = start;
    int i = s + Math.max(from, 0);
    int end = s + length;
    if (i + 8 <= end) {
      // as indexOfByte, for two bytes: the lowest mark of either is the first of both
      long pa = (a & 0xffL) * ONES;
      long pb = (b & 0xffL) * ONES;
      do {
        long w = (long) LONGS.get(bytes, i);
        long x = w ^ pa;
        long y = w ^ pb;
        long t = ((x - ONES) & ~x | (y - ONES) & ~y) & HIGHS;
        if (t != 0) {
          return i + firstMarkedByte(t) - s;
        }
        i += 8;
      } while (i + 8 <= end);
    }
    for (; i < end; i++) {
      int c = bytes[i] & 0xff;
      if (c == a || c == b) {
        return i - s;
      }
    }
    return -1;
  }

  /** Copies {@code n} characters from {@code from} to {@code dst[at...]} as bytes. */
  public void copyTo(int from, byte[] dst, int at, int n) {
    System.arraycopy(buf, start + from, dst, at, n);
  }

  public int lastIndexOf(char c) {
    for (int i = length - 1; i >= 0; i--) {
      if ((buf[start + i] & 0xff) == c) {
        return i;
      }
    }
    return -1;
  }

  public int indexOf(String s) {
    return indexOf(s, 0);
  }

  public int indexOf(String s, int from) {
    int n = s.length();
    if (n == 0) {
      return Math.max(from, 0);
    }
    char first = s.charAt(0);
    int last = length - n;
    for (int i = Math.max(from, 0); i <= last; i++) {
      if ((buf[start + i] & 0xff) == first && startsWith(s, i)) {
        return i;
      }
    }
    return -1;
  }

  public boolean contains(String s) {
    return indexOf(s, 0) >= 0;
  }

  /** Index of the first non-space character at or after {@code at}. */
  public int skipSpaces(int at) {
    byte[] b = buf;
    int s = start;
    int n = length;
    int i = at;
    while (i < n && (b[s + i] == ' ' || b[s + i] == '\t')) {
      i++;
    }
    return i;
  }

  public static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Index just after the last number scan. */
  public int end() {
    return scanEnd;
  }

  /**
   * Scans an unsigned decimal number like {@code 12}, {@code 0.0123} or {@code 1,234} (a comma
   * as the decimal mark, as some locales log it) at {@code at}; NaN when none.
   */
  public double parseDouble(int at) {
    byte[] b = buf;
    int s = start;
    int end = s + length;
    int i = s + at;
    long whole = 0;
    while (i < end) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        break;
      }
      whole = whole * 10 + d;
      i++;
    }
    if (i == s + at) {
      scanEnd = at;
      return Double.NaN;
    }
    // more than 18 digits overflowed the long: no time or size in a GC log is that large
    boolean overflow = i - (s + at) > 18;
    double value = whole;
    if (i + 1 < end && (b[i] == '.' || b[i] == ',') && b[i + 1] >= '0' && b[i + 1] <= '9') {
      i++;
      long frac = 0;
      int fracDigits = 0;
      while (i < end) {
        int d = b[i] - '0';
        if (d < 0 || d > 9) {
          break;
        }
        if (fracDigits < 12) {
          frac = frac * 10 + d;
          fracDigits++;
        }
        i++;
      }
      long scale = POWERS_OF_TEN[fracDigits];
      // one correctly rounded division, so "2.280" reads as the double nearest 2.28
      value = whole < EXACT_WHOLE_LIMIT[fracDigits] ? (double) (whole * scale + frac) / scale
          : value + (double) frac / scale;
    }
    // scientific notation appears in a few old logs (e.g. 1.0E-4 secs)
    if (!overflow && i + 1 < end && (b[i] == 'E' || b[i] == 'e')) {
      return exponent(value, i - s);
    }
    scanEnd = i - s;
    return overflow ? Double.NaN : value;
  }

  /** Applies an exponent like {@code E-4} at {@code i}, if one is there, to {@code value}. */
  private double exponent(double value, int i) {
    int j = i + 1;
    boolean neg = false;
    if (charAt(j) == '-' || charAt(j) == '+') {
      neg = charAt(j) == '-';
      j++;
    }
    int exp = 0;
    int expDigits = 0;
    while (j < length && isDigit(charAt(j))) {
      exp = exp * 10 + (charAt(j) - '0');
      j++;
      expDigits++;
    }
    if (expDigits > 0) {
      value *= Math.pow(10, neg ? -exp : exp);
      i = j;
    }
    scanEnd = i;
    return value;
  }

  /** Scans an unsigned integer at {@code at}; -1 when none. */
  public long parseLong(int at) {
    byte[] b = buf;
    int s = start;
    int end = s + length;
    int i = s + at;
    long v = 0;
    while (i < end) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        break;
      }
      v = v * 10 + d;
      i++;
    }
    scanEnd = i - s;
    return i - s == at ? -1 : v;
  }

  /**
   * Scans a memory size such as {@code 1024K}, {@code 24.0M}, {@code 3G}, {@code 512B} or
   * {@code 1024} (bytes when no unit) and returns bytes; -1 when none. A unit may be followed by
   * 'B' ("24MB").
   */
  public long parseSize(int at) {
    double v = parseDouble(at);
    if (Double.isNaN(v)) {
      return -1;
    }
    int i = scanEnd;
    long mult = 1;
    if (i < length) {
      switch (charAt(i)) {
        case 'B' -> i++;
        case 'K', 'k' -> {
          mult = 1L << 10;
          i++;
        }
        case 'M' -> {
          mult = 1L << 20;
          i++;
        }
        case 'G' -> {
          mult = 1L << 30;
          i++;
        }
        case 'T' -> {
          mult = 1L << 40;
          i++;
        }
        default -> { }
      }
      if (mult > 1 && i < length && charAt(i) == 'B') {
        i++;
      }
    }
    scanEnd = i;
    return Math.round(v * mult);
  }

  /**
   * Scans an ISO-8601 time stamp like {@code 2013-10-19T00:00:01.234+0200} (offset optional,
   * also {@code +02:00} or {@code Z}) and returns epoch milliseconds; {@link Long#MIN_VALUE}
   * when none starts at {@code at}.
   */
  public long parseIsoEpochMs(int at) {
    if (at + 19 > length) {
      return Long.MIN_VALUE;
    }
    // "yyyy-MM-ddTHH:mm" is the same on most lines in a row: compared as two longs with the
    // last one read, its minute is not computed again
    int base = start + at;
    long minuteOfEpoch;
    boolean cacheable = base + 16 <= buf.length;
    if (cacheable && isoHeadValid && (long) LONGS.get(buf, base) == isoHeadA
        && (long) LONGS.get(buf, base + 8) == isoHeadB) {
      minuteOfEpoch = isoMinute;
    } else {
      if (charAt(at + 4) != '-' || charAt(at + 7) != '-'
          || (charAt(at + 10) != 'T' && charAt(at + 10) != ' ') || charAt(at + 13) != ':') {
        return Long.MIN_VALUE;
      }
      int year = digits(at, 4);
      int month = digits(at + 5, 2);
      int day = digits(at + 8, 2);
      int hour = digits(at + 11, 2);
      int minute = digits(at + 14, 2);
      if ((year | month | day | hour | minute) < 0) {
        return Long.MIN_VALUE;
      }
      minuteOfEpoch = (daysFromCivil(year, month, day) * 24 + hour) * 60 + minute;
      if (cacheable) {
        isoHeadA = (long) LONGS.get(buf, base);
        isoHeadB = (long) LONGS.get(buf, base + 8);
        isoMinute = minuteOfEpoch;
        isoHeadValid = true;
      }
    }
    int second = digits(at + 17, 2);
    if (second < 0) {
      return Long.MIN_VALUE;
    }
    int i = at + 19;
    int millis = 0;
    if (i < length && (charAt(i) == '.' || charAt(i) == ',')) {
      i++;
      int scale = 100;
      while (i < length && isDigit(charAt(i))) {
        millis += (charAt(i) - '0') * scale;
        scale /= 10;
        i++;
      }
    }
    int offsetMinutes = 0;
    if (i < length && (charAt(i) == '+' || charAt(i) == '-')) {
      int sign = charAt(i) == '-' ? -1 : 1;
      int hh = digits(i + 1, 2);
      int j = i + 3;
      if (j < length && charAt(j) == ':') {
        j++;
      }
      int mm = digits(j, 2);
      if (hh >= 0 && mm >= 0) {
        offsetMinutes = sign * (hh * 60 + mm);
        i = j + 2;
      }
    } else if (i < length && charAt(i) == 'Z') {
      i++;
    }
    scanEnd = i;
    return (minuteOfEpoch - offsetMinutes) * 60_000L + second * 1000L + millis;
  }

  private int digits(int at, int n) {
    if (at + n > length) {
      return -1;
    }
    byte[] b = buf;
    int i = start + at;
    int v = 0;
    for (int end = i + n; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's civil algorithm). */
  static long daysFromCivil(int y, int m, int d) {
    y -= m <= 2 ? 1 : 0;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
  }

  /** The characters in {@code [from, to)} as a String (UTF-8 when the range has non-ASCII bytes). */
  public String substring(int from, int to) {
    for (int i = start + from; i < start + to; i++) {
      if (buf[i] < 0) {
        return new String(buf, start + from, to - from, StandardCharsets.UTF_8);
      }
    }
    return new String(buf, start + from, to - from, StandardCharsets.ISO_8859_1);
  }

  @Override
  public CharSequence subSequence(int from, int to) {
    return substring(from, to);
  }

  /** The line decoded as UTF-8 (for messages and examples). */
  @Override
  public String toString() {
    return new String(buf, start, length, StandardCharsets.UTF_8);
  }
}
