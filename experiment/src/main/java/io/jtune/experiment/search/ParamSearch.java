package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.AppParams;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;

/**
 * The search over the application's parameter values (crossed with at most one rule-made flag
 * set), as a race: round by round every configuration still in it gets one more run at the
 * load asked for, interleaved, and {@link Racing} drops what failed, misses the SLO or cannot
 * win; the race ends after {@code maxRounds} rounds, when one configuration is left, or when the
 * budget holds no further round. The runs land in {@code DIR/runs/}, the search's whole design
 * (every configuration x {@code maxRounds}) in {@code DIR/plan.yaml}. Then the values between
 * the winner and the listed value below it that did not qualify are bisected ({@link Refinement}),
 * each probe in {@code DIR/refine-N-NAME/}.
 */
public final class ParamSearch {
  /** The search's directory inside a tune session's. */
  public static final String DIR = "search";

  private final SearchSpec spec;
  private final Racing racing;
  private final SearchListener listener;

  public ParamSearch(SearchSpec spec, double offeredRps, SearchListener listener) {
    this.spec = spec;
    this.racing = new Racing(spec.objective(), spec.slo(), offeredRps);
    this.listener = listener;
  }

  /**
   * Races the configurations.
   *
   * @param template the tune session's plan: its target, name and cooldown
   * @param level the load the search measures at (its goals are not used)
   * @param own the service's own configuration (the plan's baseline)
   * @param rule a rule-made flag candidate to cross the values with, or null
   * @param maxRounds the most runs of one configuration
   * @param roomFor whether the budget holds that many more runs (and the validation after them)
   */
  public SearchResult run(Plan template, Level level, Candidate own, Candidate rule, int maxRounds, Path dir,
      IntPredicate roomFor) {
    List<String> notes = new ArrayList<>();
    int rounds = Math.max(Delta.MIN_RUNS, maxRounds);
    List<Arm> arms = arms(template, own, rule);
    if (rule != null && (arms.size() > SearchSpec.MAX_ARMS || !roomFor.test(arms.size() * Delta.MIN_RUNS))) {
      arms = arms(template, own, null);
      notes.add("the values were not crossed with the rule-made candidate '" + rule.name() + "': "
          + (arms.size() * 2 > SearchSpec.MAX_ARMS ? "too many configurations" : "the budget does not hold them"));
    }
    if (arms.size() > SearchSpec.MAX_ARMS) {
      throw new JtuneException(arms.size() + " parameter combinations; a search races at most " + SearchSpec.MAX_ARMS);
    }
    int needed = arms.size() * Delta.MIN_RUNS;
    if (!roomFor.test(needed)) {
      throw new JtuneException("the budget does not hold the search: " + arms.size() + " configurations x "
          + Delta.MIN_RUNS + " runs (the fewest for an interval) and the check of the winner; give a larger --budget"
          + " or fewer values");
    }
    List<Candidate> cs = new ArrayList<>();
    cs.add(own);
    arms.stream().filter(a -> !a.ownConfiguration()).forEach(a -> cs.add(a.candidate()));
    Plan plan = template.withName(template.name() + "-search").withCandidates(own.name(), cs)
        .withLevels(List.of(level.withGoals(Map.of()).withLine(0))).withRepetitions(rounds)
        .withOrder(Plan.Order.INTERLEAVED).withSource(null);
    String yaml = new PlanWriter().header(List.of("the search over " + spec.params().stream()
        .map(ParamSpec::describe).collect(Collectors.joining(" ")) + ": every configuration x " + rounds
        + " runs, of which the race ran only what it needed")).write(plan);
    Experiment experiment;
    try {
      experiment = Experiment.prepare(plan, yaml, dir, Experiment.Options.DEFAULTS, listener.runs());
    } catch (PlanException e) {
      throw new JtuneException(e.getMessage().replaceFirst("^plan line \\d+: ", ""), e);
    }
    long started = System.nanoTime();
    int done = 0;
    int round = 0;
    for (int r = 1; r <= rounds; r++) {
      List<Arm> alive = Racing.alive(arms);
      if (r > 1 && alive.size() <= 1) {
        break;
      }
      if (r > 1 && !roomFor.test(alive.size())) {
        notes.add("stopped after round " + (r - 1) + ": the budget holds no further round and the check of the"
            + " winner");
        listener.stoppedEarly(notes.get(notes.size() - 1));
        break;
      }
      listener.roundStarting(r, alive);
      Set<String> names = alive.stream().map(Arm::name).collect(Collectors.toSet());
      int rep = r;
      Map<String, Arm> byName = new LinkedHashMap<>();
      arms.forEach(a -> byName.put(a.name(), a));
      for (RunResult res : experiment.run(k -> k.repetition() == rep && names.contains(k.candidate()))) {
        byName.get(res.candidate()).add(res);
        done++;
      }
      round = r;
      racing.review(arms, r);
      for (Arm a : alive) {
        if (!a.alive()) {
          listener.dropped(a);
        }
      }
    }
    Arm won = racing.winner(arms).orElse(null);
    if (won != null) {
      int[] probeRuns = {0};
      Refinement.Prober prober = (order, c, n) -> {
        List<RunResult> out = probe(template, level, c, n, dir.resolve("refine-" + order + "-" + c.name()));
        probeRuns[0] += out.size();
        return out;
      };
      List<String> stopped = new Refinement(spec, racing).refine(arms, Math.max(1, won.runs().size()), prober,
          roomFor, listener);
      stopped.forEach(listener::stoppedEarly);
      notes.addAll(stopped);
      done += probeRuns[0];
    }
    Duration spent = Duration.ofNanos(System.nanoTime() - started);
    return new SearchResult(spec, racing, level, arms, racing.winner(arms).orElse(null),
        racing.leader(arms).orElse(null), round, rounds, done, spent, notes);
  }

