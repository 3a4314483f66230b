package io.jtune.core.parser.unified;

import io.jtune.core.input.Line;

/**
 * Interned Strings for names read from log lines (pause names, causes, phase names): the same
 * characters always give the same String, and a name seen before costs no allocation.
 */
final class NameCache {
  /*
   * Open addressing over a power-of-two table. A GC log has a few hundred distinct names at
   * most, so the table never needs to grow far; once it is more than half full it doubles.
   */
  private String[] table = new String[512];
  private int size;

  /** The String for {@code line[from, to)}, made once per distinct name. */
  String get(Line line, int from, int to) {
    int len = to - from;
    int h = 0;
    for (int i = from; i < to; i++) {
      h = 31 * h + line.charAt(i);
    }
    h ^= h >>> 16;
    int mask = table.length - 1;
    for (int slot = h & mask; ; slot = (slot + 1) & mask) {
      String s = table[slot];
      if (s == null) {
        String made = line.substring(from, to);
        table[slot] = made;
        if (++size * 2 > table.length) {
          grow();
        }
        return made;
      }
      if (s.length() == len && line.startsWith(s, from)) {
        return s;
      }
    }
  }

  private void grow() {
    String[] old = table;
    table = new String[old.length * 2];
    int mask = table.length - 1;
    for (String s : old) {
      if (s != null) {
        int h = s.hashCode();
        h ^= h >>> 16;
        int slot = h & mask;
        while (table[slot] != null) {
          slot = (slot + 1) & mask;
        }
        table[slot] = s;
      }
    }
  }
}
