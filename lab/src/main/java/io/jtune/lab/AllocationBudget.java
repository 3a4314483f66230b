package io.jtune.lab;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that requests may hold at once: a share of the heap, so that a burst of large
 * {@code alloc=} requests is refused with 503 instead of killing the JVM with an
 * OutOfMemoryError.
 */
final class AllocationBudget {
  private final long limit;
  private final AtomicLong held = new AtomicLong();

  AllocationBudget(long limit) {
    this.limit = limit;
  }

  /** A budget of half the maximum heap. */
  static AllocationBudget halfOfHeap() {
    return new AllocationBudget(Runtime.getRuntime().maxMemory() / 2);
  }

  long limit() {
    return limit;
  }

  /** Reserves {@code bytes} or throws a 503 {@link BadRequestException}. */
  void reserve(long bytes) {
    long now = held.addAndGet(bytes);
    if (now > limit) {
      held.addAndGet(-bytes);
      throw new BadRequestException(503, "allocation budget exhausted: " + (now - bytes)
          + " bytes already held by requests, limit " + limit);
    }
  }

  void release(long bytes) {
    held.addAndGet(-bytes);
  }
}
