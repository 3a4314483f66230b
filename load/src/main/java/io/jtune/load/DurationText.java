package io.jtune.load;

import java.time.Duration;
import java.util.Locale;

/** Reads durations as people type them: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1.5s}, {@code 10} (seconds). */
public final class DurationText {
  private DurationText() {}

  /** Parses {@code text}; {@code what} names the option in the error message. */
  public static Duration parse(String text, String what) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    double scaleNanos;
    String number;
    if (t.endsWith("ms")) {
      scaleNanos = 1e6;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      scaleNanos = 1e9;
      number = t.substring(0, t.length() - 1);
    } else if (t.endsWith("m")) {
      scaleNanos = 60e9;
      number = t.substring(0, t.length() - 1);
    } else if (t.endsWith("h")) {
      scaleNanos = 3600e9;
      number = t.substring(0, t.length() - 1);
    } else {
      scaleNanos = 1e9;
      number = t;
    }
    try {
      // a decimal number only: Java's own parser also takes "8d", "8f" (type suffixes) and hex
      if (!number.trim().matches("[0-9]*\\.?[0-9]+(?:e[+-]?[0-9]+)?|[0-9]+\\.")) {
        throw new NumberFormatException();
      }
      double value = Double.parseDouble(number.trim());
      if (!(value >= 0) || Double.isInfinite(value)) {
        throw new NumberFormatException();
      }
      return Duration.ofNanos(Math.round(value * scaleNanos));
    } catch (NumberFormatException e) {
      throw new LoadException("invalid " + what + " '" + text + "' (expected e.g. 10s, 500ms, 2m)");
    }
  }

  /** Seconds with at most three decimals, e.g. {@code 1.5s}. */
  public static String format(Duration d) {
    double s = d.toNanos() / 1e9;
    return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(Math.round(s * 1000) / 1000.0)) + "s";
  }
}
