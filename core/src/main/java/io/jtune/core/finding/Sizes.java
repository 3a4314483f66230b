package io.jtune.core.finding;

/** Rounding of memory sizes for findings and flags (written out by {@link io.jtune.core.units.ByteSize}). */
final class Sizes {
  private static final long MB = 1L << 20;

  private Sizes() {}

  /** Rounds bytes up to a whole multiple of {@code stepMb} megabytes, returned in MB. */
  static long roundUpMb(double bytes, long stepMb) {
    return io.jtune.core.model.MemoryModel.roundUp(bytes, stepMb) / MB;
  }
}
