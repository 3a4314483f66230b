package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import java.util.function.Consumer;

/**
 * Emits the pauses read: a pause whose record has no "[Times: ...]" is held ({@link #pending})
 * until the next line, which may carry its details (G1 phase lines, "[Eden: ...]", " [Times:
 * ...]", tenuring); any other line emits it. Emitting a pause also tells the concurrent cycles
 * and the collector detection about it.
 */
final class Pauses {
  private final Consumer<GcEvent> sink;
  private final Deferred deferred;
  private final TenuringLines tenuring;
  private final ConcurrentCycles cycles;
  private final CollectorDetection col;
  /** The pause of the record being read, or held for details. */
  final PauseDraft draft = new PauseDraft();
  /** For records read beside it: nested young collections, Shenandoah concurrent phases, trailers (reset before each use). */
  @io.jtune.gc.parser.NotState
  final PauseDraft scratch = new PauseDraft();
  /** A complete pause ({@link #draft}) waits for details on the next lines. */
  boolean pending;
  /** The G1 per-worker phase (JDK 6/7) whose values come on the next line, or null. */
  String pendingPhaseKey;

  Pauses(Consumer<GcEvent> sink, Deferred deferred, TenuringLines tenuring, ConcurrentCycles cycles,
      CollectorDetection col) {
    this.sink = sink;
    this.deferred = deferred;
    this.tenuring = tenuring;
    this.cycles = cycles;
    this.col = col;
  }

  /** A record was read: what it deferred goes out now, unless its pause is held for details. */
  void recordRead() {
    if (!pending) {
      deferred.flush();
    }
  }

  /** Emits the pause held for details, then what was deferred behind it. */
  void flushPending() {
    pending = false;
    pendingPhaseKey = null;
    emitPause(draft);
    deferred.flush();
    // the next record resets the draft before it reads into it: what stays in it is nothing
    // (cleared so that two parsers that read alike are alike, for parallel reading)
    draft.reset(-1, Double.NaN, GcEvent.NO_EPOCH, 0);
  }

  /**
   * Sends a pause (with the tenuring read before it) and tells the cycles and the collector
   * detection.
   */
  void emitPause(PauseDraft d) {
    if (d == draft) {
      tenuring.attach(d);
    }
    if (d.g1) {
      cycles.g1CycleBeforePause(d);
    }
    GcPause pause = d.toPause();
    sink.accept(pause);
    if (!col.collectorFromRecords) {
      col.inferCollector(d);
    }
    cycles.afterPause(d);
  }
}
