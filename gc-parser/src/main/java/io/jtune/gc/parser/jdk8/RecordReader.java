package io.jtune.gc.parser.jdk8;

import static io.jtune.gc.parser.jdk8.BodyScanner.OUTER;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;

/**
 * Reads one complete bracketed record: a GC record ("[GC ...", "[Full GC ...", G1's "[GC
 * pause ...") with its name, cause and kind, a concurrent phase, a JDK 8 Shenandoah record, or
 * a young collection nested in a CMS remark. Names and kinds: "[Full GC" is FULL and named "Full
 * GC"; a "[GC" record is named after its young segment ("ParNew", "PSYoungGen", "DefNew") and
 * is YOUNG, unless its old segment reports a collection time (promotion failed, concurrent mode
 * failure), which makes it FULL and named after the old segment ("CMS", "Tenured"); without
 * details it is "GC". G1 pauses keep the logged text ("GC pause (G1 Evacuation Pause) (young)")
 * without "(to-space ...)".
 */
final class RecordReader {
  private static final String GC = "GC";
  private static final String FULL_GC = "Full GC";
  private static final String GC_REMARK = "GC remark";
  private static final String GC_CLEANUP = "GC cleanup";
  static final String CMS_INITIAL_MARK = "CMS-initial-mark";
  private static final String CMS_REMARK = "CMS-remark";
  private static final Ascii BRACKET_TIMES_SPACE = Ascii.of("[Times: ");
  private static final Ascii GC_CONCURRENT = Ascii.of("GC concurrent-");
  private static final Ascii CMS_CONCURRENT = Ascii.of("CMS-concurrent-");
  private static final Ascii FULL_GC_KEY = Ascii.of("Full GC");
  private static final Ascii GC_KEY = Ascii.of("GC");
  private static final Ascii GC_REF_PROC = Ascii.of("GC ref-proc");
  private static final Ascii PAUSE_ = Ascii.of("Pause ");
  private static final Ascii CONCURRENT_ = Ascii.of("Concurrent ");
  private static final Ascii G1_ERGONOMICS = Ascii.of("G1Ergonomics");
  private static final Ascii TIMES = Ascii.of("Times:");
  private static final Ascii SPACE_PAUSE = Ascii.of(" pause");
  private static final Ascii SPACE_REMARK = Ascii.of(" remark");
  private static final Ascii SPACE_CLEANUP = Ascii.of(" cleanup");
  private static final Ascii DASH_DASH = Ascii.of("--");
  private static final Ascii PAREN_PROMOTION = Ascii.of("(promotion");
  private static final Ascii PAREN_CONCURRENT = Ascii.of("(concurrent");
  private static final Ascii PAREN_TO_SPACE = Ascii.of("(to-space");
  private static final Ascii PAREN_MIXED = Ascii.of("(mixed)");
  private static final Ascii PAREN_PARTIAL = Ascii.of("(partial)");
  private static final Ascii PAREN_INITIAL_MARK = Ascii.of("(initial-mark)");
  private static final Ascii PAREN_YOUNG = Ascii.of("(young)");

  private final NameCache names;
  private final Stamps st;
  private final Pauses pauses;
  private final Deferred deferred;
  private final BodyScanner scan;
  private final ConcurrentCycles cycles;
  private final ShenandoahRecords shenandoah;
  private final CollectorDetection col;

  RecordReader(NameCache names, Stamps st, Pauses pauses, Deferred deferred, BodyScanner scan,
      ConcurrentCycles cycles, ShenandoahRecords shenandoah, CollectorDetection col) {
    this.names = names;
    this.st = st;
    this.pauses = pauses;
    this.deferred = deferred;
    this.scan = scan;
    this.cycles = cycles;
    this.shenandoah = shenandoah;
    this.col = col;
  }

