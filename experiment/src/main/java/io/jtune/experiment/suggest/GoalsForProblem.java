package io.jtune.experiment.suggest;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Metric;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The goals that fit the problem the diagnosis names and what it costs in this service: a metric
 * the problem costs, and the baseline shows hurt, must improve (significantly: the 95 % interval
 * of the change wholly on the better side), and every other metric must only not get worse than a
 * margin (a non-inferiority goal judged on the interval).
 *
 * <p>What must improve, by primary problem, where the baseline ({@link Cost}) shows the cost:
 * <ul>
 *   <li>metaspace-threshold: no Full GC while the target starts, at every level;
 *   <li>heap-too-small, explicit-gc, premature-promotion and concurrent-failure: Full GCs halved at
 *       every level when the baseline has Full GCs (in its measured windows when a baseline run
 *       measured them), the GC time share {@value #GC_SHARE_CUT_PCT} % lower when GC takes at least
 *       {@value #GC_SHARE_HURTS_PCT} % of the time, p99 10 % lower at the highest load when most
 *       requests slower than p99 were in a GC pause (premature-promotion and concurrent-failure: also
 *       when that is not measured), failed requests halved when the baseline had some; where its
 *       Full GCs are rare (they stop the service less than {@value #RARE_FULL_GC_SHARE_PCT} % of
 *       the time, so fewer requests than p99 can see meet one) the tail they make at the highest
 *       load 10 % lower: p99.9, or the slowest request where they take under
 *       {@value #P999_SEES_FULL_GC_SHARE_PCT} % of the time (too few requests for p99.9 as well);
 *   <li>long-pauses and os-interference: max pause 20 % and p99 10 % lower at the highest load;
 *   <li>memory-leak, gc-not-the-problem and healthy: nothing (flags are not the fix; they must
 *       only not hurt).
 * </ul>
 * A problem whose cost the baseline does not show gets no goal that asks for better: the verdict
 * then adopts a candidate only for a significant gain in p99 or throughput with no significant
 * regression. Latency and pause goals apply at the highest load only: at a low load GC barely
 * shows in them, so there they only have to stay within their margin.
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
  /** A GC time share from which GC visibly costs the service (below it GC is not the bottleneck). */
  public static final double GC_SHARE_HURTS_PCT = 5;
  /** How much lower the GC time share must get where it hurts. */
  public static final double GC_SHARE_CUT_PCT = 30;
  /** The share of requests slower than p99 that were in a GC pause from which pauses make the tail. */
  public static final double PAUSES_MAKE_THE_TAIL_PCT = 50;
  /**
   * Full GCs that stop the service less than this share of the time, %, are rare: fewer than 1 %
   * of requests can wait in one, and p99 does not see them.
   */
  public static final double RARE_FULL_GC_SHARE_PCT = 1;
  /** Below this share of the time in Full GCs, %, even p99.9 hardly sees them: the slowest request does. */
  public static final double P999_SEES_FULL_GC_SHARE_PCT = 0.1;

  /**
   * What the problem costs in this service, as the baseline shows it.
   *
   * @param gcSharePct the share of the time in GC pauses, %, or NaN when not known
   * @param fullGcs Full GCs of the baseline (in its measured windows when a run measured them), or
   *     -1 when not known
   * @param errors failed requests of the baseline run, or 0 when none or not measured
   * @param slowInPausePct the share of requests slower than p99 that a GC pause held up (the pause
   *     time inside each a meaningful share of its latency), %, or NaN when not measured
   * @param fullGcSharePct the share of the time in Full GC pauses, %, or NaN when not known
   */
  public record Cost(double gcSharePct, double fullGcs, double errors, double slowInPausePct, double fullGcSharePct) {
    /** Nothing known: every cost the problem can have is taken to be there. */
    public static final Cost UNKNOWN = new Cost(Double.NaN, -1, 0, Double.NaN, Double.NaN);

    /** A cost whose Full GCs' share of the time is not known. */
    public Cost(double gcSharePct, double fullGcs, double errors, double slowInPausePct) {
      this(gcSharePct, fullGcs, errors, slowInPausePct, Double.NaN);
    }

    /** The tail metric that rare Full GCs make (p99.9 or the slowest request), or null when they are not rare. */
    Metric rareFullGcTail() {
      if (!(fullGcs > 0) || !(fullGcSharePct < RARE_FULL_GC_SHARE_PCT)) {
        return null;
      }
      return fullGcSharePct < P999_SEES_FULL_GC_SHARE_PCT ? Metric.LATENCY_MAX : Metric.P999;
    }

    boolean fullGcsShown() {
      return fullGcs != 0;
    }

    boolean gcShareHurts() {
      return !(gcSharePct < GC_SHARE_HURTS_PCT);
    }

    /** Whether pauses make the tail: measured so, or (when {@code assumed}) not measured. */
    boolean pausesMakeTheTail(boolean assumed) {
      return Double.isNaN(slowInPausePct) ? assumed : slowInPausePct >= PAUSES_MAKE_THE_TAIL_PCT;
    }
  }

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
    return of(primaryCode, highest, Cost.UNKNOWN);
  }

  /**
   * The goals at one level for the primary problem {@code primaryCode} and what the baseline shows
   * it costs, or empty when there is no code or it is not one of {@link #CODES}.
   *
   * @param highest whether the level has the highest load
   */
  public static Optional<Map<String, Goal>> of(String primaryCode, boolean highest, Cost cost) {
    if (primaryCode == null || !CODES.contains(primaryCode)) {
      return Optional.empty();
    }
    Map<String, Goal> g = new LinkedHashMap<>();
    switch (primaryCode) {
      case "metaspace-threshold" -> g.put("noFgcOnStartup", new Goal(Metric.STARTUP_FGC, Goal.Kind.AT_MOST, 0, "true", 0));
      case "premature-promotion", "concurrent-failure", "heap-too-small", "explicit-gc" -> {
        if (cost.fullGcsShown()) {
          improve(g, Metric.FGC_COUNT, -50);
        }
        if (!Double.isNaN(cost.gcSharePct()) && cost.gcShareHurts()) {
          improve(g, Metric.GC_TIME_SHARE, -GC_SHARE_CUT_PCT);
        }
        boolean tailAssumed = primaryCode.equals("premature-promotion") || primaryCode.equals("concurrent-failure");
        if (highest && cost.pausesMakeTheTail(tailAssumed)) {
          improve(g, Metric.P99, -10);
        }
        Metric tail = cost.rareFullGcTail();
        if (highest && tail != null) {
          improve(g, tail, -10);
        }
        if (cost.errors() > 0) {
          improve(g, Metric.ERRORS, -50);
        }
      }
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
