package io.jtune.core.finding;

import io.jtune.core.analysis.GcFacts;

/** Rounding of memory sizes for findings and flags (written out by {@link io.jtune.core.units.ByteSize}). */
final class Sizes {
  private static final long MB = 1L << 20;

  private Sizes() {}

  /** Rounds bytes up to a whole multiple of {@code stepMb} megabytes, returned in MB. */
  static long roundUpMb(double bytes, long stepMb) {
    long mb = (long) Math.ceil(bytes / MB);
    return Math.max(stepMb, ((mb + stepMb - 1) / stepMb) * stepMb);
  }

  /** The old generation is kept at least this many times its live set (what Full GCs leave). */
  static final double OLD_HEADROOM = 1.5;

  /**
   * The largest young generation, in MB rounded down to 16, that leaves the old generation
   * {@value #OLD_HEADROOM} times its live set (old after the last Full GC) in the heap; -1 when
   * the heap size or the live set is not known.
   */
  static long youngRoomMb(GcFacts a) {
    long heap = heap(a);
    double live = liveSet(a);
    if (heap <= 0 || live <= 0) {
      return -1;
    }
    return Math.max(0, (long) ((heap - OLD_HEADROOM * live) / MB) / 16 * 16);
  }

  /** Old-generation occupancy after the last Full GC, or -1 without a Full GC. */
  static double liveSet(GcFacts a) {
    return a.memory().oldAfterFullTrend().count() > 0 ? a.memory().oldAfterFullTrend().lastY() : -1;
  }

  /** The heap size from the flags or the log header, or -1. */
  static long heap(GcFacts a) {
    Long logged = a.jvm().info().heapMaxBytes();
    return a.flags().bytes("MaxHeapSize").orElse(logged == null ? -1 : logged);
  }
}
