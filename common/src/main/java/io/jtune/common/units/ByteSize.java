package io.jtune.common.units;

import java.util.Locale;

/**
 * The one way jtune writes memory sizes: for people ({@code "12.3 MB"}) and as JVM flag values
 * ({@code "256m"}). Sizes are binary multiples, labelled KB, MB and GB as the JVM's own logs and
 * flags label them.
 *
 * <p>Numbers are formatted with {@link Locale#US}: java.util.Formatter has a shortcut for that
 * locale, while any other makes the first {@code %f} load the locale data, ~15 ms of every run
 * (its digits and separators are the ones Locale.ROOT gives).
 */
public final class ByteSize {
  public static final long KB = 1L << 10;
  public static final long MB = 1L << 20;
  public static final long GB = 1L << 30;

  private ByteSize() {}

  /**
   * A size for people, with one decimal: {@code "512 B"}, {@code "3.5 KB"}, {@code "0.5 MB"},
   * {@code "12.3 MB"}, {@code "4.0 GB"}; {@code "-"} when unknown (negative or NaN). From a tenth
   * of a megabyte on it is written in MB, so the sizes GC logs show side by side (survivor 0.5 MB,
   * aged 1.1 MB) read in one unit; from a gigabyte on in GB.
   */
  public static String human(double bytes) {
    if (bytes < 0 || Double.isNaN(bytes)) {
      return "-";
    }
    if (bytes >= GB) {
      return String.format(Locale.US, "%.1f GB", bytes / GB);
    }
    if (bytes >= MB / 10) {
      return String.format(Locale.US, "%.1f MB", bytes / MB);
    }
    if (bytes >= KB) {
      return String.format(Locale.US, "%.1f KB", bytes / KB);
    }
    return String.format(Locale.US, "%.0f B", bytes);
  }

  /** A size as a JVM flag value in the largest whole unit: {@code "2g"}, {@code "256m"}, {@code "512k"}, or bytes. */
  public static String flagValue(long bytes) {
    if (bytes > 0 && bytes % GB == 0) {
      return (bytes / GB) + "g";
    }
    if (bytes > 0 && bytes % MB == 0) {
      return (bytes / MB) + "m";
    }
    if (bytes > 0 && bytes % KB == 0) {
      return (bytes / KB) + "k";
    }
    return Long.toString(bytes);
  }
}
