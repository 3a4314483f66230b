package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;
import java.util.function.Consumer;

/**
 * CMS and G1 concurrent phase segments ("[CMS-concurrent-mark: 0.1/0.2 secs]", "[GC
 * concurrent-mark-end, 0.0126 secs]") and the whole cycles they close: a CMS cycle runs from its
 * initial mark to its concurrent reset, a G1 cycle from its initial-mark pause to its
 * concurrent cleanup (or its cleanup pause, when that freed nothing). ConcurrentPhase events
 * carry the time stamp of the line that ended them.
 */
final class ConcurrentCycles {
  private static final String CMS_CYCLE = "CMS Concurrent Cycle";
  private static final String G1_CYCLE = "Concurrent Mark Cycle";
  private static final Ascii CMS_CONCURRENT = Ascii.of("CMS-concurrent-");
  private static final Ascii CONCURRENT_MARK_ABORT = Ascii.of("concurrent-mark-abort");
  private static final Ascii DASH_END = Ascii.of("-end");

  private final Consumer<GcEvent> sink;
  private final NameCache names;
  private final Stamps st;
  private final Deferred deferred;
  private final CollectorDetection col;
  private boolean cmsCycleOpen;
  private double cmsCycleUptime;
  private long cmsCycleEpoch;
  private long cmsCycleGcId;
  private boolean g1CycleOpen;
  private double g1CycleUptime;
  private long g1CycleEpoch;
  private long g1CycleGcId;
  private boolean g1CleanupSeen;
  private double g1CleanupEndUptime;
  private long g1CleanupEndEpoch;
  private double g1CleanupUptime;
  private long g1CleanupEpoch;

  ConcurrentCycles(Consumer<GcEvent> sink, NameCache names, Stamps st, Deferred deferred, CollectorDetection col) {
    this.sink = sink;
    this.names = names;
    this.st = st;
    this.deferred = deferred;
    this.col = col;
  }

  /** A pause was emitted: a CMS initial mark opens a cycle, a full collection ends the open ones. */
  void afterPause(PauseDraft d) {
    if (d.kind == PauseKind.INITIAL_MARK && d.name == RecordReader.CMS_INITIAL_MARK) {
      cmsCycleOpen = true;
      cmsCycleUptime = d.uptimeS;
      cmsCycleEpoch = d.epochMs;
      cmsCycleGcId = d.gcId;
    } else if (d.kind == PauseKind.FULL) {
      cmsCycleOpen = false;
    }
    if (d.g1) {
      g1CycleAfterPause(d);
    }
  }

  /**
   * Reads "[CMS-concurrent-x: cpu/wall secs]" or "[GC concurrent-x-end, t secs]" at {@code i};
   * returns the index after its ']'. Events are deferred when inside a pause record.
   */
  int concurrent(Line t, int i, double up, long ep, boolean defer) {
    int j = i + 1;
    int close = t.indexOf(']', j);
    int end = close < 0 ? t.length() : close + 1;
    if (t.startsWith(CMS_CONCURRENT, j)) {
      col.cmsSeen = true;
      int colon = t.indexOf(':', j);
      if (colon < 0 || (close >= 0 && colon > close)) {
        return end;
      }
      double wall = Double.NaN;
      double cpu = t.parseDouble(t.skipSpaces(colon + 1));
      if (!Double.isNaN(cpu) && t.at(t.end()) == '/') {
        wall = t.parseDouble(t.end() + 1);
      }
      String name = names.get(t, j, colon);
      deferred.add(new ConcurrentPhase(st.gcId, up, ep, name, wall * 1000.0, false, null, st.lineNo), defer);
      if (cmsCycleOpen && name.equals("CMS-concurrent-reset")) {
        cmsCycleOpen = false;
        cycle(CMS_CYCLE, cmsCycleGcId, cmsCycleUptime, cmsCycleEpoch, up, ep);
        if (!defer) {
          deferred.flush();
        }
      }
      return end;
    }
    // "GC concurrent-..."
    int nameStart = j + 3;
    int stop = close < 0 ? t.length() : close;
    int comma = t.indexOf(',', nameStart);
    if (comma < 0 || comma > stop) {
      if (t.startsWith(CONCURRENT_MARK_ABORT, nameStart)) {
        deferred.add(new GcNotice(st.gcId, up, ep, GcNotice.Kind.CONCURRENT_MARK_ABORT, "concurrent-mark-abort",
            Double.NaN, st.lineNo), defer);
        g1CycleOpen = false;
      }
      return end;
    }
    int nameEnd = comma;
    if (t.startsWith(DASH_END, nameEnd - 4)) {
      nameEnd -= 4;
    }
    // the time is the last item: "concurrent-mark-end, 0.0126670 sec]", "..., avg 67.3%, 0.0009256 secs]"
    int last = comma;
    for (int c = t.indexOf(',', comma + 1); c >= 0 && c < stop; c = t.indexOf(',', c + 1)) {
      last = c;
    }
    double secs = t.parseDouble(t.skipSpaces(last + 1));
    if (secs < 0 || Double.isInfinite(secs)) {
      return end; // a negative time is no phase time: the segment is left unread
    }
    String name = names.get(t, nameStart, nameEnd);
    deferred.add(new ConcurrentPhase(st.gcId, up, ep, name, secs * 1000.0, false, null, st.lineNo), defer);
    if (g1CycleOpen && name.equals("concurrent-cleanup")) {
      g1CycleOpen = false;
      cycle(G1_CYCLE, g1CycleGcId, g1CycleUptime, g1CycleEpoch, up, ep);
      if (!defer) {
        deferred.flush();
      }
    }
    return end;
  }

