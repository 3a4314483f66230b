package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import java.util.Locale;

/**
 * What cores and memory cost per hour, for {@code --objective cost}: a price per core-hour and
 * per GB-hour (GB of 2^30 bytes, as Kubernetes' Gi). The defaults are OpenCost's default prices
 * (its {@code configs/default.json}, "based on GCP us-central1" on-demand list prices): 0.031611 USD
 * per vCPU-hour and 0.004237 USD per GB-hour. A month is {@value #HOURS_PER_MONTH} hours, as
 * OpenCost and the clouds' price lists count it.
 *
 * @param perCoreHour the price of one core for one hour
 * @param perGbHour the price of one GB of memory for one hour
 * @param source where the prices come from, in words
 */
public record Prices(double perCoreHour, double perGbHour, String source) {
  public static final double DEFAULT_CORE_HOUR = 0.031611;
  public static final double DEFAULT_GB_HOUR = 0.004237;
  public static final String DEFAULT_SOURCE = "OpenCost's default prices (GCP us-central1 on-demand, USD)";
  public static final Prices DEFAULT = new Prices(DEFAULT_CORE_HOUR, DEFAULT_GB_HOUR, DEFAULT_SOURCE);
  public static final int HOURS_PER_MONTH = 730;
  private static final double GB = 1L << 30;

  public Prices {
    if (!(perCoreHour >= 0) || !(perGbHour >= 0) || Double.isInfinite(perCoreHour) || Double.isInfinite(perGbHour)) {
      throw new JtuneException("--price-core and --price-gb are prices per hour: numbers of 0 or more");
    }
  }

  /** The prices given (null: the default of each); the source says which were given. */
  public static Prices of(Double core, Double gb) {
    if (core == null && gb == null) {
      return DEFAULT;
    }
    String src = core != null && gb != null ? "given (--price-core, --price-gb)"
        : (core != null ? "--price-core given, the GB-hour" : "--price-gb given, the core-hour") + " from "
            + DEFAULT_SOURCE;
    return new Prices(core != null ? core : DEFAULT_CORE_HOUR, gb != null ? gb : DEFAULT_GB_HOUR, src);
  }

  /** The price of {@code cores} and {@code memoryBytes} for one hour. */
  public double perHour(double cores, long memoryBytes) {
    return cores * perCoreHour + memoryBytes / GB * perGbHour;
  }

  /** The prices in words. */
  public String describe() {
    return String.format(Locale.US, "%s per core-hour, %s per GB-hour: %s", money(perCoreHour), money(perGbHour),
        source);
  }

  /** A price with enough digits for fractions of a cent. */
  public static String money(double v) {
    return v >= 10 ? String.format(Locale.US, "%.2f", v) : String.format(Locale.US, "%.4f", v);
  }
}
