package io.jtune.load;

import java.nio.charset.StandardCharsets;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * One virtual user's cookies: what {@code Set-Cookie} headers of its responses set, sent back in
 * one {@code Cookie} header of its later requests (RFC 6265's name and value; {@code Max-Age=0}
 * or less, or an {@code Expires} in the past, deletes the cookie).
 *
 * <p>Domain, Path and Secure are not checked: a load goes to one service, and every cookie of a
 * user goes with each of its requests. Expiry later in the run is not tracked either (a cookie
 * lives until it is deleted or replaced, or its user leaves).
 */
final class CookieJar {
  /*
   * The cookies are "name=value" byte runs in one arena, reused by the next user of the
   * connection (clear() only resets counts): storing a cookie allocates only when the arena must
   * grow, and a response that sets a cookie to the value it has costs a comparison. Writing the
   * Cookie header into a request allocates nothing. Only an Expires attribute is read through a
   * String (java.time's RFC 1123 parser), the rare deletion idiom Max-Age does not cover.
   */
  /** Cookies a user keeps; a new one beyond them replaces the oldest (RFC 6265 asks for at least 50). */
  static final int MAX_COOKIES = 50;
  /** Longest name and value kept (RFC 6265 asks for at least 4096 bytes); a longer cookie is ignored. */
  static final int MAX_COOKIE_BYTES = 4096;

  private static final byte[] MAX_AGE = ascii("max-age");
  private static final byte[] EXPIRES = ascii("expires");
  private static final byte[] COOKIE = ascii("cookie:");
  private static final byte[] COOKIE_HEADER = ascii("Cookie: ");
  private static final byte[] SEPARATOR = ascii("; ");
  private static final byte[] CRLF = ascii("\r\n");

  private byte[] arena = new byte[256];
  private int used;
  private final int[] start = new int[MAX_COOKIES];
  private final int[] nameLength = new int[MAX_COOKIES];
  private final int[] length = new int[MAX_COOKIES];
  private int count;

  boolean isEmpty() {
    return count == 0;
  }

  int size() {
    return count;
  }

  /** Forgets every cookie: the connection's next user starts with none. */
  void clear() {
    count = 0;
    used = 0;
  }

  /** The cookie {@code i} as {@code name=value} (tests and diagnostics; allocates). */
  String pair(int i) {
    return new String(arena, start[i], length[i], StandardCharsets.ISO_8859_1);
  }

  /**
   * Takes the value of a {@code Set-Cookie} header, {@code line[from, to)}: stores, replaces or
   * deletes the cookie it names; ignores one with no name or {@code =}, or longer than
   * {@value #MAX_COOKIE_BYTES} bytes.
   */
  void set(byte[] line, int from, int to) {
    int pairEnd = indexOf(line, from, to, (byte) ';');
    int eq = indexOf(line, from, pairEnd, (byte) '=');
    if (eq == pairEnd) {
      return;
    }
    int nameFrom = skipBlanks(line, from, eq);
    int nameTo = trimEnd(line, nameFrom, eq);
    int valueFrom = skipBlanks(line, eq + 1, pairEnd);
    int valueTo = trimEnd(line, valueFrom, pairEnd);
    int nameLen = nameTo - nameFrom;
    int valueLen = valueTo - valueFrom;
    if (nameLen == 0 || nameLen + 1 + valueLen > MAX_COOKIE_BYTES) {
      return;
    }
    boolean delete = expired(line, pairEnd, to);
    int i = find(line, nameFrom, nameLen);
    if (i >= 0) {
      if (!delete && length[i] == nameLen + 1 + valueLen) {
        // the same name with a value of the same length (often the same value): overwrite in place
        System.arraycopy(line, valueFrom, arena, start[i] + nameLen + 1, valueLen);
        return;
      }
      remove(i);
    }
    if (delete) {
      return;
    }
    if (count == MAX_COOKIES) {
      remove(0);
    }
    int size = nameLen + 1 + valueLen;
    if (used + size > arena.length) {
      arena = java.util.Arrays.copyOf(arena, Math.max(arena.length * 2, used + size));
    }
    start[count] = used;
    nameLength[count] = nameLen;
    length[count] = size;
    System.arraycopy(line, nameFrom, arena, used, nameLen);
    arena[used + nameLen] = '=';
    System.arraycopy(line, valueFrom, arena, used + nameLen + 1, valueLen);
    used += size;
    count++;
  }

  /**
   * Whether the attributes {@code line[from, to)} (from the first {@code ;}) delete the cookie:
   * a Max-Age of 0 or less, or else an Expires in the past (one that cannot be read is ignored,
   * as RFC 6265 says).
   */
  private static boolean expired(byte[] line, int from, int to) {
    boolean expiresPassed = false;
    int pos = from;
    while (pos < to) {
      int end = indexOf(line, pos + 1, to, (byte) ';');
      int a = skipBlanks(line, pos + 1, end);
      int e = trimEnd(line, a, end);
      int eq = indexOf(line, a, e, (byte) '=');
      int nameTo = trimEnd(line, a, eq);
      if (eq < e) {
        int v = skipBlanks(line, eq + 1, e);
        if (equalsIgnoreCase(line, a, nameTo, MAX_AGE)) {
          // Max-Age wins over Expires; a malformed one is ignored
          int maxAge = maxAge(line, v, e);
          if (maxAge != 0) {
            return maxAge < 0;
          }
        } else if (equalsIgnoreCase(line, a, nameTo, EXPIRES)) {
          expiresPassed = inThePast(new String(line, v, e - v, StandardCharsets.ISO_8859_1));
        }
      }
      pos = end;
    }
    return expiresPassed;
  }