  /**
   * A G1 pause is about to be emitted: a cycle whose cleanup was seen ends before any pause but
   * remark and cleanup.
   */
  void g1CycleBeforePause(PauseDraft d) {
    if (g1CycleOpen && g1CleanupSeen && d.kind != PauseKind.CLEANUP && d.kind != PauseKind.REMARK) {
      endG1Cycle();
    }
  }

  private void g1CycleAfterPause(PauseDraft d) {
    if (d.initialMark) {
      g1CycleOpen = true;
      g1CycleUptime = d.uptimeS;
      g1CycleEpoch = d.epochMs;
      g1CycleGcId = d.gcId;
      g1CleanupSeen = false;
    } else if (d.kind == PauseKind.CLEANUP && g1CycleOpen) {
      g1CleanupSeen = true;
      double s = Double.isNaN(d.secs) ? 0 : d.secs;
      g1CleanupUptime = d.uptimeS;
      g1CleanupEpoch = d.epochMs;
      g1CleanupEndUptime = d.uptimeS + s;
      g1CleanupEndEpoch = d.hasEpoch() ? d.epochMs + Math.round(s * 1000) : GcEvent.NO_EPOCH;
      // G1 runs (and logs) a concurrent cleanup only when the pause found regions to free
      if (!(d.heap[0] >= 0 && d.heap[1] >= 0 && d.heap[0] > d.heap[1])) {
        endG1Cycle();
      }
    } else if (d.kind == PauseKind.FULL) {
      g1CycleOpen = false;
    }
  }

  /** Emits the open G1 cycle as ending with its cleanup pause, when the pause was seen. */
  void endG1Cycle() {
    if (g1CycleOpen && g1CleanupSeen) {
      // stamped like the cleanup pause line, so it does not lie after lines logged later
      double ms = cycleMs(g1CycleUptime, g1CycleEpoch, g1CleanupEndUptime, g1CleanupEndEpoch);
      sink.accept(new ConcurrentPhase(g1CycleGcId, g1CleanupUptime, g1CleanupEpoch, G1_CYCLE, ms, true, null,
          st.lineNo));
    }
    g1CycleOpen = false;
  }

  /** A whole concurrent cycle ending now, deferred until the current record's pause is out. */
  private void cycle(String name, long gcId, double startUp, long startEp, double endUp, long endEp) {
    deferred.defer(new ConcurrentPhase(gcId, endUp, endEp, name, cycleMs(startUp, startEp, endUp, endEp), true,
        null, st.lineNo));
  }

  private static double cycleMs(double startUp, long startEp, double endUp, long endEp) {
    if (!Double.isNaN(startUp) && !Double.isNaN(endUp)) {
      return (endUp - startUp) * 1000.0;
    }
    if (startEp != GcEvent.NO_EPOCH && endEp != GcEvent.NO_EPOCH) {
      return endEp - startEp;
    }
    return Double.NaN;
  }
}
