package io.jtune.core.parser.unified;

import static io.jtune.core.parser.unified.Fields.firstNumberToken;
import static io.jtune.core.parser.unified.Fields.trimEnd;
import static io.jtune.core.parser.unified.Outcome.BROKEN;
import static io.jtune.core.parser.unified.Outcome.KNOWN;

import io.jtune.core.event.Collector;
import io.jtune.core.event.GcNotice;
import io.jtune.core.event.MemoryUsage;
import io.jtune.core.input.Ascii;
import io.jtune.core.input.Line;
import io.jtune.core.parser.NameCache;
import java.util.ArrayList;
import java.util.List;

/**
 * ZGC's collection lines (a start line "Garbage Collection (cause)", a summary line with the
 * heap and, from JDK 21, the duration; generational ZGC's "Minor/Major Collection") made into
 * one whole-cycle event each, and its allocation stalls.
 */
final class ZgcLines {
  private static final Ascii ABORTED = Ascii.of(" Aborted");

  private final CurrentLine cur;
  private final Fields fields;
  private final NameCache names;
  private final JvmInfoLines info;
  private final EventOrder out;
  /** Collections whose start line was read, by GC id (the last 16). */
  private final List<PendingCycle> zgcStarts = new ArrayList<>(4);

  ZgcLines(CurrentLine cur, Fields fields, NameCache names, JvmInfoLines info, EventOrder out) {
    this.cur = cur;
    this.fields = fields;
    this.names = names;
    this.info = info;
    this.out = out;
  }

  /** The source ended: collections whose summary never came are dropped. */
  void endOfSource() {
    zgcStarts.clear();
  }

  /** ZGC "Garbage Collection (cause)", "Minor Collection (cause)", "Major Collection (cause)". */
  int zgcCollection(Line l, int m) {
    info.inferCollector(Collector.ZGC);
    int n = l.length();
    int digits = firstNumberToken(l, m, n);
    if (digits < 0 && l.endsWith(ABORTED)) {
      // cut short, e.g. by JVM exit: "Major Collection (Allocation Rate) Aborted"
      out.queue(new GcNotice(cur.gcId, cur.uptimeS(), cur.epochMs(), GcNotice.Kind.CYCLE_CANCELLED,
          names.get(l, m, l.length()), Double.NaN, l.number()));
      out.release();
      return KNOWN;
    }
    if (digits < 0) {
      zgcStarts.add(new PendingCycle(cur.gcId));
      zgcStarts.get(zgcStarts.size() - 1).cover(cur.uptimeS(), cur.epochMs(), Double.NaN, l.number());
      if (zgcStarts.size() > 16) {
        zgcStarts.remove(0);
      }
      return KNOWN;
    }
    MemoryUsage heap = fields.usage(l, digits);
    if (heap == null) {
      return BROKEN;
    }
    int i = l.skipSpaces(fields.pos);
    double durationMs = Double.NaN;
    if (i < n) {
      durationMs = fields.duration(l, i);
      if (Double.isNaN(durationMs)) {
        return BROKEN;
      }
    }
    PendingCycle c = null;
    for (int k = 0; k < zgcStarts.size(); k++) {
      if (zgcStarts.get(k).gcId == cur.gcId) {
        c = zgcStarts.remove(k);
        break;
      }
    }
    if (c == null) {
      c = new PendingCycle(cur.gcId);
    }
    c.endUptimeS = cur.uptimeS();
    c.endEpochMs = cur.epochMs();
    c.endLine = l.number();
    c.heap(heap);
    if (Double.isNaN(durationMs)) {
      durationMs = c.spanMs();
    }
    out.queue(c.toEvent(names.get(l, m, trimEnd(l, m, digits)), durationMs));
    out.release();
    return KNOWN;
  }

  /** ZGC "Allocation Stall (thread) 12.345ms". */
  int allocationStall(Line l, int m) {
    info.inferCollector(Collector.ZGC);
    int open = m + 17;
    int close = l.lastIndexOf(')');
    if (close <= open) {
      return BROKEN;
    }
    double ms = fields.duration(l, l.skipSpaces(close + 1));
    if (Double.isNaN(ms)) {
      return BROKEN;
    }
    out.queue(new GcNotice(cur.gcId, cur.uptimeS(), cur.epochMs(), GcNotice.Kind.ALLOCATION_STALL,
        l.substring(open + 1, close), ms, l.number()));
    out.release();
    return KNOWN;
  }
}
