package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.AppParams;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.search.Objective;
import io.jtune.experiment.search.ParamSpec;
import io.jtune.experiment.search.Prices;
import io.jtune.experiment.search.Refinement;
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
          + " service runs with today, the baseline's); the lab takes threads, accept-count, cache-mb, store-entries."
          + " A smaller value is taken to use less (fewer threads, connections or entries: less memory and CPU): of"
          + " values as good as each other the smaller wins; end with :larger-is-cheaper when a larger one uses less."
          + " Whole numbers are refined after the race: between the winner and the listed value below it that"
          + " missed, the midpoint is probed (at most " + Refinement.MAX_PROBES + " probes, bisecting)")
  List<String> params;

  @Option(names = "--objective", paramLabel = "latency|throughput|footprint|cost",
      description = "what the search optimises among the values meeting the SLO: latency (lowest p99, default) or"
          + " throughput (highest sustained rate) of the --param values (of values within 5 %% of the best, the"
          + " cheapest wins); footprint: the smallest heap (with --memory-limit: the smallest memory limit) meeting"
          + " --slo, bisected from the live set up; cost: the same search, priced (--price-core, --price-gb)")
  String objective;

  @Option(names = "--price-core", paramLabel = "PRICE",
      description = "--objective cost: the price of one core for an hour (default 0.031611, OpenCost's default,"
          + " GCP us-central1 on-demand, USD)")
  Double priceCore;

  @Option(names = "--price-gb", paramLabel = "PRICE",
      description = "--objective cost: the price of 1 GiB of memory for an hour (default 0.004237, OpenCost's"
          + " default, GCP us-central1 on-demand, USD)")
  Double priceGb;

  @Option(names = "--sweep",
      description = "--objective footprint or cost: probe every size of the grid instead of bisecting (checks the"
          + " bisection and the monotone assumption; costs more runs)")
  boolean sweep;

  @Option(names = "--slo", paramLabel = "BOUNDS",
      description = "the search's SLO, e.g. 'p99<=50ms,errors<=0.1%%' (p50/p95/p99/p999 in ms or s; errors in %%);"
          + " default: no worse than the service's own configuration")
  String slo;

  /** The search asked for, checked against the target, or null when none was. */
  SearchSpec spec(ServiceSpec target) {
    Objective o = objective == null ? Objective.LATENCY : Objective.parse(objective);
    Slo s = slo == null ? null : Slo.parse(slo);
    if ((priceCore != null || priceGb != null) && o != Objective.COST) {
      throw new JtuneException("--price-core and --price-gb price a cost search: give --objective cost");
    }
    if (sweep && !o.sizesMemory()) {
      throw new JtuneException("--sweep probes every size of a memory search: give --objective footprint or cost");
    }
    if (o.sizesMemory()) {
      if (params != null && !params.isEmpty()) {
        throw new JtuneException("--objective " + o.key() + " searches the memory, not --param values: give one or"
            + " the other");
      }
      if (s == null) {
        throw new JtuneException("--objective " + o.key() + " needs the SLO the smallest memory must meet: give --slo"
            + " (e.g. --slo 'p99<=50ms,errors<=0.1%')");
      }
      return SearchSpec.memory(o, s, Prices.of(priceCore, priceGb), sweep);
    }
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
            + " NAME=VALUES (e.g. --param threads=8..128), or --objective footprint or cost to size the memory");
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
    if (s.objective().sizesMemory()) {
      return "search: the memory (" + s.objective().words() + "), " + (s.sweep() ? "every size probed" : "bisected")
          + ", SLO " + s.slo().text() + (s.objective() == Objective.COST ? "; prices " + s.prices().describe() : "");
    }
    return "search: " + String.join(" ", s.params().stream().map(ParamSpec::describe).toList()) + " ("
        + s.combinations() + " values), objective " + s.objective().key() + ", SLO "
        + (s.slo() != null ? s.slo().text() : "no worse than the service's own configuration");
  }
}
