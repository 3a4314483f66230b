package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.Tenuring;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.ParserContext;

/**
 * The tenuring distribution printed with a young collection ("Desired survivor size N bytes,
 * new threshold T (max M)" and its "- age" lines), attached to the next pause emitted.
 */
final class TenuringLines {
  private static final Ascii THRESHOLD = Ascii.of("threshold ");
  private static final Ascii PAREN_MAX = Ascii.of("(max ");

  private final ParserContext ctx;
  private boolean tenPresent;
  private long tenDesired;
  private int tenNew;
  private int tenMax;
  private long tenAged;

  TenuringLines(ParserContext ctx) {
    this.ctx = ctx;
  }

  /** Gives the distribution read since the last pause to {@code d}, if any (small: C1 inlines it). */
  void attach(PauseDraft d) {
    if (tenPresent) {
      attachNow(d);
    }
  }

  private void attachNow(PauseDraft d) {
    d.tenuring = new Tenuring(tenDesired, tenNew, tenMax, tenAged);
    clear();
  }

  /** Forgets a distribution no pause followed (its numbers too, so that no stale value is state). */
  void clear() {
    tenPresent = false;
    tenDesired = 0;
    tenNew = 0;
    tenMax = 0;
    tenAged = 0;
  }

  /** "Desired survivor size N bytes, new threshold T (max M)". */
  void head(Line t) {
    // "Desired survivor size 524288 bytes, new threshold 7 (max 15)"
    ctx.understood();
    long desired = t.parseLong(22);
    int nt = t.indexOf(THRESHOLD, t.end());
    if (desired < 0 || nt < 0) {
      return;
    }
    long threshold = t.parseLong(nt + 10);
    int mx = t.indexOf(PAREN_MAX, t.end());
    long max = mx > 0 ? t.parseLong(mx + 5) : -1;
    tenPresent = true;
    tenDesired = desired;
    tenNew = (int) threshold;
    tenMax = (int) max;
    tenAged = -1;
  }

  /** "- age   1:    6595712 bytes,    6595712 total": the running total is kept. */
  void age(Line t) {
    // "- age   1:    6595712 bytes,    6595712 total"
    ctx.understood();
    if (!tenPresent) {
      return;
    }
    int comma = t.indexOf(',');
    if (comma > 0) {
      long total = t.parseLong(t.skipSpaces(comma + 1));
      if (total >= 0) {
        tenAged = total;
      }
    }
  }
}
