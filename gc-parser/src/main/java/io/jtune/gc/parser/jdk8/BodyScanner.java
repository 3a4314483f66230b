package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;

/**
 * The tolerant scanner of a record's text: walks its bracket structure, where a nested
 * segment's name says which memory area its "before->after(capacity)" triple belongs to,
 * ", t secs" at a level is that level's time, parenthesised words are anomalies, and text it
 * does not know is skipped. Time stamps met inside a record are remembered for the concurrent
 * phases glued into it.
 */
final class BodyScanner {
  // what a bracket level is, for scanBody
  static final int OUTER = 0;
  static final int YOUNG = 1;
  static final int OLD = 2;
  static final int PERM = 3;
  static final int OLD_MARK = 4;
  static final int YG_OCC = 5;
  static final int SKIP = 6;

  private static final Ascii[] YOUNG_NAMES = Ascii.of("ParNew", "DefNew", "PSYoungGen", "ASParNew", "ASPSYoungGen");
  private static final Ascii[] OLD_NAMES = Ascii.of("CMS", "Tenured", "ParOldGen", "PSOldGen", "ASParOldGen", "ASCMS");
  private static final Ascii[] PERM_NAMES = Ascii.of("CMS Perm ", "Perm ", "PSPermGen", "Metaspace", "Perm");
  private static final Ascii BRACKET_TIMES_SPACE = Ascii.of("[Times: ");
  private static final Ascii PAREN_CONCURRENT_MODE_FAILURE = Ascii.of("(concurrent mode failure)");
  private static final Ascii YG_OCCUPANCY = Ascii.of("YG occupancy");
  private static final Ascii GC_CONCURRENT = Ascii.of("GC concurrent-");
  private static final Ascii CMS_CONCURRENT = Ascii.of("CMS-concurrent-");
  private static final Ascii GC_REF_PROC = Ascii.of("GC ref-proc");
  private static final Ascii TIMES_SPACE = Ascii.of("Times: ");
  private static final Ascii PAREN_TO_SPACE = Ascii.of("(to-space");
  private static final Ascii SPACE_PAREN = Ascii.of(" (");
  private static final Ascii ARROW = Ascii.of("->");
  private static final Ascii SPACE_SEC = Ascii.of(" sec");
  private static final Ascii SPACE_MS = Ascii.of(" ms");
  private static final Ascii ICMS_DC = Ascii.of("icms_dc=");
  private static final Ascii PAREN_PROMOTION_FAILED = Ascii.of("(promotion failed");
  private static final Ascii PAREN_CONCURRENT_MODE_INTERRUPTED = Ascii.of("(concurrent mode interrupted)");
  private static final Ascii PROMOTION_FAILURE = Ascii.of(": promotion failure");
  private static final Ascii EDEN = Ascii.of("Eden: ");
  private static final Ascii GC_PAREN = Ascii.of("GC (");
  private static final Ascii GC_SPACE = Ascii.of("GC ");
  private static final Ascii CMS_INITIAL_MARK_KEY = Ascii.of("1 CMS-initial-mark");
  private static final Ascii CMS_REMARK_KEY = Ascii.of("1 CMS-remark");

  private final Pauses pauses;
  private final ConcurrentCycles cycles;
  private final CollectorDetection col;
  /** Reads young collections nested in a record; set once after construction. */
  private RecordReader records;

  // time stamp seen last inside a record (for glued-in concurrent phases)
  double scanUptime;
  long scanEpoch;
  /** Reading a line in place before knowing it holds a whole record; see {@link RecordAssembly}. */
  boolean tentative;
  /** Set when a tentative read found the record incomplete or met output that must not run twice. */
  boolean retry;
  /** Bracket levels that reached the end of the text without their ']'. */
  int unclosed;
  /** Index after the last {@link #size} scan. */
  @io.jtune.gc.parser.NotState // where the size just scanned ended: read at once after the scan
  private int sizeEnd;

  BodyScanner(Pauses pauses, ConcurrentCycles cycles, CollectorDetection col) {
    this.pauses = pauses;
    this.cycles = cycles;
    this.col = col;
  }

