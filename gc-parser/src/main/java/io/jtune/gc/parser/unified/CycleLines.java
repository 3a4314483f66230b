package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Fields.firstNumberToken;
import static io.jtune.gc.parser.unified.Fields.trimEnd;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;
import static io.jtune.gc.parser.unified.Outcome.UNKNOWN;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;
import io.jtune.gc.parser.ShenandoahTrigger;
import java.util.List;

/**
 * Concurrent phase lines ("Concurrent Mark 12.345ms") and the cycles they make: G1 logs its cycle as a line of its own; CMS and
 * Shenandoah cycles are only visible as a run of phases and pauses, gathered here into one
 * whole-cycle event. Also Shenandoah's "Cancelling GC" lines.
 */
final class CycleLines {
  /** Name of the whole-cycle event of CMS and Shenandoah, whose logs have no cycle line. */
  private static final String CYCLE = "Concurrent Cycle";
  private static final Ascii CONCURRENT_MARK_CYCLE = Ascii.of("Concurrent Mark Cycle");
  private static final Ascii CONCURRENT_UNDO_CYCLE = Ascii.of("Concurrent Undo Cycle");
  private static final Ascii CONCURRENT_CYCLE = Ascii.of("Concurrent Cycle");
  private static final Ascii CONCURRENT_RESET = Ascii.of("Concurrent Reset");
  private static final Ascii COLON_SPACE = Ascii.of(": ");
  private static final Ascii GC_KEY = Ascii.of("GC");

  private final CurrentLine cur;
  private final Fields fields;
  private final NameCache names;
  private final JvmInfoLines info;
  private final EventOrder out;
  private final GenerationLabels labels = new GenerationLabels();
  /** The CMS and Shenandoah cycles being read; {@link EventOrder} holds later events back. */
  private final List<PendingCycle> cycles;
  /** The cause of the "Trigger:" line not yet taken by the Shenandoah cycle it started, or null. */
  private String trigger;

  CycleLines(CurrentLine cur, Fields fields, NameCache names, JvmInfoLines info, EventOrder out,
      List<PendingCycle> cycles) {
    this.cur = cur;
    this.fields = fields;
    this.names = names;
    this.info = info;
    this.out = out;
    this.cycles = cycles;
  }

  /** The source ended: a Shenandoah cycle still open is over. */
  void endOfSource() {
    for (PendingCycle c : cycles) {
      if (c.hasConcurrentPhase && info.isShenandoah()) {
        out.queue(c.toEvent(CYCLE, c.spanMs()));
      }
    }
    cycles.clear();
  }

  /**
   * Where the phase name ends before a group of start and end times such as G1's "Concurrent Mark
   * (4.570s, 4.577s)" (the times are not part of the name), else {@code to}.
   */
  private static int timesGroupStart(Line l, int from, int to) {
    int e = trimEnd(l, from, to);
    if (e - from < 4 || l.charAt(e - 1) != ')' || l.charAt(e - 2) != 's') {
      return to;
    }
    for (int i = e - 2; i > from; i--) {
      if (l.charAt(i) == '(') {
        return Line.isDigit(l.charAt(i + 1)) ? i : to;
      }
    }
    return to;
  }

