package io.jtune.core.parser.jdk8;

import io.jtune.core.input.Line;

/**
 * A table of the names, causes and phase keys a log repeats, so that a name is turned into a
 * String once per log rather than once per event.
 */
final class NameCache {
  /*
   * Open addressing over a power-of-two table keyed by a hash of the bytes; a hit is confirmed
   * by comparing the bytes with the cached String. A log uses a few dozen distinct names, so
   * the table never fills; past half full it simply stops caching.
   */
  private final String[] table = new String[512];
  private int size;

  /** The characters {@code [from, to)} of {@code t} as a String, shared with earlier calls. */
  String get(Line t, int from, int to) {
    int h = 0;
    for (int i = from; i < to; i++) {
      h = 31 * h + t.charAt(i);
    }
    int mask = table.length - 1;
    int slot = (h ^ (h >>> 16)) & mask;
    while (true) {
      String s = table[slot];
      if (s == null) {
        String created = t.substring(from, to);
        if (size < table.length / 2) {
          table[slot] = created;
          size++;
        }
        return created;
      }
      if (s.length() == to - from && t.startsWith(s, from)) {
        return s;
      }
      slot = (slot + 1) & mask;
    }
  }
}