  /** Connects the reader of nested young collections (they are read by it, it reads with this). */
  void records(RecordReader r) {
    records = r;
  }

  /** Reads what follows the record's closing bracket: "[Times: ...]" and glued-in phases. */
  void trailer(Line t, int k, PauseDraft d) {
    int n = t.length();
    while (k < n) {
      if (t.charAt(k) == '[') {
        k = nested(t, k, d);
      } else if (Line.isDigit(t.charAt(k))) {
        k = stampInBody(t, k);
      } else {
        k++;
      }
    }
  }

  /** Skips a time stamp inside a record, remembering it; returns the index after it. */
  private int stampInBody(Line t, int i) {
    if (t.at(i + 4) == '-' && t.at(i + 7) == '-') {
      long e = t.parseIsoEpochMs(i);
      if (e != Long.MIN_VALUE) {
        scanEpoch = e;
        int q = t.end();
        return t.at(q) == ':' ? q + 1 : q;
      }
    }
    double v = t.parseDouble(i);
    int q = t.end();
    if (t.at(q) == ':') {
      scanUptime = v;
      return q + 1;
    }
    return Math.max(q, i + 1);
  }

  /**
   * Scans one bracket level from {@code i} to its closing ']' and returns the index after it.
   * The first memory triple at this level and its last ", t secs" are assigned by {@code role}.
   */
  int scanBody(Line t, int i, int role, PauseDraft d) {
    int n = t.length();
    long b = PauseDraft.NONE;
    long a = PauseDraft.NONE;
    long cap = PauseDraft.NONE;
    boolean have = false;
    double secs = Double.NaN;
    boolean closed = false;
    while (i < n) {
      char c = t.charAt(i);
      if (c == ']') {
        i++;
        closed = true;
        break;
      }
      if (c == '[') {
        i = nested(t, i, d);
        continue;
      }
      if (c >= '0' && c <= '9') {
        if (t.at(i + 4) == '-' && t.at(i + 7) == '-') {
          i = stampInBody(t, i);
          continue;
        }
        // integers first: sizes in K are the common case and need no fraction
        long whole = t.parseLong(i);
        int e = t.end();
        char u = t.at(e);
        double v = whole;
        if ((u == '.' || u == ',') && Line.isDigit(t.at(e + 1))) {
          v = t.parseDouble(i);
          e = t.end();
          u = t.at(e);
        }
        if (u == ':') {
          scanUptime = v;
          i = e + 1;
          continue;
        }
        if (u == ' ' && role == YG_OCC && !have) {
          // "[YG occupancy: 592 K (8256 K)]"
          long used = sizeWithSpace(t, i);
          int q = t.end();
          if (used >= 0 && t.startsWith(SPACE_PAREN, q)) {
            long c2 = sizeWithSpace(t, q + 2);
            b = used;
            a = used;
            cap = c2;
            have = true;
            i = t.end();
            continue;
          }
        }
        // the number read above, as a size: its unit (if any) follows directly
        long unit = unit(u);
        int k = unit > 0 ? e + 1 : e;
        if (unit > 0 && t.at(k) == 'B' && u != 'B') {
          k++;
        }
        long before = Math.round(v * (unit > 0 ? unit : 1));
        if (t.at(k) == '-' && t.at(k + 1) == '>') {
          long after = size(t, k + 2);
          k = sizeEnd;
          long cp = PauseDraft.NONE;
          if (t.at(k) == '(') {
            cp = size(t, k + 1);
            k = sizeEnd;
            if (t.at(k) == ')') {
              k++;
            }
          }
          if (!have) {
            b = before;
            a = after;
            cap = cp;
            have = true;
          }
          i = k;
          continue;
        }
        if (t.at(k) == '(') {
          long cp = t.parseSize(k + 1);
          int q = t.end();
          if (cp >= 0 && t.at(q) == ')') {
            q++;
            if (t.startsWith(ARROW, q)) {
              long after = t.parseSize(q + 2);
              q = t.end();
              long cp2 = PauseDraft.NONE;
              if (t.at(q) == '(') {
                cp2 = t.parseSize(q + 1);
                q = t.end();
                if (t.at(q) == ')') {
                  q++;
                }
              }
              if (!have) {
                b = before;
                a = after;
                cap = cp2;
                have = true;
              }
            } else if (!have) {
              b = before;
              a = before;
              cap = cp;
              have = true;
            }
            i = q;
            continue;
          }
        }
        i = Math.max(e, i + 1);
        continue;
      }
      if (c == ',') {
        int k = t.skipSpaces(i + 1);
        double v = t.parseDouble(k);
        if (!Double.isNaN(v)) {
          int e = t.end();
          // the unit is skipped too: none of its characters means anything to this loop
          if (t.startsWith(SPACE_SEC, e)) {
            secs = v;
            e += 4;
          } else if (t.startsWith(SPACE_MS, e)) {
            secs = v / 1000.0;
            e += 3;
          }
          i = e;
        } else {
          i = k;
        }
        continue;
      }
      if (c == '(') {
        i = paren(t, i, d);
        continue;
      }
      if (c == 'i' && t.startsWith(ICMS_DC, i)) {
        d.icms = true;
        i += 8;
        continue;
      }
      i++;
    }
    if (!closed) {
      unclosed++;
    }
    if (have || !Double.isNaN(secs)) {
      switch (role) {
        case OUTER -> {
          if (have && !PauseDraft.known(d.heap)) {
            PauseDraft.set(d.heap, b, a, cap);
          }
          d.secs = secs;
        }
        case YOUNG -> {
          if (have) {
            PauseDraft.set(d.young, b, a, cap);
          }
        }
        case OLD -> {
          if (have) {
            PauseDraft.set(d.old, b, a, cap);
          }
          if (!Double.isNaN(secs)) {
            d.oldCollected = true;
          }
        }
        case PERM -> {
          if (have) {
            PauseDraft.set(d.meta, b, a, cap);
          }
        }
        case OLD_MARK -> {
          if (have) {
            PauseDraft.set(d.old, b, a, cap);
          }
        }
        case YG_OCC -> {
          if (have) {
            PauseDraft.set(d.young, b, a, cap);
          }
        }
        default -> { }
      }
    }
    return i;
  }

