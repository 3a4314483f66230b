package io.jtune.experiment.suggest;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmOption;
import io.jtune.experiment.plan.Candidate;
import java.util.Comparator;
import java.util.HashMap;
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
  private static final Map<String, String> CONCERN = byOption(Map.of(
      "metaspace", List.of(JvmOption.METASPACE_SIZE, JvmOption.MAX_METASPACE_SIZE, JvmOption.PERM_SIZE,
          JvmOption.MAX_PERM_SIZE),
      "young", List.of(JvmOption.XMN, JvmOption.NEW_SIZE, JvmOption.MAX_NEW_SIZE, JvmOption.NEW_RATIO,
          JvmOption.SURVIVOR_RATIO, JvmOption.MAX_TENURING_THRESHOLD, JvmOption.INITIAL_TENURING_THRESHOLD,
          JvmOption.TARGET_SURVIVOR_RATIO, JvmOption.USE_ADAPTIVE_SIZE_POLICY),
      "heap", List.of(JvmOption.MAX_HEAP_SIZE, JvmOption.INITIAL_HEAP_SIZE),
      "explicit-gc", List.of(JvmOption.DISABLE_EXPLICIT_GC, JvmOption.EXPLICIT_GC_INVOKES_CONCURRENT),
      "os-memory", List.of(JvmOption.ALWAYS_PRE_TOUCH, JvmOption.USE_LARGE_PAGES, JvmOption.USE_TRANSPARENT_HUGE_PAGES),
      "collector", List.of(JvmOption.MAX_GC_PAUSE_MILLIS, JvmOption.Z_GENERATIONAL, JvmOption.PARALLEL_GC_THREADS,
          JvmOption.CONC_GC_THREADS, JvmOption.CMS_INITIATING_OCCUPANCY_FRACTION,
          JvmOption.USE_CMS_INITIATING_OCCUPANCY_ONLY, JvmOption.INITIATING_HEAP_OCCUPANCY_PERCENT,
          JvmOption.G1_RESERVE_PERCENT)));

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

  private static Map<String, String> byOption(Map<String, List<JvmOption>> byConcern) {
    Map<String, String> out = new HashMap<>();
    byConcern.forEach((concern, options) -> options.forEach(o -> out.put(o.option(), concern)));
    return Map.copyOf(out);
  }

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
