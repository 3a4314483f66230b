package io.jtune.experiment.suggest;

import io.jtune.experiment.plan.Candidate;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Single-problem candidates before bundles: a candidate that changes only what the diagnosed
 * problem is about (the metaspace threshold for metaspace-threshold, the young generation's layout
 * for premature-promotion, ...) says what fixed it, and is tried before a bundle that changes that
 * and more; candidates that do not touch the problem come last. Within each group the order is
 * kept. Without a problem code the order is left as it is (a hygiene flag alone is not a fix).
 */
public final class CandidateOrder {
  /** The concern of each option a candidate may set; an option not listed is its own concern. */
  private static final Map<String, String> CONCERN = Map.ofEntries(
      Map.entry("MetaspaceSize", "metaspace"), Map.entry("MaxMetaspaceSize", "metaspace"),
      Map.entry("PermSize", "metaspace"), Map.entry("MaxPermSize", "metaspace"),
      Map.entry("Xmn", "young"), Map.entry("NewSize", "young"), Map.entry("MaxNewSize", "young"), Map.entry("NewRatio", "young"),
      Map.entry("SurvivorRatio", "young"), Map.entry("MaxTenuringThreshold", "young"),
      Map.entry("InitialTenuringThreshold", "young"), Map.entry("TargetSurvivorRatio", "young"),
      Map.entry("UseAdaptiveSizePolicy", "young"),
      Map.entry("MaxHeapSize", "heap"), Map.entry("InitialHeapSize", "heap"),
      Map.entry("DisableExplicitGC", "explicit-gc"), Map.entry("ExplicitGCInvokesConcurrent", "explicit-gc"),
      Map.entry("AlwaysPreTouch", "os-memory"), Map.entry("UseLargePages", "os-memory"),
      Map.entry("UseTransparentHugePages", "os-memory"),
      Map.entry("MaxGCPauseMillis", "collector"), Map.entry("ZGenerational", "collector"),
      Map.entry("ParallelGCThreads", "collector"), Map.entry("ConcGCThreads", "collector"),
      Map.entry("CMSInitiatingOccupancyFraction", "collector"), Map.entry("UseCMSInitiatingOccupancyOnly", "collector"),
      Map.entry("InitiatingHeapOccupancyPercent", "collector"), Map.entry("G1ReservePercent", "collector"));

  /** Premature promotion from old-to-young churn (a cache): young sizing only moves it. */
  public static final String CACHE_CHURN = "cache-churn";

  /** The concerns whose flags can fix each problem. */
  private static final Map<String, Set<String>> FIXES = Map.of(
      CACHE_CHURN, Set.of("collector", "heap"),
      "metaspace-threshold", Set.of("metaspace"),
      "premature-promotion", Set.of("young"),
      "heap-too-small", Set.of("heap"),
      "explicit-gc", Set.of("explicit-gc"),
      "long-pauses", Set.of("collector", "young"),
      "concurrent-failure", Set.of("collector", "heap"),
      "os-interference", Set.of("os-memory"));

  private CandidateOrder() {}

  /**
   * The candidates for the problem {@code primaryCode}: those that change only what can fix it
   * first, then bundles that change it and more, then the rest; unchanged without a code or for a
   * problem flags do not fix.
   */
  public static List<Candidate> singleProblemFirst(List<Candidate> candidates, String primaryCode) {
    Set<String> fixes = primaryCode == null ? null : FIXES.get(primaryCode);
    if (fixes == null) {
      return List.copyOf(candidates);
    }
    return candidates.stream().sorted(Comparator.comparingInt(c -> rank(concerns(c.flags()), fixes))).toList();
  }

  /** 0: only the problem's concerns; 1: those and others; 2: none of them. */
  private static int rank(Set<String> concerns, Set<String> fixes) {
    boolean touches = concerns.stream().anyMatch(fixes::contains);
    if (!touches) {
      return 2;
    }
    return fixes.containsAll(concerns) ? 0 : 1;
  }

  /** The concerns a set of flags changes; logging flags change none. */
  public static Set<String> concerns(List<String> flags) {
    Set<String> out = new LinkedHashSet<>();
    for (String f : flags) {
      if (f.startsWith("-Xlog") || f.startsWith("-XX:+PrintGC") || f.startsWith("-XX:-PrintGC")) {
        continue;
      }
      String option = FlagSet.option(f);
      if (option == null) {
        out.add(f);
      } else if (option.startsWith("Use") && option.endsWith("GC")) {
        out.add("collector");
      } else {
        out.add(CONCERN.getOrDefault(option, option));
      }
    }
    return out;
  }
}
