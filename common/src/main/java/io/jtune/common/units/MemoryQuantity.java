package io.jtune.common.units;

import io.jtune.common.JtuneException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memory size as users paste it, kept in their spelling: a Kubernetes quantity or a JVM size.
 *
 * <ul>
 *   <li>Kubernetes binary suffixes {@code Ki Mi Gi Ti Pi Ei} (powers of 1024): {@code 512Mi},
 *       {@code 1.5Gi};</li>
 *   <li>Kubernetes decimal suffixes {@code M G T P E} (powers of 1000): {@code 500M}, {@code 1G};</li>
 *   <li>JVM suffixes {@code k m g t} (any case for {@code k}, lower case otherwise; powers of 1024,
 *       as {@code -Xmx} reads them): {@code 300k}, {@code 512m}, {@code 1g}. Kubernetes reads a
 *       lower-case {@code m} as thousandths and {@code k} as 1000; nobody gives a container a
 *       fraction of a byte, so here they mean what the JVM means;</li>
 *   <li>a plain number of bytes, optionally with a decimal exponent: {@code 536870912}, {@code 5e8}.</li>
 * </ul>
 *
 * <p>A fraction ({@code 1.5Gi}) is allowed and rounded up to a whole byte. {@link #toString()}
 * gives the size back as it was written, so a {@code 512Mi} given comes back as {@code 512Mi}.
 *
 * @param bytes the size in bytes, positive
 * @param text the size as the user wrote it
 */
public record MemoryQuantity(long bytes, String text) {
  private static final Pattern FORM =
      Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)(?:[eE]([+]?\\d{1,2}))?(Ki|Mi|Gi|Ti|Pi|Ei|[kKMGTPEmgt])?");
  private static final String EXAMPLES = "e.g. 512Mi, 1Gi, 500M, 512m, 1g";

  public MemoryQuantity {
    Objects.requireNonNull(text, "text");
    if (bytes <= 0) {
      throw new IllegalArgumentException("a memory size is positive: " + bytes);
    }
  }

  /**
   * Reads a size as users write it (see the class comment); throws {@link JtuneException} with
   * one line naming the value and the accepted forms when it is not one.
   */
  public static MemoryQuantity parse(String value) {
    String s = value == null ? "" : value.trim();
    Matcher m = FORM.matcher(s);
    if (!m.matches()) {
      throw new JtuneException("'" + TextClip.clip(s) + "' is not a memory size (" + EXAMPLES + ")");
    }
    if (m.group(2) != null && m.group(3) != null) {
      throw new JtuneException("'" + s + "' is not a memory size: an exponent and a unit together (" + EXAMPLES + ")");
    }
    BigDecimal number = new BigDecimal(m.group(1));
    if (m.group(2) != null) {
      number = number.scaleByPowerOfTen(Integer.parseInt(m.group(2)));
    }
    BigDecimal bytes = number.multiply(BigDecimal.valueOf(multiplier(m.group(3)))).setScale(0, RoundingMode.CEILING);
    if (bytes.signum() <= 0) {
      throw new JtuneException("'" + s + "' is not a memory size: it must be more than 0 bytes");
    }
    if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new JtuneException("'" + s + "' is too large a memory size");
    }
    return new MemoryQuantity(bytes.longValueExact(), s);
  }

  /** A size jtune chose itself, written as a JVM flag value ({@code 256m}). */
  public static MemoryQuantity ofBytes(long bytes) {
    return new MemoryQuantity(bytes, ByteSize.flagValue(bytes));
  }

  /** The size for people ({@code 512.0 MB}). */
  public String human() {
    return ByteSize.human(bytes);
  }

  /**
   * The size as a Kubernetes quantity: the user's spelling when it is one ({@code 512Mi},
   * {@code 500M}, {@code 536870912}), else the JVM suffix as Kubernetes' binary one
   * ({@code 512m} becomes {@code 512Mi}, {@code 1g} {@code 1Gi}, {@code 300k} {@code 300Ki}):
   * Kubernetes reads {@code 512m} as 0.512 bytes and refuses {@code 1g}.
   */
  public String kubernetes() {
    Matcher m = FORM.matcher(text);
    if (!m.matches() || m.group(3) == null) {
      return text;
    }
    String number = m.group(1).startsWith(".") ? "0" + m.group(1) : m.group(1);
    return switch (m.group(3)) {
      case "k", "K" -> number + "Ki";
      case "m" -> number + "Mi";
      case "g" -> number + "Gi";
      case "t" -> number + "Ti";
      default -> text;
    };
  }

  /** The size as the user wrote it. */
  @Override
  public String toString() {
    return text;
  }

  private static long multiplier(String unit) {
    if (unit == null) {
      return 1;
    }
    return switch (unit) {
      case "k", "K", "Ki" -> 1L << 10;
      case "m", "Mi" -> 1L << 20;
      case "g", "Gi" -> 1L << 30;
      case "t", "Ti" -> 1L << 40;
      case "Pi" -> 1L << 50;
      case "Ei" -> 1L << 60;
      case "M" -> 1_000_000L;
      case "G" -> 1_000_000_000L;
      case "T" -> 1_000_000_000_000L;
      case "P" -> 1_000_000_000_000_000L;
      case "E" -> 1_000_000_000_000_000_000L;
      default -> throw new IllegalStateException(unit);
    };
  }
}
