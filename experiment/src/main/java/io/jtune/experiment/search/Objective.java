package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Metric;
import java.util.Locale;

/**
 * What the search optimises among the configurations that meet the SLO: the lowest p99
 * ({@link #LATENCY}, the default), the highest sustained throughput ({@link #THROUGHPUT}), the
 * smallest memory ({@link #FOOTPRINT}: the heap, or the container's memory limit when one is
 * given) or the lowest price of cores and memory ({@link #COST}). The last two search one
 * monotone dimension, memory, by bisection ({@link Bisection}).
 */
public enum Objective {
  LATENCY(Metric.P99),
  THROUGHPUT(Metric.THROUGHPUT),
  FOOTPRINT(Metric.P99),
  COST(Metric.P99);

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

  /** Whether the objective sizes memory (footprint, cost) rather than racing parameter values. */
  public boolean sizesMemory() {
    return this == FOOTPRINT || this == COST;
  }

  /** The objective in words. */
  public String words() {
    return switch (this) {
      case LATENCY -> "lowest p99";
      case THROUGHPUT -> "highest sustained throughput";
      case FOOTPRINT -> "smallest memory meeting the SLO";
      case COST -> "cheapest cores and memory meeting the SLO";
    };
  }

  /** The objective named {@code text}; one line when unknown. */
  public static Objective parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    return switch (t) {
      case "latency" -> LATENCY;
      case "throughput" -> THROUGHPUT;
      case "footprint" -> FOOTPRINT;
      case "cost" -> COST;
      default -> throw new JtuneException("--objective '" + text + "': latency, throughput, footprint or cost");
    };
  }
}
