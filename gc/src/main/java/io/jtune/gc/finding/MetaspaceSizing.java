package io.jtune.gc.finding;

import io.jtune.gc.facts.GcFacts;

/**
 * The metaspace size to recommend: the observed peak plus 50 % headroom, rounded up to 64 MB
 * (a peak of ~150 MB, as jstat -gc shows it in MU, gives 256 MB); {@code fallbackMb} when the
 * log does not show metaspace use.
 */
final class MetaspaceSizing {
  private MetaspaceSizing() {}

  static long recommendedMb(GcFacts a, long fallbackMb) {
    long peak = a.memory().metaspace().peak();
    return peak > 0 ? Sizes.roundUpMb(peak * 1.5, 64) : fallbackMb;
  }
}
