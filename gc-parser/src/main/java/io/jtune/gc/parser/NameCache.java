package io.jtune.gc.parser;

import io.jtune.gc.input.Line;

/**
 * Interned Strings for names read from log lines (pause names, causes, phase keys): the same
 * bytes always give the same String, and a name seen before costs no allocation.
 */
public final class NameCache {
  /*
   * Open addressing over a power-of-two table keyed by a hash of the bytes; a hit is confirmed
   * by comparing the bytes with the ones the name was made from. A GC log has a few hundred
   * distinct names at most, so the table never needs to grow far; more than half full, it doubles.
   */
  private String[] names = new String[512];
  private byte[][] keys = new byte[512][];
  private int size;

  /** The String for {@code line[from, to)}, made once per distinct name. */
  public String get(Line line, int from, int to) {
    int mask = names.length - 1;
    for (int slot = spread(line.hash(from, to)) & mask; ; slot = (slot + 1) & mask) {
      byte[] key = keys[slot];
      if (key == null) {
        String made = line.substring(from, to);
        names[slot] = made;
        keys[slot] = line.bytes(from, to);
        if (++size * 2 > names.length) {
          grow();
        }
        return made;
      }
      if (key.length == to - from && line.regionEquals(from, key)) {
        return names[slot];
      }
    }
  }

  private static int spread(int h) {
    return h ^ (h >>> 16);
  }

  private void grow() {
    String[] oldNames = names;
    byte[][] oldKeys = keys;
    names = new String[oldNames.length * 2];
    keys = new byte[names.length][];
    int mask = names.length - 1;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != null) {
        int slot = spread(Line.hash(oldKeys[i])) & mask;
        while (keys[slot] != null) {
          slot = (slot + 1) & mask;
        }
        keys[slot] = oldKeys[i];
        names[slot] = oldNames[i];
      }
    }
  }
}
