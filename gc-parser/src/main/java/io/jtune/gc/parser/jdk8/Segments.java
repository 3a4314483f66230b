package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;

/** Segments of fixed layout inside records and detail lines: "[Times: ...]" and G1's "[Eden: ...]". */
final class Segments {
  private static final Ascii ARROW = Ascii.of("->");
  private static final Ascii USER = Ascii.of("user=");
  private static final Ascii SPACE_SYS = Ascii.of(" sys=");
  private static final Ascii COMMA_REAL = Ascii.of(", real=");
  private static final Ascii SPACE_SECS_BRACKET = Ascii.of(" secs]");
  private static final Ascii SYS = Ascii.of("sys=");
  private static final Ascii REAL = Ascii.of("real=");
  private static final Ascii SURVIVORS = Ascii.of("Survivors: ");
  private static final Ascii HEAP_COLON = Ascii.of("Heap: ");


  private Segments() {
  }

  /** Parses "user=0.31 sys=0.00, real=0.02 secs]" from {@code k}; returns the index after ']'. */
  static int times(Line t, int k, PauseDraft d) {
    // fast path for the one layout HotSpot prints: "user=U sys=S, real=R secs]"
    if (t.startsWith(USER, k)) {
      double user = t.parseDouble(k + 5);
      int e = t.end();
      if (t.startsWith(SPACE_SYS, e)) {
        double sys = t.parseDouble(e + 5);
        e = t.end();
        if (t.startsWith(COMMA_REAL, e)) {
          double real = t.parseDouble(e + 7);
          e = t.end();
          if (t.startsWith(SPACE_SECS_BRACKET, e) && !Double.isNaN(user) && !Double.isNaN(sys) && !Double.isNaN(real)) {
            d.times = CpuTimes.of(user, sys, real);
            return e + 6;
          }
        }
      }
    }
    int close = t.indexOf(']', k);
    int u = t.indexOf(USER, k);
    int s = t.indexOf(SYS, k);
    int r = t.indexOf(REAL, k);
    if (u >= 0 && s > u && r > s) {
      double user = t.parseDouble(u + 5);
      double sys = t.parseDouble(s + 4);
      double real = t.parseDouble(r + 5);
      if (!Double.isNaN(user) && !Double.isNaN(sys) && !Double.isNaN(real)) {
        d.times = CpuTimes.of(user, sys, real);
      }
    }
    return close < 0 ? t.length() : close + 1;
  }

  /** Parses G1 "Eden: a(b)->c(d) Survivors: e->f Heap: g(h)->i(j)]"; returns the index after ']'. */
  static int eden(Line t, int k, PauseDraft d) {
    int close = t.indexOf(']', k);
    int end = close < 0 ? t.length() : close + 1;
    long eb = t.parseSize(k);
    int q = t.end();
    if (t.at(q) == '(') {
      t.parseSize(q + 1);
      q = t.end() + 1;
    }
    if (eb < 0 || !t.startsWith(ARROW, q)) {
      return end;
    }
    long ea = t.parseSize(q + 2);
    q = t.end();
    long eca = PauseDraft.NONE;
    if (t.at(q) == '(') {
      eca = t.parseSize(q + 1);
      q = t.end() + 1;
    }
    int s = t.indexOf(SURVIVORS, q);
    if (s < 0) {
      return end;
    }
    long sb = t.parseSize(s + 11);
    q = t.end();
    long sa = t.startsWith(ARROW, q) ? t.parseSize(q + 2) : -1;
    q = t.end();
    int h = t.indexOf(HEAP_COLON, q);
    if (h < 0 || sb < 0 || sa < 0) {
      return end;
    }
    long hb = t.parseSize(h + 6);
    q = t.end();
    if (t.at(q) == '(') {
      t.parseSize(q + 1);
      q = t.end() + 1;
    }
    long ha = t.startsWith(ARROW, q) ? t.parseSize(q + 2) : -1;
    q = t.end();
    long hca = PauseDraft.NONE;
    if (t.at(q) == '(') {
      hca = t.parseSize(q + 1);
    }
    if (hb < 0 || ha < 0) {
      return end;
    }
    long yb = eb + sb;
    long ya = ea + sa;
    long yc = eca >= 0 ? eca + sa : PauseDraft.NONE;
    PauseDraft.set(d.young, yb, ya, yc);
    PauseDraft.set(d.survivor, sb, sa, PauseDraft.NONE);
    PauseDraft.set(d.heap, hb, ha, hca);
    PauseDraft.set(d.old, PauseDraft.minus(hb, yb), PauseDraft.minus(ha, ya), PauseDraft.minus(hca, yc));
    return end;
  }
}
