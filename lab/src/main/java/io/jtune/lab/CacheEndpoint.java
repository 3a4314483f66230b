package io.jtune.lab;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code /cache/put?kb=} stores a new message of {@code kb} KiB under the next id;
 * {@code /cache/get?id=} reads one back (by default one of the {@code recent} newest, as
 * consumers read what producers just wrote).
 */
final class CacheEndpoint {
  private final MessageCache cache;
  private final AtomicLong lastId = new AtomicLong();

  CacheEndpoint(MessageCache cache) {
    this.cache = cache;
  }

  MessageCache cache() {
    return cache;
  }

  String put(RequestParams params) {
    int kb = (int) params.number("kb", 1, 0, 1024);
    long id = lastId.incrementAndGet();
    byte[] message = new byte[kb * 1024];
    for (int i = 0; i < message.length; i += 64) {
      message[i] = (byte) (id + i);
    }
    cache.put(id, message);
    return "ok id=" + id + " bytes=" + message.length + "\n";
  }

  String get(RequestParams params) {
    long newest = lastId.get();
    long recent = params.number("recent", 1000, 1, 1_000_000_000);
    long oldest = Math.max(1, newest - recent + 1);
    long fallback = newest == 0 ? 1 : ThreadLocalRandom.current().nextLong(oldest, newest + 1);
    long id = params.number("id", fallback, 1, Long.MAX_VALUE);
    byte[] message = cache.get(id);
    return message == null ? "miss id=" + id + "\n" : "hit id=" + id + " bytes=" + message.length + "\n";
  }
}