  /** -1 for a Max-Age of 0 or less, 1 for a positive one, 0 for one that is not a number. */
  private static int maxAge(byte[] b, int from, int to) {
    int i = from;
    boolean negative = i < to && b[i] == '-';
    if (negative) {
      i++;
    }
    if (i == to) {
      return 0;
    }
    boolean positive = false;
    for (; i < to; i++) {
      if (b[i] < '0' || b[i] > '9') {
        return 0;
      }
      positive |= b[i] != '0';
    }
    return negative || !positive ? -1 : 1;
  }

  /** Whether an Expires date ({@code Thu, 01 Jan 1970 00:00:00 GMT}, or with dashes) has passed. */
  private static boolean inThePast(String date) {
    try {
      ZonedDateTime when = ZonedDateTime.parse(date.replace('-', ' '), DateTimeFormatter.RFC_1123_DATE_TIME);
      return when.toInstant().toEpochMilli() <= System.currentTimeMillis();
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  /**
   * Writes the request {@code b[from, from + len)} into {@code out} (cleared first) with this
   * jar's cookies: appended to the request's own Cookie header when it has one (a cookie of the
   * same name there wins, the jar's is left out), else in a Cookie header after its last header.
   */
  void addTo(byte[] b, int from, int len, ByteSink out) {
    out.clear();
    int end = from + len;
    int pos = indexOf(b, from, end, (byte) '\n') + 1;
    int ownFrom = -1;
    int ownTo = -1;
    int headEnd = -1;
    while (pos < end) {
      if (b[pos] == '\n' || (b[pos] == '\r' && pos + 1 < end && b[pos + 1] == '\n')) {
        headEnd = pos;
        break;
      }
      int lf = indexOf(b, pos, end, (byte) '\n');
      if (ownFrom < 0 && startsWithIgnoreCase(b, pos, lf, COOKIE)) {
        ownFrom = pos + COOKIE.length;
        ownTo = lf > pos && b[lf - 1] == '\r' ? lf - 1 : lf;
      }
      pos = lf + 1;
    }
    if (headEnd < 0) {
      out.put(b, from, len);
      return;
    }
    if (ownFrom >= 0) {
      out.put(b, from, ownTo - from);
      for (int i = 0; i < count; i++) {
        if (!namedIn(b, ownFrom, ownTo, i)) {
          out.put(SEPARATOR);
          out.put(arena, start[i], length[i]);
        }
      }
      out.put(b, ownTo, end - ownTo);
      return;
    }
    out.put(b, from, headEnd - from);
    out.put(COOKIE_HEADER);
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        out.put(SEPARATOR);
      }
      out.put(arena, start[i], length[i]);
    }
    out.put(CRLF);
    out.put(b, headEnd, end - headEnd);
  }

  /** Whether the Cookie header value {@code b[from, to)} has a pair named as cookie {@code i}. */
  private boolean namedIn(byte[] b, int from, int to, int i) {
    int pos = from;
    while (pos < to) {
      int end = indexOf(b, pos, to, (byte) ';');
      int nameFrom = skipBlanks(b, pos, end);
      int eq = indexOf(b, nameFrom, end, (byte) '=');
      int nameTo = trimEnd(b, nameFrom, eq);
      if (nameTo - nameFrom == nameLength[i]
          && java.util.Arrays.equals(b, nameFrom, nameTo, arena, start[i], start[i] + nameLength[i])) {
        return true;
      }
      pos = end + 1;
    }
    return false;
  }

  private int find(byte[] b, int nameFrom, int nameLen) {
    for (int i = 0; i < count; i++) {
      if (nameLength[i] == nameLen
          && java.util.Arrays.equals(b, nameFrom, nameFrom + nameLen, arena, start[i], start[i] + nameLen)) {
        return i;
      }
    }
    return -1;
  }

  private void remove(int i) {
    int size = length[i];
    int after = start[i] + size;
    System.arraycopy(arena, after, arena, start[i], used - after);
    used -= size;
    for (int j = i; j < count - 1; j++) {
      start[j] = start[j + 1] - size;
      nameLength[j] = nameLength[j + 1];
      length[j] = length[j + 1];
    }
    count--;
  }

  private static int indexOf(byte[] b, int from, int to, byte wanted) {
    int i = from;
    while (i < to && b[i] != wanted) {
      i++;
    }
    return i;
  }

  private static int skipBlanks(byte[] b, int from, int to) {
    int i = from;
    while (i < to && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    return i;
  }

  private static int trimEnd(byte[] b, int from, int to) {
    int i = to;
    while (i > from && (b[i - 1] == ' ' || b[i - 1] == '\t')) {
      i--;
    }
    return i;
  }

  private static boolean startsWithIgnoreCase(byte[] b, int from, int to, byte[] lowerPrefix) {
    if (to - from < lowerPrefix.length) {
      return false;
    }
    for (int i = 0; i < lowerPrefix.length; i++) {
      byte c = b[from + i];
      if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerPrefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean equalsIgnoreCase(byte[] b, int from, int to, byte[] lower) {
    return to - from == lower.length && startsWithIgnoreCase(b, from, to, lower);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
