package io.jtune.gc.parser.jdk8;

import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;
import io.jtune.gc.parser.ParserContext;

/**
 * The detail lines of a G1 pause held for them (PrintGCDetails): indented phase times,
 * per-worker lines (their mean is kept), "[Eden: ...]", metaspace and " [Times: ...]", which
 * ends the pause.
 */
final class G1DetailLines {
  private static final Ascii TIMES_SPACE = Ascii.of("Times: ");
  private static final Ascii SPACE_MS = Ascii.of(" ms");
  private static final Ascii EDEN = Ascii.of("Eden: ");
  private static final Ascii AVG = Ascii.of("Avg:");
  private static final Ascii METASPACE = Ascii.of("Metaspace");
  private static final Ascii PERM_KEY = Ascii.of("Perm");
  private static final Ascii PER_WORKER_MS = Ascii.of(" (ms)");
  private static final Ascii GC_WORKER_START = Ascii.of("GC Worker Start");
  private static final Ascii GC_WORKER_END = Ascii.of("GC Worker End");

  private final ParserContext ctx;
  private final NameCache names;
  private final Pauses pauses;
  private final BodyScanner scan;

  G1DetailLines(ParserContext ctx, NameCache names, Pauses pauses, BodyScanner scan) {
    this.ctx = ctx;
    this.names = names;
    this.pauses = pauses;
    this.scan = scan;
  }

  /**
   * An indented line while a G1 pause is held for details; {@code q} is its first non-blank index.
   */
  void detail(Line t, int q) {
    PauseDraft d = pauses.draft;
    ctx.understood();
    if (t.at(q) != '[') {
      if (pauses.pendingPhaseKey != null) {
        int avg = t.indexOf(AVG, q);
        if (avg >= 0) {
          double v = t.parseDouble(t.skipSpaces(avg + 4));
          if (!Double.isNaN(v)) {
            d.phase(pauses.pendingPhaseKey, v);
          }
          pauses.pendingPhaseKey = null;
        }
      }
      return;
    }
    int j = q + 1;
    if (t.startsWith(TIMES_SPACE, j)) {
      Segments.times(t, j + 7, d);
      pauses.flushPending();
      return;
    }
    if (t.startsWith(EDEN, j)) {
      int k = Segments.eden(t, j + 6, d);
      scan.trailer(t, k, d);
      return;
    }
    if (t.startsWith(METASPACE, j) || t.startsWith(PERM_KEY, j)) {
      scan.trailer(t, q, d);
      return;
    }
    int colon = t.indexOf(':', j);
    if (colon < 0) {
      return;
    }
    int keyEnd = colon;
    while (keyEnd > j && t.charAt(keyEnd - 1) == ' ') {
      keyEnd--;
    }
    boolean perWorker = false;
    if (t.startsWith(PER_WORKER_MS, keyEnd - 5)) {
      keyEnd -= 5;
      perWorker = true;
    }
    if (t.startsWith(GC_WORKER_START, j) || t.startsWith(GC_WORKER_END, j)) {
      return;
    }
    double v;
    if (perWorker) {
      int avg = t.indexOf(AVG, colon);
      if (avg >= 0) {
        v = t.parseDouble(t.skipSpaces(avg + 4));
      } else if (t.indexOf(']', colon) < 0) {
        pauses.pendingPhaseKey = names.get(t, j, keyEnd);
        return;
      } else {
        v = meanOfList(t, colon + 1);
      }
    } else {
      v = t.parseDouble(t.skipSpaces(colon + 1));
      if (!t.startsWith(SPACE_MS, t.end())) {
        return;
      }
    }
    if (!Double.isNaN(v)) {
      d.phase(names.get(t, j, keyEnd), v);
    }
  }

  /** Mean of the numbers in "  1.0  2.0  3.0]" (JDK 6 G1 per-worker lines). */
  private static double meanOfList(Line t, int k) {
    double sum = 0;
    int count = 0;
    int n = t.length();
    while (k < n && t.charAt(k) != ']') {
      if (Line.isDigit(t.charAt(k))) {
        sum += t.parseDouble(k);
        count++;
        k = t.end();
      } else {
        k++;
      }
    }
    return count == 0 ? Double.NaN : sum / count;
  }
}