  /** Scans a size like {@code 1024K} or {@code 15.0M} as bytes (-1 when none), setting {@link #sizeEnd}. */
  private long size(Line t, int i) {
    long whole = t.parseLong(i);
    int e = t.end();
    if (whole < 0) {
      sizeEnd = i;
      return -1;
    }
    char u = t.at(e);
    double v = whole;
    boolean fraction = false;
    if ((u == '.' || u == ',') && Line.isDigit(t.at(e + 1))) {
      v = t.parseDouble(i);
      e = t.end();
      u = t.at(e);
      fraction = true;
    }
    long m = unit(u);
    if (m > 0) {
      e++;
      if (u != 'B' && t.at(e) == 'B') {
        e++;
      }
    }
    sizeEnd = e;
    if (m == 0) {
      m = 1;
    }
    return fraction ? Math.round(v * m) : whole * m;
  }

  /** Bytes per unit for a size suffix (K, M, G, T, B), or 0 when {@code c} is none. */
  private static long unit(char c) {
    return switch (c) {
      case 'K', 'k' -> 1L << 10;
      case 'M' -> 1L << 20;
      case 'G' -> 1L << 30;
      case 'T' -> 1L << 40;
      case 'B' -> 1L;
      default -> 0;
    };
  }

  /** Scans "592 K" (a size with a space before the unit); -1 when none. Leaves end() after the unit. */
  private static long sizeWithSpace(Line t, int i) {
    long v = t.parseLong(i);
    int e = t.end();
    if (v < 0 || t.at(e) != ' ') {
      return -1;
    }
    long mult = switch (t.at(e + 1)) {
      case 'K' -> 1L << 10;
      case 'M' -> 1L << 20;
      case 'G' -> 1L << 30;
      case 'B' -> 1L;
      default -> 0;
    };
    if (mult == 0) {
      return -1;
    }
    t.parseLong(e + 2); // no digit there: only moves end() past the unit
    return v * mult;
  }

