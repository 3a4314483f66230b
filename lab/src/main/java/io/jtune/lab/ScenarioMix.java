package io.jtune.lab;

import io.jtune.lab.catalog.LabScenario;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Picks the request each {@code /scenario} call performs: a weighted choice driven by a
 * request counter through a fixed mixing function, so every run serves the same sequence
 * of choices whatever the thread interleaving.
 */
final class ScenarioMix {
  private final List<LabScenario.MixEntry> entries;
  private final long[] cumulative;
  private final long totalWeight;
  private final long seed;
  private final AtomicLong sequence = new AtomicLong();

  ScenarioMix(List<LabScenario.MixEntry> entries, long seed) {
    this.entries = List.copyOf(entries);
    this.cumulative = new long[entries.size()];
    long sum = 0;
    for (int i = 0; i < entries.size(); i++) {
      sum += entries.get(i).weight();
      cumulative[i] = sum;
    }
    this.totalWeight = sum;
    this.seed = seed;
  }

  /** The index of the entry the next request performs. */
  int next() {
    if (entries.size() == 1) {
      return 0;
    }
    long point = Long.remainderUnsigned(mix(seed + sequence.getAndIncrement()), totalWeight);
    for (int i = 0; i < cumulative.length; i++) {
      if (point < cumulative[i]) {
        return i;
      }
    }
    return cumulative.length - 1;
  }

  /** SplitMix64's finalizer: consecutive inputs give well-spread outputs. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
