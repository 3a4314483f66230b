package io.jtune.experiment.suggest;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Default load levels and goals, set per level since GC behaviour grows with load. Levels: high,
 * medium and low at the given load, about half and a fifth of it (like > 1000, 500-600 and
 * < 200 QPS per instance for a busy API).
 * Goals: those that fit the diagnosed problem ({@link GoalsForProblem}) when the baseline names
 * one; else, at every level, throughput at most 5 % lower, YGC count and cumulative time 20 % lower,
 * Full GC count halved when the baseline has Full GCs, none at startup when the log shows them
 * there; at the high level also p99 30 % lower (and Full GC time halved).
 */
final class LoadLevels {
  static final Duration WARMUP = Duration.ofSeconds(10);
  static final Duration DURATION = Duration.ofSeconds(30);
  static final Duration TIMEOUT = Duration.ofSeconds(10);
  /** Closed-model clients when neither a rate nor a concurrency is known: placeholders. */
  static final int PLACEHOLDER_CLIENTS = 16;

  private static final String[] NAMES = {"high", "medium", "low"};
  private static final double[] SHARES = {1.0, 0.5, 0.2};

  private LoadLevels() {}

  /**
   * What the baseline log says that the goals depend on.
   *
   * @param problem the diagnosis' primary problem code (see {@link GoalsForProblem#CODES}), or null
   * @param cost what the problem costs in this service, as the baseline shows it
   */
  record Baseline(boolean fullGcs, boolean startupFullGcs, boolean gcNotTheProblem, String problem,
      GoalsForProblem.Cost cost) {
    Baseline(boolean fullGcs, boolean startupFullGcs, boolean gcNotTheProblem) {
      this(fullGcs, startupFullGcs, gcNotTheProblem, null, GoalsForProblem.Cost.UNKNOWN);
    }

    Baseline(boolean fullGcs, boolean startupFullGcs, boolean gcNotTheProblem, String problem) {
      this(fullGcs, startupFullGcs, gcNotTheProblem, problem, GoalsForProblem.Cost.UNKNOWN);
    }
  }

  /**
   * The levels: an open model at {@code qps} (connections capped by {@code concurrency} when
   * given), else a closed model of {@code concurrency} clients, else placeholder clients;
   * levels that would repeat a load are left out.
   */
  static List<Level> levels(double qps, int concurrency, Baseline b) {
    List<Level> out = new ArrayList<>();
    double lastLoad = -1;
    for (int i = 0; i < NAMES.length; i++) {
      double rate = 0;
      int clients;
      if (qps > 0) {
        rate = Math.max(1, Math.round(qps * SHARES[i]));
        clients = concurrency > 0 ? concurrency : Math.max(16, Math.min(256, (int) Math.ceil(rate / 10)));
      } else {
        int c = concurrency > 0 ? concurrency : PLACEHOLDER_CLIENTS;
        clients = Math.max(1, (int) Math.ceil(c * SHARES[i]));
      }
      double load = qps > 0 ? rate : clients;
      if (load == lastLoad) {
        continue;
      }
      lastLoad = load;
      out.add(new Level(NAMES[i], rate, clients, List.of("/"), WARMUP, DURATION, TIMEOUT,
          goals(NAMES[i], out.isEmpty(), b), 0));
    }
    return out;
  }

  /** The goals at one level: the problem's when the baseline names one, else the general ones. */
  static Map<String, Goal> goals(String level, boolean highest, Baseline b) {
    return GoalsForProblem.of(b.problem(), highest, b.cost()).orElseGet(() -> goals(level, b));
  }

  /** The general goals at one level, when no problem is named. */
  static Map<String, Goal> goals(String level, Baseline b) {
    Map<String, Goal> g = new LinkedHashMap<>();
    put(g, Metric.THROUGHPUT, "-5%");
    if (b.gcNotTheProblem()) {
      // hygiene flags are not expected to help: they must not hurt
      put(g, Metric.P99, "+5%");
    } else {
      put(g, Metric.YGC_COUNT, "-20%");
      put(g, Metric.YGC_TIME_TOTAL, "-20%");
      if (b.fullGcs()) {
        put(g, Metric.FGC_COUNT, "-50%");
      }
      if (level.equals("high")) {
        put(g, Metric.P99, "-30%");
        if (b.fullGcs()) {
          put(g, Metric.FGC_TIME_TOTAL, "-50%");
        }
      }
    }
    if (b.startupFullGcs()) {
      g.put("noFgcOnStartup", new Goal(Metric.STARTUP_FGC, Goal.Kind.AT_MOST, 0, "true", 0));
    }
    return g;
  }

  private static void put(Map<String, Goal> goals, Metric m, String relative) {
    double value = Double.parseDouble(relative.substring(0, relative.length() - 1));
    goals.put(m.key(), new Goal(m, Goal.Kind.RELATIVE, value, relative, 0));
  }
}
