package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Outcome.KNOWN;
import static io.jtune.gc.parser.unified.Outcome.UNKNOWN;

import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.input.Line;

/**
 * The rows of a ZGC collection's statistics tables ({@code gc,heap}) that say what the
 * collection found and did: "Capacity:", "Live:", "Allocated:", "Reclaimed:", "Promoted:",
 * added to the open collection of the line's GC id.
 */
final class ZgcStatistics {
  private final CurrentLine cur;
  private final ZgcLines zgc;

  ZgcStatistics(CurrentLine cur, ZgcLines zgc) {
    this.cur = cur;
    this.zgc = zgc;
  }

  /**
   * A row of a collection's statistics table: "Capacity:", "Live:", "Allocated:", "Reclaimed:",
   * "Promoted:" followed by one column per point of the cycle (Mark Start, Mark End, Relocate
   * Start, Relocate End, ...), each "-" or "26M (10%)". {@code at} is where the numbers start.
   */
  int row(Line l, int m, int at) {
    ZgcCycle c = zgc.open(cur.gcId);
    if (c == null) {
      return UNKNOWN;
    }
    int generation = cur.generation == 'O' ? ZgcCycle.OLD : ZgcCycle.YOUNG;
    switch (l.at(m)) {
      case 'C' -> {
        long v = column(l, at, 4);
        if (v > 0) {
          c.capacity = v;
        }
      }
      case 'L' -> c.live(generation, column(l, at, 2));
      case 'A' -> {
        if (generation == ZgcCycle.YOUNG) { // the old generation's row counts what was moved into it
          c.allocated = column(l, at, 4);
        }
      }
      case 'R' -> c.reclaimed(generation, column(l, at, 4));
      case 'P' -> c.promoted = column(l, at, 4);
      default -> {
        return UNKNOWN;
      }
    }
    return KNOWN;
  }

  /** The size in column {@code k} (1-based) of a statistics row, or UNKNOWN ("-" or unreadable). */
  private static long column(Line l, int at, int k) {
    int n = l.length();
    int i = at;
    for (int col = 1; col <= k; col++) {
      i = l.skipSpaces(i);
      if (i >= n) {
        return MemoryUsage.UNKNOWN;
      }
      long v;
      if (l.charAt(i) == '-') {
        v = MemoryUsage.UNKNOWN;
        i++;
      } else {
        v = l.parseSize(i);
        if (v < 0) {
          return MemoryUsage.UNKNOWN;
        }
        i = l.skipSpaces(l.end());
        if (l.at(i) == '(') {
          int close = l.indexOf(')', i);
          i = close < 0 ? n : close + 1;
        }
      }
      if (col == k) {
        return v;
      }
    }
    return MemoryUsage.UNKNOWN;
  }
}
