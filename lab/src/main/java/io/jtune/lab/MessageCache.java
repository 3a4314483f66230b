package io.jtune.lab;

/**
 * A broker's message cache with least-recently-used eviction by bytes, like a message
 * broker's cache of recent messages: the
 * on-heap and the off-heap implementations have the same capacity and semantics.
 */
interface MessageCache extends AutoCloseable {
  /** Per-entry bookkeeping counted against the capacity besides the message bytes. */
  int ENTRY_OVERHEAD = 64;

  /** Stores a message, evicting the least recently used ones past the capacity. */
  void put(long id, byte[] message);

  /** The message, marking it recently used, or {@code null} when absent or evicted. */
  byte[] get(long id);

  /** Messages held now. */
  long size();

  /** Capacity in bytes, entry overhead included. */
  long capacityBytes();

  String kind();

  @Override
  void close();
}
