package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Fields.closingParen;
import static io.jtune.gc.parser.unified.Fields.firstNumberToken;
import static io.jtune.gc.parser.unified.Fields.trimEnd;
import static io.jtune.gc.parser.unified.Outcome.BROKEN;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;
import java.util.ArrayList;
import java.util.List;

/**
 * ZGC's collection lines made into one whole-cycle event each: the start line "Garbage
 * Collection (cause)" (generational ZGC: "Minor/Major Collection (cause)"), the rows of the
 * statistics tables that follow ({@link ZgcStatistics}), and the summary line with the heap
 * before and after and, from JDK 21, the duration. Also allocation stalls,
 * and collections the JVM's exit cut off ("... Aborted", or a start with no summary at the end).
 */
final class ZgcLines {
  private static final Ascii ABORTED = Ascii.of(" Aborted");

  private final CurrentLine cur;
  private final Fields fields;
  private final NameCache names;
  private final JvmInfoLines info;
  private final EventOrder out;
  /** Collections whose start line was read, by GC id (the last 16; generational minor ones run inside a major one). */
  private final List<ZgcCycle> started = new ArrayList<>(4);
  /**
   * "Aborted" collections, queued as cut off by the JVM's exit (ZGC aborts a collection when the
   * JVM exits; at exit a major and a minor one can both abort); when another collection starts
   * while they still wait to be sent, the run went on and they were cancelled instead.
   */
  private final List<GcNotice> aborted = new ArrayList<>(2);

  ZgcLines(CurrentLine cur, Fields fields, NameCache names, JvmInfoLines info, EventOrder out) {
    this.cur = cur;
    this.fields = fields;
    this.names = names;
    this.info = info;
    this.out = out;
  }

  /**
   * The source ended: aborted collections stay cut off. Collections whose summary has not come
   * yet stay open for a next rotated file.
   */
  void endOfSource() {
    aborted.clear();
  }

  /** The JVM exited (its "Heap" exit report, a restart, the end of the log): open collections were cut off. */
  void exit() {
    endOfSource();
    for (ZgcCycle c : started) {
      out.queue(cutOffAtExit(c));
    }
    started.clear();
    out.release();
  }

  /**
   * A collection with no summary, cut off: stamped when the log stopped (the latest line read),
   * not at its start, so it comes after the events already sent for the time since.
   */
  private GcNotice cutOffAtExit(ZgcCycle c) {
    double now = out.clock();
    double uptime = c.span.endUptimeS;
    long epoch = c.span.endEpochMs;
    if (!Double.isNaN(uptime) && now > uptime) {
      epoch = epoch == GcEvent.NO_EPOCH ? epoch : epoch + Math.round((now - uptime) * 1000);
      uptime = now;
    } else if (Double.isNaN(uptime) && epoch != GcEvent.NO_EPOCH && now * 1000 > epoch) {
      epoch = Math.round(now * 1000);
    }
    return new GcNotice(c.gcId(), uptime, epoch, GcNotice.Kind.CYCLE_CUT_OFF,
        scopeName(c.scope) + (c.cause == null ? "" : " (" + c.cause + ")") + " with no summary before the end of the log",
        Double.NaN, c.span.endLine);
  }

  private static String scopeName(CycleFacts.Scope s) {
    return switch (s) {
      case MINOR -> "Minor Collection";
      case MAJOR -> "Major Collection";
      case WHOLE_HEAP -> "Garbage Collection";
    };
  }

  /** ZGC "Garbage Collection (cause)", "Minor Collection (cause)", "Major Collection (cause)". */
  int zgcCollection(Line l, int m) {
    info.inferCollector(Collector.ZGC);
    int n = l.length();
    int digits = firstNumberToken(l, m, n);
    if (digits < 0 && l.endsWith(ABORTED)) {
      // "Major Collection (Allocation Rate) Aborted": ZGC aborts a collection when the JVM exits
      take(cur.gcId);
      GcNotice cutOff = new GcNotice(cur.gcId, cur.uptimeS(), cur.epochMs(), GcNotice.Kind.CYCLE_CUT_OFF,
          names.get(l, m, l.length()), Double.NaN, l.number());
      aborted.add(cutOff);
      out.queue(cutOff);
      out.release();
      return KNOWN;
    }
    if (digits < 0) {
      releaseAborted();
      ZgcCycle c = new ZgcCycle(cur.gcId, cause(l, m, n), scope(l, m));
      c.capacity = info.heapMaxBytes;
      c.span.cover(cur.uptimeS(), cur.epochMs(), Double.NaN, l.number());
      started.add(c);
      if (started.size() > 16) {
        started.remove(0);
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
    ZgcCycle c = take(cur.gcId);
    if (c == null) {
      // only the summary line was logged (-Xlog:gc): its cause is on it
      c = new ZgcCycle(cur.gcId, cause(l, m, digits), scope(l, m));
      c.capacity = info.heapMaxBytes;
    }
    c.span.endUptimeS = cur.uptimeS();
    c.span.endEpochMs = cur.epochMs();
    c.span.endLine = l.number();
    if (Double.isNaN(durationMs)) {
      durationMs = c.span.spanMs();
    }
    out.queue(c.toEvent(names.get(l, m, trimEnd(l, m, digits)), heap, durationMs));
    out.release();
    return KNOWN;
  }

  /** "Aborted" collections followed by another collection: the run went on, so they were cancelled. */
  private void releaseAborted() {
    for (GcNotice n : aborted) {
      out.replace(n, new GcNotice(n.gcId(), n.uptimeS(), n.epochMs(), GcNotice.Kind.CYCLE_CANCELLED, n.text(),
          Double.NaN, n.line()));
    }
    aborted.clear();
  }

  /** The open collection of GC id {@code id}, taken off the list; null when none. */
  private ZgcCycle take(long id) {
    for (int k = 0; k < started.size(); k++) {
      if (started.get(k).gcId() == id) {
        return started.remove(k);
      }
    }
    return null;
  }

  /** The cause of the open collection of GC id {@code id} (its pauses' cause), or null. */
  String causeOf(long id) {
    ZgcCycle c = open(id);
    return c == null ? null : c.cause;
  }

  /** The open collection of GC id {@code id}, or null. */
  ZgcCycle open(long id) {
    for (int k = started.size() - 1; k >= 0; k--) {
      if (started.get(k).gcId() == id) {
        return started.get(k);
      }
    }
    return null;
  }

  private static CycleFacts.Scope scope(Line l, int m) {
    if (l.at(m) == 'G') {
      return CycleFacts.Scope.WHOLE_HEAP;
    }
    return l.at(m + 1) == 'i' ? CycleFacts.Scope.MINOR : CycleFacts.Scope.MAJOR;
  }

  /** The cause in the first parentheses of [m, to), or null. */
  private String cause(Line l, int m, int to) {
    int open = l.indexOf('(', m);
    if (open < 0 || open >= to) {
      return null;
    }
    int close = closingParen(l, open);
    return close < 0 || close > to ? null : names.get(l, open + 1, close);
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
