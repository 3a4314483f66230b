package io.jtune.common.format;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * How every jtune JSON document writes a measured number: rounded to a fixed number of decimals
 * chosen per field (milliseconds and seconds to 3, shares to 2 or 4), so no document carries
 * float noise such as 150.24000000000007, and NaN or infinity (not JSON) become null.
 */
public final class JsonNumbers {
  private static final long[] POW10 = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000};

  private JsonNumbers() {}

  /** {@code v} rounded half up to {@code decimals} places; null for NaN and infinities. */
  public static Double round(double v, int decimals) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    double f = Math.pow(10, decimals);
    return Math.round(v * f) / f;
  }

  /**
   * Writes {@code round(v, decimals)} as a number, the text the generator would write for that
   * double, without turning a double into text: a long log has a window row per minute for
   * months, three numbers each. Between 0.001 and 10^7 the shortest decimal of the rounded
   * double is the rounded decimal itself (doubles there are far closer together than 10^-6),
   * so its digits are written from the scaled long; outside that range the double is written.
   * {@code decimals} is at most 6.
   */
  public static void writeRounded(JsonGenerator g, double v, int decimals) throws IOException {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      g.writeNull();
      return;
    }
    long scale = POW10[decimals];
    long m = Math.round(v * scale);
    double r = m / (double) scale;
    double abs = Math.abs(r);
    if (r != 0 && (abs < 1e-3 || abs >= 1e7)) {
      g.writeNumber(r);
      return;
    }
    long a = Math.abs(m);
    long whole = a / scale;
    long frac = a % scale;
    int digits = decimals;
    while (digits > 1 && frac % 10 == 0) {
      frac /= 10;
      digits--;
    }
    StringBuilder sb = new StringBuilder(24);
    if (m < 0) {
      sb.append('-');
    }
    sb.append(whole).append('.');
    for (long p = POW10[digits - 1]; p > 1 && frac < p; p /= 10) {
      sb.append('0');
    }
    sb.append(frac);
    g.writeNumber(sb.toString());
  }
}
