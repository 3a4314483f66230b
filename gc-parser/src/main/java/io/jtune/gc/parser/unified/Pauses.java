package io.jtune.gc.parser.unified;

import java.util.ArrayList;
import java.util.List;

/**
 * The pauses being read, by GC id, and when each is over: a pause is emitted once its summary
 * line and the cpu line after it were read, or, without a cpu line, when the next pause, a
 * safepoint line or another line of the same GC id comes.
 */
final class Pauses {
  private final CurrentLine cur;
  private final JvmInfoLines info;
  private final EventOrder out;
  /** The pauses being read; {@link EventOrder} holds events back while there are some. */
  final List<PendingPause> list;

  Pauses(CurrentLine cur, JvmInfoLines info, EventOrder out, List<PendingPause> list) {
    this.cur = cur;
    this.info = info;
    this.out = out;
    this.list = list;
  }

  /** The pause being read for GC id {@code id}, or null. */
  PendingPause find(long id) {
    for (int k = 0; k < list.size(); k++) {
      PendingPause p = list.get(k);
      if (p.gcId == id) {
        return p;
      }
    }
    return null;
  }

  /** A pending pause for the current GC id that detail lines can attach to (made if needed). */
  PendingPause detail() {
    PendingPause p = find(cur.gcId);
    if (p == null) {
      p = new PendingPause(cur.gcId);
      p.startUptimeS = cur.uptimeS();
      p.startEpochMs = cur.epochMs();
      p.startLine = cur.number();
      list.add(p);
    }
    return p;
  }

  /** The newest pause whose summary was not read yet, or null. */
  PendingPause lastOpen() {
    for (int k = list.size() - 1; k >= 0; k--) {
      if (!list.get(k).complete) {
        return list.get(k);
      }
    }
    return null;
  }

  /** Another line of GC id {@code id} (not its cpu line) came: a pause of that id whose summary was read is over. */
  void emitIfComplete(long id) {
    PendingPause done = find(id);
    if (done != null && done.complete) {
      emit(done);
    }
  }

  /**
   * A pause line of GC id {@code id} was read: pauses of other ids whose summary was read are
   * over (emit). Unfinished ones are kept only for the id just before (a young pause that turns
   * into a full one inside the same safepoint logs GC(N) around GC(N+1)); older ones were cut
   * off (dropped).
   */
  void dropOrFlushOthers(long id) {
    for (int k = list.size() - 1; k >= 0; k--) {
      PendingPause p = list.get(k);
      if (p.gcId != id) {
        if (p.complete) {
          emit(p);
        } else if (p.gcId != id - 1) {
          list.remove(k);
        }
      }
    }
    out.release();
  }

  /** Emits every pause whose summary was read (used when something else starts). */
  void flushComplete() {
    for (int k = list.size() - 1; k >= 0; k--) {
      PendingPause p = list.get(k);
      if (p.complete) {
        emit(p);
      }
    }
  }

  /** The source ended: emits the pauses whose summary was read, drops the others. */
  void endOfSource() {
    for (PendingPause p : list.toArray(new PendingPause[0])) {
      if (p.complete) {
        emit(p);
      }
    }
    list.clear();
  }

  /** The pause is over: sends it (if its start or summary line was read). */
  void emit(PendingPause p) {
    list.remove(p);
    if (p.name != null) {
      out.queue(p.toEvent(info.regionBytes));
    }
    out.release();
  }
}