  /** Reads one complete bracketed record starting at {@code p}; false when it makes no sense. */
  boolean record(Line t, int p) {
    int j = p + 1;
    scan.scanUptime = st.uptime;
    scan.scanEpoch = st.epoch;
    char c = t.at(j);
    if (c == 'G' && t.startsWith(GC_CONCURRENT, j) || c == 'C' && t.startsWith(CMS_CONCURRENT, j)) {
      cycles.concurrent(t, p, st.uptime, st.epoch, false);
      return true;
    }
    if (c == 'F' && t.startsWith(FULL_GC_KEY, j)
        || c == 'G' && t.startsWith(GC_KEY, j) && !t.startsWith(GC_REF_PROC, j)) {
      return gcRecord(t, p);
    }
    if (c == 'P' && t.startsWith(PAUSE_, j)) {
      return shenandoah.pause(t, j);
    }
    if (c == 'C' && t.startsWith(CONCURRENT_, j)) {
      return shenandoah.concurrent(t, j);
    }
    if (c == 'G' && t.startsWith(G1_ERGONOMICS, j)) {
      return true;
    }
    if (c == 'T' && t.startsWith(TIMES, j)) {
      return true;
    }
    pauses.scratch.reset(st.gcId, st.uptime, st.epoch, st.lineNo);
    scan.trailer(t, p, pauses.scratch);
    return !deferred.isEmpty();
  }

  private boolean gcRecord(Line t, int p) {
    if (pauses.pending) {
      pauses.flushPending();
    }
    PauseDraft d = pauses.draft;
    d.reset(st.gcId, st.uptime, st.epoch, st.lineNo);
    scan.unclosed = 0;
    int k = readHead(t, p + 1, d);
    k = scan.scanBody(t, k, OUTER, d);
    scan.trailer(t, k, d);
    if (scan.tentative && (scan.retry || scan.unclosed > 0)) {
      scan.retry = true;
      return false;
    }
    if (!finish(d)) {
      return false;
    }
    if (d.times == null) {
      pauses.pending = true;
      pauses.pendingPhaseKey = null;
    } else {
      pauses.emitPause(d);
    }
    return true;
  }

  /** Reads the record's name and cause from {@code j} (just after '['); returns where the body starts. */
  private int readHead(Line t, int j, PauseDraft d) {
    int k;
    if (t.startsWith(FULL_GC_KEY, j)) {
      d.kind = PauseKind.FULL;
      d.name = FULL_GC;
      k = j + 7;
    } else {
      k = j + 2;
      char c = t.at(k + 1); // "GC pause", "GC remark", "GC cleanup" are G1's
      if (c == 'p' && t.startsWith(SPACE_PAUSE, k)) {
        d.g1 = true;
        return g1Head(t, j, k + 6, d);
      } else if (c == 'r' && t.startsWith(SPACE_REMARK, k)) {
        d.g1 = true;
        d.kind = PauseKind.REMARK;
        d.name = GC_REMARK;
        return k + 7;
      } else if (c == 'c' && t.startsWith(SPACE_CLEANUP, k)) {
        d.g1 = true;
        d.kind = PauseKind.CLEANUP;
        d.name = GC_CLEANUP;
        return k + 8;
      }
    }
    if (t.startsWith(DASH_DASH, k)) {
      d.dashDash = true;
      k += 2;
    }
    int q = t.skipSpaces(k);
    if (t.at(q) == '(' && !t.startsWith(PAREN_PROMOTION, q) && !t.startsWith(PAREN_CONCURRENT, q)) {
      int close = closeParen(t, q);
      if (close > q) {
        d.cause = names.get(t, q + 1, close);
        k = close + 1;
        if (t.startsWith(DASH_DASH, k)) {
          d.dashDash = true;
          k += 2;
        }
      }
    }
    return k;
  }

