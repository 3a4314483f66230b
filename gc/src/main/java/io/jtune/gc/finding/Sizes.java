package io.jtune.gc.finding;

/** Rounding of memory sizes for findings and flags (written out by {@link io.jtune.common.units.ByteSize}). */
final class Sizes {
  private static final long MB = 1L << 20;

  private Sizes() {}

  /** Rounds bytes up to a whole multiple of {@code stepMb} megabytes, returned in MB. */
  static long roundUpMb(double bytes, long stepMb) {
    return io.jtune.gc.model.MemoryModel.roundUp(bytes, stepMb) / MB;
  }
}
