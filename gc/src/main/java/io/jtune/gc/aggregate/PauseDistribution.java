package io.jtune.gc.aggregate;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Count, total, maximum and percentiles of a set of pause durations (microsecond resolution).
 *
 * <p>A distribution either records its own histogram ({@link #record}) or is the sum of other
 * histograms ({@link #summing()}): then {@link #recordSummary} keeps count, total and maximum per
 * value, and the histogram is added up from its parts when a percentile or bucket is asked for.
 * Histogram counts are integers, so the sum is exactly what recording every value would give;
 * {@link PauseAggregator} so records each pause into one histogram instead of three.
 */
public final class PauseDistribution {
  /** Longest pause tracked exactly: one hour, in microseconds; longer ones are clamped. */
  private static final long MAX_US = 3_600_000_000L;

  /** Own recordings, or the sum of {@link #parts} as of {@link #summedCount}; null until needed. */
  private Histogram histogram;
  /** The histograms this one is the sum of, or null when it records its own. */
  private final List<Histogram> parts;
  private long summedCount = -1;
  private long count;
  private double totalMs;
  private double maxMs;

  public PauseDistribution() {
    this.histogram = newHistogram();
    this.parts = null;
  }

  private PauseDistribution(List<Histogram> parts) {
    this.parts = parts;
  }

  /** A distribution whose histogram is the sum of the parts given to {@link #addPart}. */
  static PauseDistribution summing() {
    return new PauseDistribution(new ArrayList<>(4));
  }

  static Histogram newHistogram() {
    return new Histogram(MAX_US, 3);
  }

  /** The histogram value a duration is recorded as. */
  static long micros(double ms) {
    return Math.max(0, Math.min(MAX_US, Math.round(ms * 1000)));
  }

  /** Adds a histogram to a {@link #summing()} distribution; its values must also pass {@link #recordSummary}. */
  void addPart(Histogram part) {
    parts.add(part);
  }

  public void record(double ms) {
    recordSummary(ms);
    histogram.recordValue(micros(ms));
  }

  /** Counts a value whose histogram recording is in one of the parts. */
  void recordSummary(double ms) {
    count++;
    totalMs += ms;
    maxMs = Math.max(maxMs, ms);
  }

  private Histogram histogram() {
    if (parts == null) {
      return histogram;
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    if (summedCount != count) {
      if (histogram == null) {
        histogram = newHistogram();
      } else {
        histogram.reset();
      }
      for (Histogram h : parts) {
        histogram.add(h);
      }
      summedCount = count;
    }
    return histogram;
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
    return Math.min(maxMs, histogram().getValueAtPercentile(p) / 1000.0);
  }

  /** Counts of pauses per bucket with the given upper bounds in ms (last bucket open). */
  public long[] bucketCounts(double[] upperBoundsMs) {
    long[] out = new long[upperBoundsMs.length + 1];
    if (count == 0) {
      return out;
    }
    Histogram histogram = histogram();
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
