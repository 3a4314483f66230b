package io.jtune.cli;

import io.jtune.load.DurationText;
import io.jtune.load.LoadException;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every duration option of every command: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h},
 * {@code 1.5s}. A plain number is seconds, except for the options whose unit has always been
 * milliseconds (they use {@link Millis}), so that values written before the suffixes keep their
 * meaning.
 */
class DurationConverter implements ITypeConverter<Duration> {
  private final String plainUnit;

  DurationConverter() {
    this("s");
  }

  private DurationConverter(String plainUnit) {
    this.plainUnit = plainUnit;
  }

  /** A duration whose plain numbers are milliseconds ({@code --pause-target 50} = 50 ms). */
  static final class Millis extends DurationConverter {
    Millis() {
      super("ms");
    }
  }

  @Override
  public Duration convert(String value) {
    String text = value.strip();
    boolean plain = !text.isEmpty() && Character.isDigit(text.charAt(text.length() - 1));
    try {
      return DurationText.parse(plain ? text + plainUnit : text, "duration");
    } catch (LoadException e) {
      throw new TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 10s, 2m, 1h)");
    }
  }

  /** Milliseconds, with the fraction, for options that compute in them. */
  static double millis(Duration d) {
    return d.toNanos() / 1e6;
  }
}
