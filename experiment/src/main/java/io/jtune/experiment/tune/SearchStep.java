package io.jtune.experiment.tune;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.search.Arm;
import io.jtune.experiment.search.ParamSearch;
import io.jtune.experiment.search.SearchHtml;
import io.jtune.experiment.search.SearchJson;
import io.jtune.experiment.search.SearchResult;
import io.jtune.experiment.search.SearchText;
import io.jtune.experiment.search.Slo;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.runtime.output.OutputFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tune session's search over the application's parameters ({@link ParamSearch}): the values
 * (crossed with the first rule-made candidate when there is one and the budget holds it) raced
 * at the load asked for, the search's report written (search.txt, .json, .html), and the plan
 * that re-validates the winner against the baseline with full repetitions at every level,
 * interleaved, as every experiment of the session does.
 */
final class SearchStep {
  private SearchStep() {}

  /**
   * The search does not fit what is left of {@code budget}: the runs it needs at the fewest
   * ({@code configurations} x the fewest runs for an interval, and the winner's check of
   * {@code checkRuns}) at {@code perRun} each, what is left, and the whole budget that holds them
   * (what was spent so far plus the runs, rounded up to a minute).
   */
  static String budgetTooSmall(TuneBudget budget, Duration perRun, int configurations, long checkRuns) {
    long runs = (long) configurations * Delta.MIN_RUNS + checkRuns;
    Duration needed = perRun.multipliedBy(runs);
    Duration spent = budget.limit().minus(budget.left());
    Duration left = budget.left().isNegative() ? Duration.ZERO : budget.left();
    long minutes = (spent.plus(needed).toSeconds() + 59) / 60;
    return "the budget does not hold the search: " + configurations + " configuration" + (configurations == 1 ? "" : "s")
        + " x " + Delta.MIN_RUNS + " runs (the fewest for an interval) and " + checkRuns + " runs for the winner's check"
        + " against the baseline, about " + RunBudget.words(perRun) + " a run here: " + RunBudget.words(needed)
        + ", and " + RunBudget.words(left) + " is left; give --budget " + minutes + "m or more, or fewer values";
  }

  /** What the search found, its report files, and the validation plan (null when nothing beat the service's own). */
  record Outcome(SearchResult result, List<Path> files, Plan validation) {}

  /**
   * Runs the search. {@code suggested} is the session's plan of rule-made candidates, or null
   * when the rules suggested none; {@code perRun} a run's time; {@code levels} and
   * {@code repetitions} the validation's.
   */
  static Outcome run(TuneSettings job, Suggestion s, Plan suggested, List<Level> levels, int repetitions,
      Duration perRun, TuneListener listener) {
    Level high = levels.get(0);
    Candidate own = suggested != null ? suggested.baselineCandidate()
        : job.target().isLab() ? Candidate.of(Suggestion.BASELINE, List.of(), s.baseline().reason()) : s.baseline();
    Candidate rule = suggested != null && suggested.candidates().size() > 1 ? suggested.candidates().get(1) : null;
    String uncrossed = null;
    if (rule != null && s.gcNotTheProblem()) {
      // low-risk flags that are expected to change little would double the runs for nothing
      uncrossed = "the values were not crossed with the rule-made candidate '" + rule.name() + "': GC is not the"
          + " problem here, and its flags are expected to change little";
      rule = null;
    }
    Plan template = new Plan(job.name(), job.target(), own.name(), List.of(own), levels, repetitions,
        Plan.Order.INTERLEAVED, Duration.ofSeconds(1), null);
    // the budget must hold the next round and, after it, the winner's check against the baseline
    long validationRuns = 2L * levels.size() * repetitions;
    java.util.function.IntPredicate roomFor = n -> job.budget() == null
        || job.budget().left().compareTo(perRun.multipliedBy(n + validationRuns)) >= 0;
    int fewest = job.search().combinations() * Delta.MIN_RUNS;
    if (!roomFor.test(fewest)) {
      // said before the search starts, with the budget that holds it: a rerun then fits at once
      throw new JtuneException(budgetTooSmall(job.budget(), perRun, job.search().combinations(), validationRuns));
    }
    SearchResult raced = new ParamSearch(job.search(), high.open() ? high.rateRps() : 0, listener)
        .run(template, high, own, rule, repetitions + 2, job.dir().resolve(ParamSearch.DIR), roomFor);
    SearchResult r = uncrossed == null ? raced : raced.withNote(uncrossed);
    List<Path> files = write(job, r);
    listener.searched(r, files);
    if (r.winner() == null || r.winner().ownConfiguration()) {
      return new Outcome(r, files, null);
    }
    Candidate winner = r.winner().candidate();
    List<Level> ls = validationLevels(job.search().slo(), ruleGoals(r.winner(), suggested), levels);
    Plan validation = template.withCandidates(own.name(), List.of(own, winner.withLine(0))).withLevels(ls)
        .withRepetitions(repetitions);
    return new Outcome(r, files, validation);
  }

