package io.jtune.experiment.search;

import java.util.List;

/**
 * What to search: the application's parameters and their values, the objective and the SLO.
 *
 * @param params the parameters, each with its values (their cross product is searched)
 * @param objective what to optimise among the configurations meeting the SLO
 * @param slo the explicit SLO, or null for "no worse than the service's own configuration"
 * @param prices the prices of cores and memory ({@link Objective#COST})
 * @param sweep whether a memory search probes every size of its grid instead of bisecting (to
 *     check the bisection and the monotone assumption; costs more runs)
 */
public record SearchSpec(List<ParamSpec> params, Objective objective, Slo slo, Prices prices, boolean sweep) {
  /** The most configurations one search races (parameter values x flag sets). */
  public static final int MAX_ARMS = 24;

  public SearchSpec {
    params = List.copyOf(params);
    prices = prices == null ? Prices.DEFAULT : prices;
  }

  /** A search over parameter values. */
  public SearchSpec(List<ParamSpec> params, Objective objective, Slo slo) {
    this(params, objective, slo, Prices.DEFAULT, false);
  }

  /** A search of the memory (footprint, cost): bisected, or every size when {@code sweep}. */
  public static SearchSpec memory(Objective objective, Slo slo, Prices prices, boolean sweep) {
    return new SearchSpec(List.of(), objective, slo, prices, sweep);
  }

  /** The number of value combinations of the parameters. */
  public int combinations() {
    return params.stream().mapToInt(p -> p.values().size()).reduce(1, (a, b) -> a * b);
  }
}
