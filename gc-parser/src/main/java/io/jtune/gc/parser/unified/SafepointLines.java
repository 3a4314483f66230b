package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Outcome.BROKEN;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;

import io.jtune.gc.event.SafepointPause;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;

/** Safepoint lines: one {@link SafepointPause} each; they end the pauses whose summary was read. */
final class SafepointLines {
  static final Ascii STOPPED = Ascii.of("Total time for which application threads were stopped: ");
  private static final Ascii STOPPING_THREADS_TOOK = Ascii.of("Stopping threads took: ");
  private static final Ascii TOTAL = Ascii.of("Total: ");
  private static final Ascii REACHING_SAFEPOINT = Ascii.of("Reaching safepoint: ");

  private final CurrentLine cur;
  private final Pauses pauses;
  private final EventOrder out;

  SafepointLines(CurrentLine cur, Pauses pauses, EventOrder out) {
    this.cur = cur;
    this.pauses = pauses;
    this.out = out;
  }

  /**
   * JDK 9-16: "Total time for which application threads were stopped: N seconds, Stopping
   * threads took: N seconds".
   */
  int stoppedTime(Line l, int at) {
    double stopped = l.parseDouble(at);
    int took = l.indexOf(STOPPING_THREADS_TOOK, at);
    if (Double.isNaN(stopped)) {
      return BROKEN;
    }
    double ttsp = took < 0 ? Double.NaN : l.parseDouble(took + 23) * 1000;
    pauses.flushComplete();
    out.queue(new SafepointPause(cur.uptimeS(), cur.epochMs(), stopped * 1000, ttsp, l.number()));
    out.release();
    return KNOWN;
  }

  /** JDK 17+: {@code Safepoint "Op", Time since last: N ns, Reaching safepoint: N ns, ... Total: N ns}. */
  int safepoint(Line l, int m) {
    int quote = l.indexOf('"', m + 11);
    if (quote < 0) {
      return BROKEN;
    }
    int total = l.indexOf(TOTAL, quote);
    int reach = l.indexOf(REACHING_SAFEPOINT, quote);
    if (total < 0) {
      return BROKEN;
    }
    long totalNs = l.parseLong(total + 7);
    long reachNs = reach < 0 ? -1 : l.parseLong(reach + 20);
    if (totalNs < 0) {
      return BROKEN;
    }
    pauses.flushComplete();
    out.queue(new SafepointPause(cur.uptimeS(), cur.epochMs(), totalNs / 1e6, reachNs < 0 ? Double.NaN : reachNs / 1e6,
        l.number()));
    out.release();
    return KNOWN;
  }
}
