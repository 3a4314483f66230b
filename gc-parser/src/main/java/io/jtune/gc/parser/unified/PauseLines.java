package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Fields.closingParen;
import static io.jtune.gc.parser.unified.Fields.is;
import static io.jtune.gc.parser.unified.Outcome.BROKEN;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;

/**
 * "Pause ..." lines of every collector: the start line and the summary line (with heap and
 * duration) of a pause. Their name tells the kind (Young, Full, Remark, Cleanup, Mixed, Initial
 * Mark; Shenandoah's Init/Final Mark and Degenerated GC; ZGC's Mark Start, Mark End and Relocate
 * Start), the
 * parenthesised groups the cause and G1's mixed and concurrent-start variants.
 */
final class PauseLines {
  private static final Ascii EVACUATION_FAILURE = Ascii.of("Evacuation Failure");
  // the names and groups a pause line is compared with (bytes: no String.charAt per character under C1)
  private static final Ascii YOUNG = Ascii.of("Young");
  private static final Ascii FULL = Ascii.of("Full");
  private static final Ascii REMARK = Ascii.of("Remark");
  private static final Ascii CLEANUP = Ascii.of("Cleanup");
  private static final Ascii MIXED = Ascii.of("Mixed");
  private static final Ascii INITIAL_MARK = Ascii.of("Initial Mark");
  private static final Ascii INIT_MARK = Ascii.of("Init Mark");
  private static final Ascii FINAL_MARK = Ascii.of("Final Mark");
  private static final Ascii MARK_START = Ascii.of("Mark Start");
  private static final Ascii MARK_END = Ascii.of("Mark End");
  private static final Ascii RELOCATE_START = Ascii.of("Relocate Start");
  private static final Ascii DEGENERATED_GC = Ascii.of("Degenerated GC");
  private static final Ascii NORMAL = Ascii.of("Normal");
  private static final Ascii CONCURRENT_START = Ascii.of("Concurrent Start");
  private static final Ascii PREPARE_MIXED = Ascii.of("Prepare Mixed");

  private final CurrentLine cur;
  private final Fields fields;
  private final NameCache names;
  private final JvmInfoLines info;
  private final Pauses pauses;
  private final CycleLines cycles;
  private final ZgcLines zgc;

  PauseLines(CurrentLine cur, Fields fields, NameCache names, JvmInfoLines info, Pauses pauses, CycleLines cycles,
      ZgcLines zgc) {
    this.cur = cur;
    this.fields = fields;
    this.names = names;
    this.info = info;
    this.pauses = pauses;
    this.cycles = cycles;
    this.zgc = zgc;
  }

