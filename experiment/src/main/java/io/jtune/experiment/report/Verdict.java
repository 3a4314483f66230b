package io.jtune.experiment.report;

/** The experiment's verdict, exactly one per report ({@code recommendation.verdict} in JSON). */
public enum Verdict {
  /** A candidate fixes the problem (its goals met, with significance) with no significant regression. */
  ADOPT("adopt", "adopt"),
  /** No candidate fixes the problem without a regression: keep the flags as they are. */
  KEEP_BASELINE("keep-baseline", "keep the baseline"),
  /** GC is not what limits the service: look at CPU, locks, I/O and the code, not at JVM flags. */
  NOT_A_GC_PROBLEM("not-a-gc-problem", "not a GC problem"),
  /** The baseline's live set grows until the heap is full: flags are not the fix. */
  MEMORY_LEAK("memory-leak", "memory leak"),
  /** Too few runs, or intervals too wide to tell: more repetitions would settle it. */
  INCONCLUSIVE("inconclusive", "inconclusive"),
  /**
   * A tune session's baseline served less than offered at every rate tried: its capacity is the
   * finding, and no comparison ran (an experiment's report never gives it).
   */
  OVERLOADED("overloaded", "overloaded: the baseline serves less than every rate tried");

  private final String key;
  private final String words;

  Verdict(String key, String words) {
    this.key = key;
    this.words = words;
  }

  /** The name in JSON, such as {@code keep-baseline}. */
  public String key() {
    return key;
  }

  /** The verdict in words, such as "keep the baseline". */
  public String words() {
    return words;
  }
}
