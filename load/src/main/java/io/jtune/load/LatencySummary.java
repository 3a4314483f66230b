package io.jtune.load;

import org.HdrHistogram.AbstractHistogram;

/** Latency percentiles of a set of requests, in milliseconds. */
public record LatencySummary(
    double p50, double p75, double p90, double p95, double p99, double p999, double p9999,
    double max, double mean) {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /** The summary of a histogram of nanosecond latencies; all zero when it is empty. */
  public static LatencySummary of(AbstractHistogram nanos) {
    if (nanos.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencySummary(
        ms(nanos.getValueAtPercentile(50)),
        ms(nanos.getValueAtPercentile(75)),
        ms(nanos.getValueAtPercentile(90)),
        ms(nanos.getValueAtPercentile(95)),
        ms(nanos.getValueAtPercentile(99)),
        ms(nanos.getValueAtPercentile(99.9)),
        ms(nanos.getValueAtPercentile(99.99)),
        ms(nanos.getMaxValue()),
        nanos.getMean() / NANOS_PER_MILLI);
  }

  private static double ms(long nanos) {
    return nanos / NANOS_PER_MILLI;
  }
}