  /** One refinement probe: the candidate alone at the race's load, up to {@code runs} runs, ending at a failed run. */
  private List<RunResult> probe(Plan template, Level level, Candidate c, int runs, Path dir) {
    Plan plan = template.withName(template.name() + "-" + c.name()).withCandidates(c.name(), List.of(c))
        .withLevels(List.of(level.withGoals(Map.of()).withLine(0))).withRepetitions(runs)
        .withOrder(Plan.Order.INTERLEAVED).withSource(null);
    String yaml = new PlanWriter().header(List.of("a refinement probe of the search over " + spec.params().stream()
        .map(ParamSpec::describe).collect(Collectors.joining(" ")) + ": " + c.reason())).write(plan);
    Experiment experiment;
    try {
      experiment = Experiment.prepare(plan, yaml, dir, Experiment.Options.DEFAULTS, listener.runs());
    } catch (PlanException e) {
      throw new JtuneException(e.getMessage().replaceFirst("^plan line \\d+: ", ""), e);
    }
    return experiment.runUntilFailure(runs);
  }

  /** A configuration's name from its values: {@code threads=32+cache-mb=64}. */
  static String joined(Map<String, String> values) {
    return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("+"));
  }

  /** The configurations: every combination of the values, with the service's flags (and the rule's). */
  List<Arm> arms(Plan template, Candidate own, Candidate rule) {
    List<Map<String, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (ParamSpec p : spec.params()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> c : combos) {
        for (String v : p.values()) {
          Map<String, String> m = new LinkedHashMap<>(c);
          m.put(p.name(), v);
          next.add(m);
        }
      }
      combos = next;
    }
    List<Arm> out = new ArrayList<>();
    if (spec.slo() == null) {
      // the SLO is "no worse than the service's own configuration": it races too
      List<Double> cost = new ArrayList<>();
      for (ParamSpec p : spec.params()) {
        cost.add(p.cost(AppParams.today(p.name(), template.target())));
      }
      cost.add(0.0);
      out.add(new Arm(own, cost, true));
    }
    List<Candidate> flagSets = rule == null ? List.of(own) : List.of(own, rule);
    for (Candidate f : flagSets) {
      for (Map<String, String> combo : combos) {
        String name = joined(combo) + (f == own ? "" : "+" + f.name());
        name = name.length() > 64 ? name.substring(0, 64) : name;
        List<Double> cost = new ArrayList<>();
        for (ParamSpec p : spec.params()) {
          cost.add(p.cost(combo.get(p.name())));
        }
        cost.add(f == own ? 0.0 : 1.0);
        String reason = (f == own ? "The service's flags" : "The flags of '" + f.name() + "'") + " with "
            + combo.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))
            + ".";
        out.add(new Arm(new Candidate(name, f.flags(), reason, f.javaHome(), 0, combo), cost, false));
      }
    }
    return out;
  }
}
