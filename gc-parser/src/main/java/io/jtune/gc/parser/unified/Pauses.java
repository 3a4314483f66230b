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
  /** G1's region size as inferred from a pause's heap use per region, when the log does not state it; -1 until then. */
  private long inferredRegionBytes = -1;
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
      out.queue(p.toEvent(info.regionBytes > 0 ? info.regionBytes : inferRegionBytes(p)));
    }
    out.release();
  }

  /**
   * G1's region size when the log does not state it (a log whose start was cut off, or rotated):
   * a pause's heap use before it over the regions in use before it is at most the region size
   * and, with eden's regions full when a young pause starts, more than half of it; the size is a
   * power of two from 1 MB (G1's smallest) to 512 MB. Taken from the first pause with at least 4
   * regions in use, then kept; -1 until one comes.
   */
  private long inferRegionBytes(PendingPause p) {
    if (inferredRegionBytes > 0 || p.regions == null || p.heap == null || p.heap.before() <= 0) {
      return inferredRegionBytes;
    }
    long inUse = 0;
    for (int area = PendingPause.EDEN; area <= PendingPause.ARCHIVE; area++) {
      inUse += Math.max(0, p.regions[area * 3]);
    }
    if (inUse < 4) {
      return -1;
    }
    long perRegion = (p.heap.before() + inUse - 1) / inUse;
    long size = Long.highestOneBit(perRegion);
    if (size < perRegion) {
      size <<= 1;
    }
    inferredRegionBytes = Math.min(512L << 20, Math.max(1L << 20, size));
    return inferredRegionBytes;
  }
}
