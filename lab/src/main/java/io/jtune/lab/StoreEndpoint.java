package io.jtune.lab;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /store?key=&kb=}: keeps {@code kb} KiB under the request's key in a store bounded by
 * its entry count ({@code --store-entries}), the oldest entry dropped once it is full, as a
 * per-order, per-user or per-session store does. What it holds follows the traffic: requests
 * that all carry one key keep one entry; distinct keys fill it to its bound, whose size in bytes
 * the bound does not state.
 */
final class StoreEndpoint {
  private final int maxEntries;
  private final Map<String, byte[]> entries;

  StoreEndpoint(int maxEntries) {
    this.maxEntries = maxEntries;
    this.entries = new LinkedHashMap<>(1024, 0.75f, false) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
        return size() > StoreEndpoint.this.maxEntries;
      }
    };
  }

  String handle(RequestParams params) {
    String key = params.text("key", "");
    if (key.isEmpty()) {
      throw new BadRequestException("key is needed: the id the entry is stored under");
    }
    if (key.length() > 256) {
      throw new BadRequestException("key must be at most 256 characters, got " + key.length());
    }
    int kb = (int) params.number("kb", 8, 0, 1024);
    byte[] value = new byte[kb * 1024];
    for (int i = 0; i < value.length; i += 64) {
      value[i] = (byte) (key.hashCode() + i);
    }
    int size;
    synchronized (entries) {
      entries.put(key, value);
      size = entries.size();
    }
    return "ok key=" + key + " entries=" + size + " of " + maxEntries + "\n";
  }

  int size() {
    synchronized (entries) {
      return entries.size();
    }
  }
}
