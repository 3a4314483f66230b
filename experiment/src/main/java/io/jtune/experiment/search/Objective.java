package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Metric;
import java.util.Locale;

/**
 * What the search optimises among the configurations that meet the SLO: the lowest p99
 * ({@link #LATENCY}, the default) or the highest sustained throughput ({@link #THROUGHPUT}).
 */
public enum Objective {
  LATENCY(Metric.P99),
  THROUGHPUT(Metric.THROUGHPUT);

  private final Metric metric;

  Objective(Metric metric) {
    this.metric = metric;
  }

  /** The metric the objective ranks by. */
  public Metric metric() {
    return metric;
  }

  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The objective named {@code text}; one line when unknown. {@code footprint} (smallest heap
   * meeting the SLO) and {@code cost} (cores and memory priced) are named but not built yet.
   */
  public static Objective parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    return switch (t) {
      case "latency" -> LATENCY;
      case "throughput" -> THROUGHPUT;
      case "footprint", "cost" -> throw new JtuneException("--objective " + t + " is not built yet: use latency"
          + " (lowest p99, the default) or throughput (highest sustained rate meeting the SLO)");
      default -> throw new JtuneException("--objective '" + text + "': latency or throughput");
    };
  }
}
