package io.jtune.experiment.report;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.run.RunResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** A level's warm-ups in one line: how long they took and how they ended, over its runs. */
public final class WarmupText {
  private WarmupText() {}

  /**
   * "Warm-up: 9-24 s (steady in 5 runs, at the 60 s ceiling in 1)", or null when no run of the
   * level recorded its warm-up or every warm-up was fixed.
   */
  public static String line(Level level, List<RunResult> runs) {
    List<RunResult.Steadiness> s = runs.stream().filter(r -> r.level().equals(level.name()) && r.steadiness() != null)
        .map(RunResult::steadiness).toList();
    if (s.isEmpty() || s.stream().allMatch(x -> "fixed".equals(x.warmupEnded()))) {
      return null;
    }
    double lo = s.stream().mapToDouble(RunResult.Steadiness::warmupS).min().orElse(0);
    double hi = s.stream().mapToDouble(RunResult.Steadiness::warmupS).max().orElse(0);
    Map<String, Long> ends = s.stream().collect(Collectors.groupingBy(RunResult.Steadiness::warmupEnded,
        TreeMap::new, Collectors.counting()));
    String how = ends.entrySet().stream().map(e -> switch (e.getKey()) {
      case "steady" -> "steady in " + e.getValue();
      case "saturated" -> "saturated (serving less than offered, JIT done) in " + e.getValue();
      case "ceiling" -> String.format(Locale.US, "not steady by the %.0f s ceiling in %d", s.get(0).maxWarmupS(),
          e.getValue());
      default -> e.getKey() + " in " + e.getValue();
    }).collect(Collectors.joining(", "));
    String range = Math.round(lo) == Math.round(hi) ? String.format(Locale.US, "%.0f s", lo)
        : String.format(Locale.US, "%.0f-%.0f s", lo, hi);
    Double ramp = s.stream().map(RunResult.Steadiness::rampUpS).filter(java.util.Objects::nonNull).findFirst()
        .orElse(null);
    return "Warm-up: " + range + " (" + how + " of " + s.size() + " runs; until per-second throughput and p99 were"
        + " stable and JIT compilation settled, at least " + String.format(Locale.US, "%.0f", s.get(0).minWarmupS())
        + " s" + (ramp == null ? "" : String.format(Locale.US, "; the rate ramped up from 0 over its first %.0f s,"
            + " judged after", ramp)) + ")";
  }
}