  /** Reads the parenthesised words after "GC pause": cause, young/mixed, initial-mark, to-space. */
  private int g1Head(Line t, int j, int k, PauseDraft d) {
    int nameEnd = k;
    d.kind = PauseKind.YOUNG;
    while (true) {
      int q = t.skipSpaces(k);
      if (t.at(q) != '(') {
        break;
      }
      int close = closeParen(t, q);
      if (close < 0) {
        break;
      }
      if (t.startsWith(PAREN_TO_SPACE, q)) {
        d.anomalies.add(Anomaly.TO_SPACE_EXHAUSTED);
      } else {
        if (t.startsWith(PAREN_MIXED, q) || t.startsWith(PAREN_PARTIAL, q)) {
          d.kind = PauseKind.MIXED;
        } else if (t.startsWith(PAREN_INITIAL_MARK, q)) {
          d.initialMark = true;
        } else if (!t.startsWith(PAREN_YOUNG, q) && d.cause == null) {
          d.cause = names.get(t, q + 1, close);
        }
        nameEnd = close + 1;
      }
      k = close + 1;
    }
    if (t.startsWith(DASH_DASH, k)) {
      d.dashDash = true;
      k += 2;
    }
    d.name = names.get(t, j, nameEnd);
    return k;
  }

  /** Index of the ')' closing the '(' at {@code q}, or -1 (stops at brackets). */
  static int closeParen(Line t, int q) {
    int depth = 0;
    for (int i = q, n = t.length(); i < n; i++) {
      char c = t.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (--depth == 0) {
          return i;
        }
      } else if (c == '[' || c == ']') {
        return -1;
      }
    }
    return -1;
  }

  /** Decides kind and name of a GC record and its anomalies; false when the record is unusable. */
  private boolean finish(PauseDraft d) {
    if (d.kind == null) {
      if (d.initialMark) {
        d.kind = PauseKind.INITIAL_MARK;
        d.name = CMS_INITIAL_MARK;
      } else if (d.remark) {
        d.kind = PauseKind.REMARK;
        d.name = CMS_REMARK;
      } else if (d.oldCollected) {
        d.kind = PauseKind.FULL;
        d.name = d.oldName;
      } else {
        d.kind = PauseKind.YOUNG;
        d.name = d.youngName != null ? d.youngName : GC;
      }
    }
    if (d.dashDash) {
      d.anomalies.add(d.g1 ? Anomaly.TO_SPACE_EXHAUSTED : Anomaly.PROMOTION_FAILED);
    }
    causeAnomaly(d);
    if (d.icms) {
      col.icms();
    }
    // a negative or infinite time ("-0.5 secs") is no pause time: the record is not understood
    return d.secs >= 0 && !Double.isInfinite(d.secs);
  }

  static void causeAnomaly(PauseDraft d) {
    String c = d.cause;
    if (c == null) {
      return;
    }
    switch (c) {
      case "System.gc()", "System" -> d.anomalies.add(Anomaly.SYSTEM_GC);
      case "GCLocker Initiated GC" -> d.anomalies.add(Anomaly.GC_LOCKER);
      case "Metadata GC Threshold" -> d.anomalies.add(Anomaly.METADATA_THRESHOLD);
      case "G1 Humongous Allocation" -> d.anomalies.add(Anomaly.HUMONGOUS_ALLOCATION);
      default -> { }
    }
  }

  /**
   * A young collection logged inside another record (CMS remark with CMSScavengeBeforeRemark):
   * it runs within the remark's stop, so it is a phase of {@code outer} (named after its young
   * segment, e.g. "ParNew"), not a pause of its own; its tenuring, anomalies and heap before go to the remark.
   */
  int nestedPause(Line t, int i, PauseDraft outer) {
    PauseDraft d = pauses.scratch;
    d.reset(st.gcId, scan.scanUptime, scan.scanEpoch, st.lineNo);
    int k = readHead(t, i + 1, d);
    k = scan.scanBody(t, k, OUTER, d);
    int q = t.skipSpaces(k);
    if (t.startsWith(BRACKET_TIMES_SPACE, q)) {
      k = Segments.times(t, q + 8, d);
    }
    if (finish(d)) {
      outer.phase(d.name, d.secs * 1000.0);
      outer.anomalies.addAll(d.anomalies);
      System.arraycopy(d.heap, 0, outer.nestedHeap, 0, 3);
      System.arraycopy(d.young, 0, outer.nestedYoung, 0, 3);
      if (outer.tenuring == null) {
        outer.tenuring = d.tenuring;
      }
      if (!col.collectorFromRecords) {
        col.inferCollector(d);
      }
    }
    return k;
  }
}
