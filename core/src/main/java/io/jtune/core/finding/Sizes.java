package io.jtune.core.finding;

import java.util.Locale;

/** Formatting and rounding of memory sizes for findings and flags. */
final class Sizes {
  private static final long MB = 1L << 20;

  private Sizes() {}

  /** "12.3 MB" style. */
  static String mb(double bytes) {
    if (bytes >= 10L * 1024 * MB) {
      return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * MB));
    }
    return String.format(Locale.ROOT, "%.1f MB", bytes / MB);
  }

  /** Rounds bytes up to a whole multiple of {@code stepMb} megabytes, returned in MB. */
  static long roundUpMb(double bytes, long stepMb) {
    long mb = (long) Math.ceil(bytes / MB);
    return Math.max(stepMb, ((mb + stepMb - 1) / stepMb) * stepMb);
  }

  /** A flag size value like "256m" or "2g". */
  static String flagValue(long megabytes) {
    return megabytes % 1024 == 0 ? (megabytes / 1024) + "g" : megabytes + "m";
  }
}
