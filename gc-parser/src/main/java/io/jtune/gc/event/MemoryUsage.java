package io.jtune.gc.event;

/**
 * Occupancy of one memory area across a collection, in bytes; {@link #UNKNOWN} where the log
 * does not say.
 */
public record MemoryUsage(long before, long after, long capacity) {
  public static final long UNKNOWN = -1;

  /** A usage with only the "before -> after (capacity)" triple known, the common case. */
  public static MemoryUsage of(long before, long after, long capacity) {
    return new MemoryUsage(before, after, capacity);
  }

  public boolean hasBefore() {
    return before >= 0;
  }

  public boolean hasAfter() {
    return after >= 0;
  }

  public boolean hasCapacity() {
    return capacity >= 0;
  }

  /** Bytes freed (before - after), or {@link #UNKNOWN}. */
  public long reclaimed() {
    return before >= 0 && after >= 0 ? before - after : UNKNOWN;
  }
}
