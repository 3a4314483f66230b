package io.jtune.gc.parser.jdk8;

import static io.jtune.gc.parser.jdk8.BodyScanner.OUTER;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;
import io.jtune.gc.parser.ShenandoahTrigger;
import java.util.function.Consumer;

/**
 * JDK 8 Shenandoah records: "[Pause Init Mark, 3.341 ms]" and "[Concurrent marking 1M->1M(8M), 2.3 ms]",
 * and the "Trigger: ..." line the control thread logs before each cycle: JDK 8 logs have no GC
 * ids to tie a cycle's pauses and phases together, so each one after a trigger takes its cause
 * until the next trigger (a pause that names its own cause, "Pause Full (System.gc())", keeps it).
 */
final class ShenandoahRecords {
  private final Consumer<GcEvent> sink;
  private final NameCache names;
  private final Stamps st;
  private final Pauses pauses;
  private final BodyScanner scan;
  private final CollectorDetection col;
  /** The cause of the last "Trigger:" line: the cycle under way, or null before the first. */
  private String trigger;

  ShenandoahRecords(Consumer<GcEvent> sink, NameCache names, Stamps st, Pauses pauses, BodyScanner scan,
      CollectorDetection col) {
    this.sink = sink;
    this.names = names;
    this.st = st;
    this.pauses = pauses;
    this.scan = scan;
    this.col = col;
  }

  /** End of a name like "Pause Init Mark (process weakrefs), 3.341 ms": before " (", ',' or " 1". */
  private static int shenandoahNameEnd(Line t, int j) {
    int n = t.length();
    for (int i = j; i < n; i++) {
      char c = t.charAt(i);
      if (c == ',' || c == ']') {
        return i;
      }
      if (c == ' ' && (t.at(i + 1) == '(' || Line.isDigit(t.at(i + 1)))) {
        return i;
      }
    }
    return n;
  }

  /** A "Trigger: ..." line ({@code from}: where its text starts): the cause of the cycle it starts. */
  void trigger(Line t, int from) {
    trigger = ShenandoahTrigger.cause(t.substring(from, t.length()));
    if (!col.collectorKnown) {
      col.collector(Collector.SHENANDOAH);
    }
  }

  /** A "[Pause ..." record; false when it has no duration. */
  boolean pause(Line t, int j) {
    int nameEnd = shenandoahNameEnd(t, j);
    int close = t.indexOf(']', j);
    if (close > 0 && t.startsWith(", start", close - 7)) {
      return true;
    }
    PauseDraft d = pauses.draft;
    if (pauses.pending) {
      pauses.flushPending();
    }
    d.reset(st.gcId, st.uptime, st.epoch, st.lineNo);
    d.name = names.get(t, j, nameEnd);
    if (t.startsWith("Pause Init Mark", j)) {
      d.kind = PauseKind.INITIAL_MARK;
    } else if (t.startsWith("Pause Final Mark", j)) {
      d.kind = PauseKind.REMARK;
    } else if (t.startsWith("Pause Full", j)) {
      d.kind = PauseKind.FULL;
      if (t.at(nameEnd) == ' ' && t.at(nameEnd + 1) == '(' && !Character.isLowerCase(t.at(nameEnd + 2))) {
        int cp = RecordReader.closeParen(t, nameEnd + 1);
        if (cp > 0) {
          d.cause = names.get(t, nameEnd + 2, cp);
          RecordReader.causeAnomaly(d);
        }
      }
    } else if (t.startsWith("Pause Degenerated", j)) {
      d.kind = PauseKind.DEGENERATED;
      d.anomalies.add(Anomaly.ALLOCATION_FAILURE_DEGENERATED);
    } else {
      d.kind = PauseKind.OTHER;
    }
    scan.scanBody(t, nameEnd, OUTER, d);
    if (Double.isNaN(d.secs)) {
      return false;
    }
    if (d.cause == null) {
      d.cause = trigger;
    }
    if (!col.collectorKnown) {
      col.collector(Collector.SHENANDOAH);
    }
    pauses.emitPause(d);
    return true;
  }

  /** A "[Concurrent ..." record; false when it has no duration. */
  boolean concurrent(Line t, int j) {
    int close = t.indexOf(']', j);
    if (close > 0 && t.startsWith(", start", close - 7)) {
      return true;
    }
    int nameEnd = shenandoahNameEnd(t, j);
    PauseDraft d = pauses.scratch;
    d.reset(st.gcId, st.uptime, st.epoch, st.lineNo);
    scan.scanBody(t, nameEnd, OUTER, d);
    if (Double.isNaN(d.secs)) {
      return false;
    }
    HeapChange mem = PauseDraft.known(d.heap)
        ? HeapChange.heapOnly(new MemoryUsage(d.heap[0], d.heap[1], d.heap[2])) : null;
    sink.accept(new ConcurrentPhase(st.gcId, st.uptime, st.epoch, names.get(t, j, nameEnd), d.secs * 1000.0,
        false, mem, st.lineNo, null, trigger));
    return true;
  }
}
