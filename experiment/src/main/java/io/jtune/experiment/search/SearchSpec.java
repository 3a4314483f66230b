package io.jtune.experiment.search;

import java.util.List;

/**
 * What to search: the application's parameters and their values, the objective and the SLO.
 *
 * @param params the parameters, each with its values (their cross product is searched)
 * @param objective what to optimise among the configurations meeting the SLO
 * @param slo the explicit SLO, or null for "no worse than the service's own configuration"
 */
public record SearchSpec(List<ParamSpec> params, Objective objective, Slo slo) {
  /** The most configurations one search races (parameter values x flag sets). */
  public static final int MAX_ARMS = 24;

  public SearchSpec {
    params = List.copyOf(params);
  }

  /** The number of value combinations of the parameters. */
  public int combinations() {
    return params.stream().mapToInt(p -> p.values().size()).reduce(1, (a, b) -> a * b);
  }
}