  /** The search's report files: search.json, search.txt, search.html. */
  static List<Path> write(TuneSettings job, SearchResult r) {
    List<Path> files = new ArrayList<>();
    files.add(SearchJson.write(job.dir(), r));
    files.add(OutputFile.write(job.dir().resolve(SearchText.FILE), w -> w.write(String.join("\n", SearchText.lines(r))
        + "\n")));
    files.add(OutputFile.write(job.dir().resolve(SearchHtml.FILE), w -> w.write(SearchHtml.page(r))));
    return files;
  }

  /**
   * The rule-made plan whose goals the winner's check takes: {@code suggested} when the winner
   * carries the rule's flags (crossed with its values), else null. The rule's goals are what its
   * flags are for; a winner with the service's own flags changed only its parameters, and is
   * checked on the SLO with no other metric worse. Found on WireMock at 250 req/s: the overloaded
   * baseline's log read "long pauses", and threads=32 (p99 8.6 s -> 103 ms, the SLO met) was
   * ruled out for missing "maxPause -20 %" it was never meant to meet.
   */
  static Plan ruleGoals(Arm winner, Plan suggested) {
    List<Double> cost = winner.cost();
    return !cost.isEmpty() && cost.get(cost.size() - 1) > 0 ? suggested : null;
  }

  /**
   * The levels of the winner's check against the baseline: the rule-made plan's goals where there
   * is one; the SLO's latency bound at every level (the user's goal for that metric, in place of a
   * margin against the baseline, unless a rule-made goal asks for better there); otherwise p99 no
   * more than 10 % worse; throughput no more than 5 % lower.
   */
  static List<Level> validationLevels(Slo slo, Plan suggested, List<Level> levels) {
    List<Level> ls = new ArrayList<>();
    for (Level l : levels) {
      Map<String, Goal> goals = new LinkedHashMap<>(suggested != null
          ? suggested.level(l.name()).map(Level::goals).orElse(Map.of()) : Map.of());
      if (slo != null && slo.latency() != null) {
        Goal rule = goals.get(slo.latency().key());
        if (rule == null || !rule.demandsBetter()) {
          goals.put(slo.latency().key(), sloBound(slo));
        }
      }
      goals.putIfAbsent(Metric.P99.key(), Goal.nonInferior(Metric.P99, 10));
      goals.putIfAbsent(Metric.THROUGHPUT.key(), Goal.nonInferior(Metric.THROUGHPUT, -5));
      ls.add(l.withGoals(goals).withLine(0));
    }
    return ls;
  }

  /** The SLO's latency bound as a goal: {@code p99 <= 50}. */
  static Goal sloBound(Slo slo) {
    return new Goal(slo.latency(), Goal.Kind.AT_MOST, slo.latencyMs(),
        "<= " + slo.latency().format(slo.latencyMs()).replaceFirst("\\.?0+$", ""), 0);
  }
}
