package io.jtune.core.aggregate;

import org.HdrHistogram.Histogram;

/** Count, total, maximum and percentiles of a set of pause durations (microsecond resolution). */
public final class PauseDistribution {
  /** Longest pause tracked exactly: one hour, in microseconds; longer ones are clamped. */
  private static final long MAX_US = 3_600_000_000L;

  private final Histogram histogram = new Histogram(MAX_US, 3);
  private long count;
  private double totalMs;
  private double maxMs;

  public void record(double ms) {
    count++;
    totalMs += ms;
    maxMs = Math.max(maxMs, ms);
    long us = Math.max(0, Math.min(MAX_US, Math.round(ms * 1000)));
    histogram.recordValue(us);
  }

  public long count() {
    return count;
  }

  public double totalMs() {
    return totalMs;
  }

  public double maxMs() {
    return maxMs;
  }

  public double meanMs() {
    return count == 0 ? 0 : totalMs / count;
  }

  /** The pause duration at percentile {@code p} (0-100), in ms; 0 when empty. */
  public double percentileMs(double p) {
    if (count == 0) {
      return 0;
    }
    if (p >= 100) {
      return maxMs;
    }
    return Math.min(maxMs, histogram.getValueAtPercentile(p) / 1000.0);
  }

  /** Counts of pauses per bucket with the given upper bounds in ms (last bucket open). */
  public long[] bucketCounts(double[] upperBoundsMs) {
    long[] out = new long[upperBoundsMs.length + 1];
    histogram.recordedValues().forEach(v -> {
      double ms = histogram.highestEquivalentValue(v.getValueIteratedTo()) / 1000.0;
      int i = 0;
      while (i < upperBoundsMs.length && ms > upperBoundsMs[i]) {
        i++;
      }
      out[i] += v.getCountAtValueIteratedTo();
    });
    return out;
  }
}
