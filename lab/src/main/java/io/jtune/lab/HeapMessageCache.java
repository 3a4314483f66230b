package io.jtune.lab;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The on-heap message cache: a {@link LinkedHashMap} in access order. Its entries live long
 * enough to be tenured while every put and get relinks old entries to young ones, the
 * old-to-young reference churn that makes a broker's young pauses long (every dirty card of the
 * old generation is scanned at each young GC).
 */
final class HeapMessageCache implements MessageCache {
  private final long capacityBytes;
  private long usedBytes;
  private final LinkedHashMap<Long, byte[]> entries = new LinkedHashMap<>(1024, 0.75f, true);

  HeapMessageCache(long capacityBytes) {
    this.capacityBytes = capacityBytes;
  }

  @Override
  public synchronized void put(long id, byte[] message) {
    byte[] previous = entries.remove(id);
    if (previous != null) {
      usedBytes -= cost(previous);
    }
    usedBytes += cost(message);
    entries.put(id, message);
    while (usedBytes > capacityBytes && !entries.isEmpty()) {
      Map.Entry<Long, byte[]> eldest = entries.entrySet().iterator().next();
      usedBytes -= cost(eldest.getValue());
      entries.remove(eldest.getKey());
    }
  }

  @Override
  public synchronized byte[] get(long id) {
    return entries.get(id);
  }

  @Override
  public synchronized long size() {
    return entries.size();
  }

  @Override
  public long capacityBytes() {
    return capacityBytes;
  }

  @Override
  public String kind() {
    return "heap";
  }

  @Override
  public void close() {
    synchronized (this) {
      entries.clear();
      usedBytes = 0;
    }
  }

  private static long cost(byte[] message) {
    return message.length + ENTRY_OVERHEAD;
  }
}