  /** A "Pause ..." line: the start or the summary of a pause. */
  int pause(Line l, int m) {
    int n = l.length();
    int base = m + 6;
    int i = base;
    while (i < n) {
      char c = l.charAt(i);
      if (c == '(' || Line.isDigit(c) && l.charAt(i - 1) == ' ') {
        break;
      }
      i++;
    }
    int baseEnd = i;
    while (baseEnd > base && l.charAt(baseEnd - 1) == ' ') {
      baseEnd--;
    }
    int baseLen = baseEnd - base;
    PauseKind kind;
    boolean causes;
    boolean degenerated = false;
    boolean shenandoahOrZ = false;
    if (is(l, base, baseLen, YOUNG)) {
      kind = PauseKind.YOUNG;
      causes = true;
    } else if (is(l, base, baseLen, FULL)) {
      kind = PauseKind.FULL;
      causes = true;
    } else if (is(l, base, baseLen, REMARK)) {
      kind = PauseKind.REMARK;
      causes = true;
    } else if (is(l, base, baseLen, CLEANUP)) {
      kind = PauseKind.CLEANUP;
      causes = true;
    } else if (is(l, base, baseLen, MIXED)) {
      kind = PauseKind.MIXED;
      causes = true;
    } else if (is(l, base, baseLen, INITIAL_MARK)) {
      kind = PauseKind.INITIAL_MARK; // CMS; G1 (JDK 9/10) is told apart by its cause below
      causes = true;
    } else {
      causes = false;
      shenandoahOrZ = true;
      if (l.at(base) == 'M' || l.at(base) == 'R') {
        info.inferCollector(Collector.ZGC);
      }
      if (is(l, base, baseLen, INIT_MARK)) {
        kind = PauseKind.INITIAL_MARK;
      } else if (is(l, base, baseLen, FINAL_MARK)) {
        kind = PauseKind.REMARK;
      } else if (is(l, base, baseLen, MARK_START)) {
        kind = PauseKind.MARK_START;
      } else if (is(l, base, baseLen, MARK_END)) {
        kind = PauseKind.MARK_END;
      } else if (is(l, base, baseLen, RELOCATE_START)) {
        kind = PauseKind.RELOCATE_START;
      } else if (is(l, base, baseLen, DEGENERATED_GC)) {
        kind = PauseKind.DEGENERATED;
        degenerated = true;
      } else {
        kind = PauseKind.OTHER;
      }
      if (l.at(base) == 'I' || l.at(base) == 'F' || degenerated) {
        info.inferCollector(Collector.SHENANDOAH);
      }
    }
    int nameEnd = baseEnd;
    int causeFrom = -1;
    int causeTo = -1;
    boolean mixed = false;
    boolean evacuationFailure = false;
    while (i < n && l.charAt(i) == '(') {
      int close = closingParen(l, i);
      if (close < 0) {
        return BROKEN;
      }
      int gs = i + 1;
      int gl = close - gs;
      if (!causes || is(l, gs, gl, NORMAL) || is(l, gs, gl, CONCURRENT_START)
          || is(l, gs, gl, PREPARE_MIXED) || is(l, gs, gl, INITIAL_MARK)) {
        nameEnd = close + 1;
      } else if (is(l, gs, gl, MIXED)) {
        nameEnd = close + 1;
        mixed = true;
      } else if (l.startsWith(EVACUATION_FAILURE, gs)) {
        evacuationFailure = true;
      } else {
        causeFrom = gs;
        causeTo = close;
      }
      i = l.skipSpaces(close + 1);
    }
    MemoryUsage heap = null;
    double durationMs = Double.NaN;
    if (i < n) {
      if (!Line.isDigit(l.charAt(i))) {
        return BROKEN;
      }
      heap = fields.usage(l, i);
      if (heap != null) {
        i = l.skipSpaces(fields.pos);
      }
      if (i < n) {
        durationMs = fields.duration(l, i);
        if (Double.isNaN(durationMs) || fields.pos != n) {
          return BROKEN;
        }
      }
    }
    String cause = causeFrom < 0 ? null : names.get(l, causeFrom, causeTo);
    if (cause != null && cause.startsWith("G1 ")) {
      info.inferCollector(Collector.G1);
    } else if ("Ergonomics".equals(cause)) { // the adaptive size policy's cause: only Parallel has it
      info.inferCollector(Collector.PARALLEL);
    }
    if (kind == PauseKind.YOUNG && mixed) {
      kind = PauseKind.MIXED;
    } else if (kind == PauseKind.INITIAL_MARK && causes) {
      if (cause != null && cause.startsWith("G1")) {
        kind = PauseKind.YOUNG;
      } else {
        info.inferCollector(Collector.PARNEW_CMS);
      }
    }
    String name = names.get(l, cur.nameStart, nameEnd);
    boolean summary = !Double.isNaN(durationMs);
    pauses.dropOrFlushOthers(cur.gcId);
    PendingPause p = pauses.find(cur.gcId);
    if (p != null && (p.complete || summary && p.name != null && !p.name.equals(name))) {
      if (p.complete) {
        pauses.emit(p);
      } else {
        pauses.list.remove(p);
      }
      p = null;
    }
    if (p == null) {
      p = new PendingPause(cur.gcId);
      pauses.list.add(p);
    }
    if (p.name == null) {
      if (summary) {
        // a pause logged as longer than the JVM had run did not start before JVM start
        p.startUptimeS = Math.max(0, cur.uptimeS() - durationMs / 1000);
        p.startEpochMs = cur.epochMs() == GcEvent.NO_EPOCH ? cur.epochMs() : cur.epochMs() - Math.round(durationMs);
      } else {
        p.startUptimeS = cur.uptimeS();
        p.startEpochMs = cur.epochMs();
      }
      p.startLine = l.number();
    }
    p.name = name;
    p.kind = kind;
    anomalies(p, cause);
    // a ZGC pause's cause is its collection's (on the collection's start line); it adds no anomaly
    // of its own: the collection is counted once, not per pause
    PendingCycle cycle = cycles.cycleFor(kind == PauseKind.INITIAL_MARK && causes);
    // a Shenandoah cycle's pauses take its cause too (the "Trigger:" line before the cycle)
    p.cause = cause != null || !shenandoahOrZ ? cause : cycle != null ? cycle.cause : zgc.causeOf(cur.gcId);
    if (evacuationFailure) {
      p.anomalies.add(Anomaly.EVACUATION_FAILURE);
    }
    if (degenerated) {
      p.anomalies.add(Anomaly.ALLOCATION_FAILURE_DEGENERATED);
    }
    if (cycle != null) {
      cycle.cover(cur.uptimeS(), cur.epochMs(), summary ? durationMs : Double.NaN, l.number());
      cycle.heap(heap);
    }
    if (summary) {
      p.durationMs = durationMs;
      p.heap = heap;
      p.complete = true;
      if (shenandoahOrZ) {
        pauses.emit(p); // ZGC and Shenandoah log no gc,cpu line after their pauses
      }
    }
    return KNOWN;
  }

  private static void anomalies(PendingPause p, String cause) {
    if (cause == null) {
      return;
    }
    switch (cause) {
      case "G1 Humongous Allocation" -> p.anomalies.add(Anomaly.HUMONGOUS_ALLOCATION);
      case "System.gc()" -> p.anomalies.add(Anomaly.SYSTEM_GC);
      case "Metadata GC Threshold" -> p.anomalies.add(Anomaly.METADATA_THRESHOLD);
      case "GCLocker Initiated GC" -> p.anomalies.add(Anomaly.GC_LOCKER);
      default -> { }
    }
  }
}
