package io.jtune.experiment.suggest;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Metric;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The goals that fit the problem the diagnosis names: the metric the problem costs must improve
 * (significantly: the 95 % interval of the change wholly on the better side), and every other
 * metric must only not get worse than a margin (a non-inferiority goal judged on the interval).
 *
 * <p>What must improve, by primary problem:
 * <ul>
 *   <li>metaspace-threshold: no Full GC while the target starts, at every level;
 *   <li>premature-promotion and concurrent-failure: Full GCs halved at every level, p99 10 % lower
 *       at the highest load;
 *   <li>heap-too-small and explicit-gc: Full GCs halved at every level;
 *   <li>long-pauses and os-interference: max pause 20 % and p99 10 % lower at the highest load;
 *   <li>memory-leak, gc-not-the-problem and healthy: nothing (flags are not the fix; they must
 *       only not hurt).
 * </ul>
 * Latency and pause goals apply at the highest load only: at a low load GC barely shows in them,
 * so there they only have to stay within their margin.
 *
 * <p>Margins for the rest: throughput at most {@value #THROUGHPUT_MARGIN_PCT} % lower (requests
 * lost are the costliest regression), p99 at most {@value #LATENCY_MARGIN_PCT} % higher (run-to-run
 * noise of a p99 is several percent), Full GC count at most {@value #FGC_MARGIN_PCT} % higher (and
 * none where the baseline has none). Peak RSS gets no margin here: under the same -Xmx a candidate
 * that uses more of the same heap (a larger young generation, pre-touched pages) shows a higher RSS
 * without needing more memory than the baseline was allowed; where a container's limit is tight,
 * a plan adds {@code rssMb: within +}{@value #RSS_MARGIN_PCT}{@code %} itself.
 */
public final class GoalsForProblem {
  public static final double THROUGHPUT_MARGIN_PCT = 5;
  public static final double LATENCY_MARGIN_PCT = 10;
  /** The margin a plan may give peak RSS where memory is tight (not one of the defaults). */
  public static final double RSS_MARGIN_PCT = 10;
  public static final double FGC_MARGIN_PCT = 10;

  /** The problem codes of a diagnosis' primary problem. */
  public static final List<String> CODES = List.of("memory-leak", "heap-too-small", "premature-promotion",
      "metaspace-threshold", "explicit-gc", "long-pauses", "concurrent-failure", "os-interference",
      "gc-not-the-problem", "healthy");

  private GoalsForProblem() {}

  /**
   * The goals at one level for the primary problem {@code primaryCode}, or empty when there is no
   * code or it is not one of {@link #CODES} (the caller keeps its own goals then).
   *
   * @param highest whether the level has the highest load
   */
  public static Optional<Map<String, Goal>> of(String primaryCode, boolean highest) {
    if (primaryCode == null || !CODES.contains(primaryCode)) {
      return Optional.empty();
    }
    Map<String, Goal> g = new LinkedHashMap<>();
    switch (primaryCode) {
      case "metaspace-threshold" -> g.put("noFgcOnStartup", new Goal(Metric.STARTUP_FGC, Goal.Kind.AT_MOST, 0, "true", 0));
      case "premature-promotion", "concurrent-failure" -> {
        improve(g, Metric.FGC_COUNT, -50);
        if (highest) {
          improve(g, Metric.P99, -10);
        }
      }
      case "heap-too-small", "explicit-gc" -> improve(g, Metric.FGC_COUNT, -50);
      case "long-pauses", "os-interference" -> {
        if (highest) {
          improve(g, Metric.MAX_PAUSE, -20);
          improve(g, Metric.P99, -10);
        }
      }
      default -> {
        // memory-leak, gc-not-the-problem, healthy: nothing for flags to improve
      }
    }
    Map<String, Goal> out = new LinkedHashMap<>();
    margin(out, g, Metric.THROUGHPUT, -THROUGHPUT_MARGIN_PCT);
    margin(out, g, Metric.P99, LATENCY_MARGIN_PCT);
    margin(out, g, Metric.FGC_COUNT, FGC_MARGIN_PCT);
    out.putAll(g);
    return Optional.of(out);
  }

  private static void improve(Map<String, Goal> g, Metric m, double pct) {
    g.put(m.key(), new Goal(m, Goal.Kind.RELATIVE, pct, String.format(java.util.Locale.US, "%+.0f%%", pct), 0));
  }

  /** A non-inferiority goal for {@code m}, unless the problem's goals already ask it to improve. */
  private static void margin(Map<String, Goal> out, Map<String, Goal> improve, Metric m, double pct) {
    if (!improve.containsKey(m.key())) {
      out.put(m.key(), Goal.nonInferior(m, pct));
    }
  }
}
