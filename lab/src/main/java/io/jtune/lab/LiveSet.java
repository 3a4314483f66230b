package io.jtune.lab;

import java.util.HashMap;
import java.util.Map;

/**
 * Data the lab keeps for its whole life, as a real service keeps a cache or a session store:
 * {@code --live-mb N} fills a {@link HashMap} at startup with about N MiB of small entries
 * (a scattered {@code Long} key and a {@value #PAYLOAD_BYTES}-byte value each) and never lets
 * it go. It ends up in the old generation, where every Full GC must mark it, chasing the
 * pointers from the table to each node, key and value, and (Serial, Parallel) compact it: the
 * cost of a Full GC grows with it, as in production, not with the garbage that brought the
 * Full GC on.
 */
final class LiveSet {
  /** Bytes of each value. */
  static final int PAYLOAD_BYTES = 16;
  /**
   * Heap bytes per entry with compressed oops: the map's node (32), the {@code Long} key (24),
   * the value array (16-byte header + {@value #PAYLOAD_BYTES}: 32) and its share of the table
   * (4-byte slots, a power of two of them, the table 3/8 to 3/4 full: about 8).
   */
  static final int ENTRY_BYTES = 32 + 24 + 16 + PAYLOAD_BYTES + 8;
  /** Spreads consecutive ids over the table, as random session ids or message ids would be. */
  private static final long SCATTER = 0x9E3779B97F4A7C15L;

  private final Map<Long, byte[]> entries;

  private LiveSet(Map<Long, byte[]> entries) {
    this.entries = entries;
  }

  /** Fills about {@code mb} MiB of small entries; 0 keeps nothing. */
  static LiveSet of(int mb) {
    int count = (int) (((long) mb << 20) / ENTRY_BYTES);
    Map<Long, byte[]> map = new HashMap<>(Math.max(16, (int) (count / 0.75f) + 1));
    for (long id = 0; id < count; id++) {
      byte[] value = new byte[PAYLOAD_BYTES];
      value[0] = (byte) id;
      map.put(id * SCATTER, value);
    }
    return new LiveSet(map);
  }

  /** Entries kept. */
  long entries() {
    return entries.size();
  }

  /** Estimated heap bytes kept. */
  long bytes() {
    return entries() * ENTRY_BYTES;
  }
}