  /** Handles a parenthesised group inside a record: anomalies; returns the index after it. */
  private int paren(Line t, int i, PauseDraft d) {
    if (t.startsWith(PAREN_PROMOTION_FAILED, i)) {
      d.anomalies.add(Anomaly.PROMOTION_FAILED);
    } else if (t.startsWith(PAREN_CONCURRENT_MODE_FAILURE, i)) {
      d.anomalies.add(Anomaly.CONCURRENT_MODE_FAILURE);
    } else if (t.startsWith(PAREN_CONCURRENT_MODE_INTERRUPTED, i)) {
      d.anomalies.add(Anomaly.CONCURRENT_MODE_INTERRUPTED);
    } else if (t.startsWith(PAREN_TO_SPACE, i)) {
      d.anomalies.add(Anomaly.TO_SPACE_EXHAUSTED);
    } else if (Line.isDigit(t.at(i + 1))) {
      int q = t.indexOf(PROMOTION_FAILURE, i);
      if (q > 0 && q < i + 8) {
        d.anomalies.add(Anomaly.PROMOTION_FAILED);
      }
    }
    int close = RecordReader.closeParen(t, i);
    return close > 0 ? close + 1 : i + 1;
  }

  /** Reads a nested "[...]" segment at {@code i}; returns the index after its closing ']'. */
  private int nested(Line t, int i, PauseDraft d) {
    int j = i + 1;
    char c = t.at(j);
    if (c == 'T' && t.startsWith(TIMES_SPACE, j)) {
      return Segments.times(t, j + 7, d);
    }
    if (c == 'C' && t.startsWith(CMS_CONCURRENT, j) || c == 'G' && t.startsWith(GC_CONCURRENT, j)) {
      if (tentative) {
        retry = true;
        return t.length();
      }
      int e = cycles.concurrent(t, i, scanUptime, scanEpoch, true);
      int q = t.skipSpaces(e);
      if (t.startsWith(BRACKET_TIMES_SPACE, q)) {
        int close = t.indexOf(']', q);
        e = close < 0 ? t.length() : close + 1;
      }
      return e;
    }
    if (c == 'E' && t.startsWith(EDEN, j)) {
      return Segments.eden(t, j + 6, d);
    }
    if (c == 'G' && (t.startsWith(GC_PAREN, j) || t.startsWith(GC_SPACE, j)) && d == pauses.draft
        && !t.startsWith(GC_REF_PROC, j)) {
      if (tentative) {
        retry = true;
        return t.length();
      }
      return records.nestedPause(t, i, d);
    }
    Ascii y = nameAt(t, j, c, YOUNG_NAMES);
    if (y != null) {
      d.youngName = y.toString();
      col.youngSeen = d.youngName;
      return scanBody(t, j + y.length(), YOUNG, d);
    }
    Ascii p = nameAt(t, j, c, PERM_NAMES);
    if (p != null) {
      return scanBody(t, j + p.length(), PERM, d);
    }
    for (Ascii o : OLD_NAMES) {
      if (o.charAt(0) == c && t.startsWith(o, j) && t.at(j + o.length()) != '-') {
        String name = o.toString();
        d.oldName = name;
        if (name == "CMS" || name == "ASCMS") {
          col.cmsSeen = true;
        } else if (name == "Tenured") {
          col.tenuredSeen = true;
        }
        return scanBody(t, j + o.length(), OLD, d);
      }
    }
    if (t.startsWith(CMS_INITIAL_MARK_KEY, j)) {
      d.initialMark = true;
      col.cmsSeen = true;
      return scanBody(t, j + 18, OLD_MARK, d);
    }
    if (t.startsWith(CMS_REMARK_KEY, j)) {
      d.remark = true;
      col.cmsSeen = true;
      return scanBody(t, j + 12, OLD_MARK, d);
    }
    if (t.startsWith(YG_OCCUPANCY, j)) {
      return scanBody(t, j + 12, YG_OCC, d);
    }
    return scanBody(t, j, SKIP, d);
  }

  /** The first of {@code names} at {@code j} (where the line has {@code c}), or null. */
  private static Ascii nameAt(Line t, int j, char c, Ascii[] names) {
    for (Ascii n : names) {
      if (n.charAt(0) == c && t.startsWith(n, j)) {
        return n;
      }
    }
    return null;
  }
}
