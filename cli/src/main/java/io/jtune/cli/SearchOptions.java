package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.AppParams;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.search.Objective;
import io.jtune.experiment.search.ParamSpec;
import io.jtune.experiment.search.SearchSpec;
import io.jtune.experiment.search.Slo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** {@code jtune tune}'s and {@code jtune demo}'s search options: the application's parameters, the objective, the SLO. */
final class SearchOptions {
  @Option(names = "--param", paramLabel = "NAME=VALUES",
      description = "an application parameter to search (repeatable): NAME=V1,V2,... or NAME=FROM..TO (x2 steps:"
          + " threads=8..128 is 8,16,32,64,128); {NAME} in --command takes each value ({NAME:V}: the value the"
          + " service runs with today, the baseline's); the lab takes threads, accept-count, cache-mb, store-entries")
  List<String> params;

  @Option(names = "--objective", paramLabel = "latency|throughput",
      description = "what the search optimises among the values meeting the SLO: latency (lowest p99, default) or"
          + " throughput (highest sustained rate); of values within 5 %% of the best, the cheapest wins")
  String objective;

  @Option(names = "--slo", paramLabel = "BOUNDS",
      description = "the search's SLO, e.g. 'p99<=50ms,errors<=0.1%%' (p50/p95/p99/p999 in ms or s; errors in %%);"
          + " default: no worse than the service's own configuration")
  String slo;

  /** The search asked for, checked against the target, or null when none was. */
  SearchSpec spec(ServiceSpec target) {
    Objective o = objective == null ? Objective.LATENCY : Objective.parse(objective);
    Slo s = slo == null ? null : Slo.parse(slo);
    if (!target.isLab()) {
      AppParams.placeholders(target.command()).forEach((name, dflt) -> {
        if (dflt == null) {
          throw new JtuneException("--command's {" + name + "} needs the value the service runs with today, for the"
              + " baseline: write {" + name + ":VALUE}");
        }
      });
    }
    if (params == null || params.isEmpty()) {
      if (s != null || o != Objective.LATENCY) {
        throw new JtuneException("--objective and --slo steer a search: give the parameter to search with --param"
            + " NAME=VALUES (e.g. --param threads=8..128)");
      }
      return null;
    }
    List<ParamSpec> specs = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (String p : params) {
      ParamSpec spec = ParamSpec.parse(p);
      if (!names.add(spec.name())) {
        throw new JtuneException("--param " + spec.name() + " is given twice");
      }
      String problem = AppParams.problem(spec.name(), target);
      if (problem != null) {
        throw new JtuneException("--param " + spec.name() + ": " + problem);
      }
      specs.add(spec);
    }
    SearchSpec spec = new SearchSpec(specs, o, s);
    if (spec.combinations() > SearchSpec.MAX_ARMS) {
      throw new JtuneException("--param: " + spec.combinations() + " combinations of values; a search races at most "
          + SearchSpec.MAX_ARMS);
    }
    return spec;
  }

  /** The search in one line, for the session's header. */
  static String describe(SearchSpec s) {
    return "search: " + String.join(" ", s.params().stream().map(ParamSpec::describe).toList()) + " ("
        + s.combinations() + " values), objective " + s.objective().key() + ", SLO "
        + (s.slo() != null ? s.slo().text() : "no worse than the service's own configuration");
  }
}
