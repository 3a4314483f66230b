package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Both message caches, on and off heap, against the same semantics. */
class MessageCacheTest {
  static Stream<Arguments> caches() {
    return Stream.of(
        Arguments.of("heap", (LongFunction<MessageCache>) HeapMessageCache::new),
        Arguments.of("offheap", (LongFunction<MessageCache>) OffHeapMessageCache::new));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("caches")
  void storesAndReturnsMessages(String kind, LongFunction<MessageCache> factory) {
    try (MessageCache cache = factory.apply(4L << 20)) {
      assertThat(cache.kind()).isEqualTo(kind);
      byte[] message = {1, 2, 3, 4, 5};
      cache.put(7, message);
      assertThat(cache.get(7)).containsExactly(1, 2, 3, 4, 5);
      assertThat(cache.get(8)).isNull();
      assertThat(cache.size()).isEqualTo(1);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("caches")
  void evictsTheLeastRecentlyUsedPastItsCapacity(String kind, LongFunction<MessageCache> factory) {
    try (MessageCache cache = factory.apply(4L << 20)) {
      for (long id = 1; id <= 100; id++) {
        cache.put(id, new byte[1024]);
        if (id > 1) {
          cache.get(1);
        }
      }
      for (long id = 101; id <= 8_000; id++) {
        cache.put(id, new byte[1024]);
        cache.get(1);
      }
      assertThat(cache.get(1)).as("kept by recent use").isNotNull();
      assertThat(cache.get(2)).as("least recently used, evicted").isNull();
      assertThat(cache.get(8_000)).as("newest").isNotNull();
      assertThat(cache.size()).as("messages held").isBetween(1_000L, 4_096L);
    }
  }
}
