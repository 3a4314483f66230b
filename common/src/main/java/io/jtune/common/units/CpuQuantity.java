package io.jtune.common.units;

import io.jtune.common.JtuneException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of CPUs as Kubernetes writes it, kept in the user's spelling: cores ({@code 2},
 * {@code 1.5}, {@code 0.5}) or thousandths of a core ({@code 500m}). The smallest amount is one
 * thousandth ({@code 1m} or {@code 0.001}), as in Kubernetes.
 *
 * @param millis the amount in thousandths of a CPU, positive
 * @param text the amount as the user wrote it
 */
public record CpuQuantity(long millis, String text) {
  private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)(m)?");
  private static final String EXAMPLES = "e.g. 2, 1.5, 0.5, 500m";
  /** Far more than any host has; it keeps the quota arithmetic in range. */
  private static final long MAX_MILLIS = 1_000_000_000L;

  public CpuQuantity {
    Objects.requireNonNull(text, "text");
    if (millis <= 0) {
      throw new IllegalArgumentException("a CPU amount is positive: " + millis);
    }
  }

  /**
   * Reads an amount of CPU as users write it; throws {@link JtuneException} with one line
   * naming the value and the accepted forms when it is not one.
   */
  public static CpuQuantity parse(String value) {
    String s = value == null ? "" : value.trim();
    Matcher m = FORM.matcher(s);
    if (!m.matches()) {
      throw new JtuneException("'" + TextClip.clip(s) + "' is not a number of CPUs (" + EXAMPLES + ")");
    }
    BigDecimal number = new BigDecimal(m.group(1));
    BigDecimal millis = m.group(2) != null ? number : number.movePointRight(3);
    if (millis.stripTrailingZeros().scale() > 0) {
      throw new JtuneException("'" + s + "' is finer than a thousandth of a CPU (" + EXAMPLES + ")");
    }
    if (millis.signum() <= 0) {
      throw new JtuneException("'" + s + "' CPUs: the amount must be more than 0");
    }
    if (millis.compareTo(BigDecimal.valueOf(MAX_MILLIS)) > 0) {
      throw new JtuneException("'" + s + "' is too many CPUs");
    }
    return new CpuQuantity(millis.setScale(0, RoundingMode.UNNECESSARY).longValueExact(), s);
  }

  /** The amount in cores ({@code 0.5} for {@code 500m}). */
  public double cores() {
    return millis / 1000.0;
  }

  /** The CFS quota for this amount in a scheduling period of {@code periodMicros}, in microseconds. */
  public long quotaMicros(long periodMicros) {
    return Math.max(1000, millis * periodMicros / 1000);
  }

  /** The amount as the user wrote it. */
  @Override
  public String toString() {
    return text;
  }
}
