package io.jtune.gc.finding;

import io.jtune.gc.facts.GcFacts;

/**
 * The metaspace sizes to recommend, one rule for the findings and the candidates. MetaspaceSize,
 * the threshold of metaspace collections: the observed peak plus 50 % and at least what the JVM
 * had committed, rounded up to 64 MB (a peak of ~150 MB, as jstat -gc shows it in MU, gives
 * 256 MB); {@code fallbackMb} when the log does not show metaspace use. MaxMetaspaceSize, a
 * bound against a class-loader leak and not a size: at least twice the peak and never below
 * MetaspaceSize, since a run of minutes has not loaded every class a service loads over days and
 * a cap it reaches is an OutOfMemoryError: Metaspace.
 */
public final class MetaspaceSizing {
  private MetaspaceSizing() {}

  /** MetaspaceSize in MB for a peak and a committed size in bytes (-1: not known). */
  public static long thresholdMb(long peak, long committed, long fallbackMb) {
    long fromCommitted = committed > 0 ? Sizes.roundUpMb(committed, 64) : 0;
    return Math.max(peak > 0 ? Sizes.roundUpMb(peak * 1.5, 64) : fallbackMb, fromCommitted);
  }

  /** MaxMetaspaceSize in MB for a peak and a committed size in bytes (-1: not known). */
  public static long capMb(long peak, long committed, long fallbackMb) {
    long threshold = thresholdMb(peak, committed, fallbackMb);
    return peak > 0 ? Math.max(threshold, Sizes.roundUpMb(peak * 2.0, 64)) : threshold;
  }

  /**
   * The metaspace the logged JVM had committed at most, or -1. A unified log's figure in
   * parentheses (JDK 9 and later) is committed memory; a JDK 8 log's
   * ({@code [Metaspace: 2920K->2920K(1056768K)]}) is the reserved space, about 1 GB with the class
   * space, and a log whose JDK is not known could be either.
   */
  public static long committed(GcFacts a) {
    return a.javaMajor() >= 9 ? a.memory().metaspace().allocated() : -1;
  }

  static long recommendedMb(GcFacts a, long fallbackMb) {
    return thresholdMb(a.memory().metaspace().peak(), committed(a), fallbackMb);
  }

  static long capMb(GcFacts a, long fallbackMb) {
    return capMb(a.memory().metaspace().peak(), committed(a), fallbackMb);
  }
}