  /**
   * A "Concurrent ..." line: a phase, sent when the line ends with its duration (named with its
   * generation in generational ZGC: "young (minor): Concurrent Mark"); extends the open CMS or
   * Shenandoah cycle.
   */
  int concurrent(Line l, int m) {
    int n = l.length();
    int sp = l.lastIndexOf(' ');
    double durationMs = sp > m ? fields.duration(l, sp + 1) : Double.NaN;
    if (!Double.isNaN(durationMs) && fields.pos != n) {
      durationMs = Double.NaN;
    }
    boolean end = !Double.isNaN(durationMs);
    int nameEnd = timesGroupStart(l, m, end ? sp : n);
    MemoryUsage heap = null;
    int digits = firstNumberToken(l, m, nameEnd);
    if (digits > 0) {
      heap = fields.usage(l, digits);
      nameEnd = digits - 1;
    }
    boolean g1Cycle = l.startsWith(CONCURRENT_MARK_CYCLE, m) || l.startsWith(CONCURRENT_UNDO_CYCLE, m)
        || l.startsWith(CONCURRENT_CYCLE, m) && nameEnd - m == 16;
    if (g1Cycle && l.at(m + 11) != 'C') {
      info.inferCollector(Collector.G1); // Mark or Undo Cycle
    }
    PendingCycle cycle = g1Cycle ? null : cycleFor(false);
    if (cycle != null) {
      cycle.hasConcurrentPhase = true;
      cycle.cover(cur.uptimeS(), cur.epochMs(), durationMs, l.number());
      cycle.heap(heap);
    }
    if (!end) {
      return KNOWN;
    }
    String name = labels.name(cur.generation, names.get(l, cur.nameStart, trimEnd(l, m, nameEnd)));
    out.queue(new ConcurrentPhase(cur.gcId, cur.uptimeS(), cur.epochMs(), name, durationMs, g1Cycle,
        heap == null ? null : HeapChange.heapOnly(heap), l.number()));
    if (cycle != null && info.isCms() && l.startsWith(CONCURRENT_RESET, m)) {
      cycles.remove(cycle);
      out.queue(cycle.toEvent(CYCLE, cycle.spanMs()));
    }
    out.release();
    return KNOWN;
  }

  /**
   * The cycle the current line belongs to, for collectors whose cycles are only visible as a
   * run of phases (CMS, Shenandoah); null for the others. A CMS cycle begins with its initial
   * mark; a Shenandoah cycle with the first line of its GC id, and ends when a later id starts.
   */
  PendingCycle cycleFor(boolean cmsInitialMark) {
    if (cur.gcId < 0) {
      return null;
    }
    boolean shenandoah = info.isShenandoah();
    if (!shenandoah && !info.isCms()) {
      return null;
    }
    for (int k = 0; k < cycles.size(); k++) {
      PendingCycle c = cycles.get(k);
      if (c.gcId == cur.gcId) {
        return c;
      }
    }
    if (shenandoah) {
      for (int k = cycles.size() - 1; k >= 0; k--) {
        PendingCycle c = cycles.get(k);
        if (c.gcId < cur.gcId) {
          cycles.remove(k);
          if (c.hasConcurrentPhase) {
            out.queue(c.toEvent(CYCLE, c.spanMs()));
          }
        }
      }
    } else if (!cmsInitialMark) {
      return null;
    } else {
      cycles.removeIf(c -> c.gcId < cur.gcId - 1000);
    }
    PendingCycle c = new PendingCycle(cur.gcId);
    if (shenandoah) {
      c.cause = trigger;
      trigger = null;
    }
    cycles.add(c);
    return c;
  }

  /**
   * Shenandoah's "Trigger: ..." (the text from {@code from}): the cause of the cycle it starts,
   * the next GC id's (or this line's, when it has one).
   */
  int trigger(Line l, int from) {
    String cause = ShenandoahTrigger.cause(l.substring(from, l.length()));
    if (cur.gcId >= 0) {
      PendingCycle c = cycleFor(false);
      if (c != null && c.cause == null) {
        c.cause = cause;
      }
    } else {
      trigger = cause;
    }
    return KNOWN;
  }

  /**
   * Shenandoah "Cancelling GC: Allocation Failure", "Cancelling concurrent GC: System.gc()": a
   * cancelled cycle; "Cancelling GC: Stopping VM": a cycle cut off by the JVM's exit.
   */
  int cancelled(Line l, int m) {
    int colon = l.indexOf(COLON_SPACE, m);
    if (colon < 0 || !l.startsWith(GC_KEY, colon - 2)) {
      return UNKNOWN;
    }
    info.inferCollector(Collector.SHENANDOAH);
    String reason = names.get(l, colon + 2, l.length());
    // "Cancelling GC: Stopping VM": the JVM exits while the cycle runs; no race with allocation was lost
    GcNotice.Kind kind = reason.equals("Stopping VM") ? GcNotice.Kind.CYCLE_CUT_OFF : GcNotice.Kind.CYCLE_CANCELLED;
    out.queue(new GcNotice(cur.gcId, cur.uptimeS(), cur.epochMs(), kind, reason, Double.NaN, l.number()));
    out.release();
    return KNOWN;
  }
}
