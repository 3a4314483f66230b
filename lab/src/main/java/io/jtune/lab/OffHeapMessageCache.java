package io.jtune.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.caffinitas.ohc.CacheSerializer;
import org.caffinitas.ohc.Eviction;
import org.caffinitas.ohc.OHCache;
import org.caffinitas.ohc.OHCacheBuilder;

/**
 * The off-heap message cache: OHC with LRU eviction, the fix for the on-heap
 * cache's long young pauses. Messages are copied out
 * of the Java heap on put, so the collector neither copies them nor scans links to them.
 */
final class OffHeapMessageCache implements MessageCache {
  private final OHCache<Long, byte[]> cache;
  private final long capacityBytes;

  OffHeapMessageCache(long capacityBytes) {
    // OHC's Unsafe allocator: its default would try jemalloc through JNA first.
    if (System.getProperty("org.caffinitas.ohc.allocator") == null) {
      System.setProperty("org.caffinitas.ohc.allocator", "unsafe");
    }
    this.capacityBytes = capacityBytes;
    this.cache = OHCacheBuilder.<Long, byte[]>newBuilder()
        .keySerializer(new IdSerializer())
        .valueSerializer(new MessageSerializer())
        .capacity(capacityBytes)
        .eviction(Eviction.LRU)
        .build();
  }

  @Override
  public void put(long id, byte[] message) {
    cache.put(id, message);
  }

  @Override
  public byte[] get(long id) {
    return cache.get(id);
  }

  @Override
  public long size() {
    return cache.size();
  }

  @Override
  public long capacityBytes() {
    return capacityBytes;
  }

  @Override
  public String kind() {
    return "offheap";
  }

  @Override
  public void close() {
    try {
      cache.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Message ids as 8 bytes. */
  private static final class IdSerializer implements CacheSerializer<Long> {
    @Override
    public void serialize(Long id, ByteBuffer buf) {
      buf.putLong(id);
    }

    @Override
    public Long deserialize(ByteBuffer buf) {
      return buf.getLong();
    }

    @Override
    public int serializedSize(Long id) {
      return Long.BYTES;
    }
  }

  /** Messages as a length and their bytes. */
  private static final class MessageSerializer implements CacheSerializer<byte[]> {
    @Override
    public void serialize(byte[] message, ByteBuffer buf) {
      buf.putInt(message.length);
      buf.put(message);
    }

    @Override
    public byte[] deserialize(ByteBuffer buf) {
      byte[] message = new byte[buf.getInt()];
      buf.get(message);
      return message;
    }

    @Override
    public int serializedSize(byte[] message) {
      return Integer.BYTES + message.length;
    }
  }
}
