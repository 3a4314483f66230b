package io.jtune.gc.parser.unified;

import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;

/**
 * Reads the numbers of a message: heap changes ("B->A(C)") and durations ("1.234ms"). The
 * index after the last one read is left in {@link #pos}.
 */
final class Fields {
  private static final Ascii ARROW = Ascii.of("->");

  /** The index after the last usage or duration read. */
  int pos;

  /**
   * Reads "B->A(C)", "B(Cb)->A(Ca)" or ZGC's "B(p%)->A(p%)" at {@code at}; null when there is
   * none. Leaves the index after it in {@link #pos}.
   */
  MemoryUsage usage(Line l, int at) {
    long before = l.parseSize(at);
    if (before < 0) {
      return null;
    }
    int e = l.end();
    if (l.at(e) == '(') {
      e = l.indexOf(')', e) + 1;
      if (e == 0) {
        return null;
      }
    }
    if (!l.startsWith(ARROW, e)) {
      return null;
    }
    long after = l.parseSize(e + 2);
    if (after < 0) {
      return null;
    }
    e = l.end();
    long capacity = MemoryUsage.UNKNOWN;
    if (l.at(e) == '(') {
      long c = l.parseSize(e + 1);
      if (c >= 0 && l.at(l.end()) != '%') {
        capacity = c;
      }
      int close = l.indexOf(')', e);
      e = close < 0 ? l.length() : close + 1;
    }
    pos = e;
    return MemoryUsage.of(before, after, capacity);
  }

  /** Reads "1.234ms" or "0.013s" at {@code at} as milliseconds; NaN otherwise (a negative time too). */
  double duration(Line l, int at) {
    double v = l.parseDouble(at);
    if (!(v >= 0) || Double.isInfinite(v)) {
      return Double.NaN;
    }
    int e = l.end();
    if (l.at(e) == 'm' && l.at(e + 1) == 's') {
      pos = e + 2;
      return v;
    }
    if (l.at(e) == 's') {
      pos = e + 1;
      return v * 1000;
    }
    return Double.NaN;
  }

  /** Index of the first word in [from, to) that starts with a digit, or -1. */
  static int firstNumberToken(Line l, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      if (Line.isDigit(l.charAt(i)) && l.charAt(i - 1) == ' ') {
        return i;
      }
    }
    return -1;
  }

  static int trimEnd(Line l, int from, int to) {
    int e = to;
    while (e > from && l.charAt(e - 1) == ' ') {
      e--;
    }
    return e;
  }

  /** Index of the ')' closing the '(' at {@code open}, or -1; the parentheses found eight bytes at a time. */
  static int closingParen(Line l, int open) {
    int depth = 0;
    for (int i = l.indexOf('(', ')', open); i >= 0; i = l.indexOf('(', ')', i + 1)) {
      if (l.charAt(i) == '(') {
        depth++;
      } else if (--depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the {@code len} bytes at {@code at} are {@code s}. */
  static boolean is(Line l, int at, int len, String s) {
    return len == s.length() && l.startsWith(s, at);
  }

  /** Whether the {@code len} bytes at {@code at} are {@code key}. */
  static boolean is(Line l, int at, int len, Ascii key) {
    return len == key.length() && l.startsWith(key, at);
  }
}
