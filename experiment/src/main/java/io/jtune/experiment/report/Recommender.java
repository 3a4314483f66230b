package io.jtune.experiment.report;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.GoalVerdict;
import io.jtune.experiment.report.ExperimentReport.LevelReport;
import io.jtune.experiment.report.ExperimentReport.Recommendation;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The experiment's verdict, in this order:
 * <ol>
 *   <li>memory-leak when most of the baseline's runs show a leak in their GC logs (flags are not
 *       the fix, whatever the candidates did);
 *   <li>adopt the candidate that, at every level, meets every goal (non-inferiority goals at least
 *       not missed: no significant regression beyond a margin) and at some level improves
 *       significantly what a goal asks to improve, or that at some level significantly lowers p99 or
 *       raises throughput with no significant regression at any level ({@link ServiceGain}); of
 *       several, the lowest p99 at the highest load;
 *   <li>not-a-gc-problem when the baseline's GC is small at every level (GC share, no Full GC,
 *       pauses below p99);
 *   <li>inconclusive when a side has fewer runs than an interval needs, or a candidate is ruled
 *       out by nothing but intervals too wide to tell;
 *   <li>keep-baseline otherwise.
 * </ol>
 * A level's winner follows the verdict: the adopted candidate where it improved significantly,
 * else none, so no level names a winner the verdict does not adopt. Whatever the verdict, every
 * significant regression of a tried candidate is named in the summary ({@link Regressions}). A
 * candidate the container's memory limit killed in any run is never adopted, and the verdict says so;
 * a baseline it killed (or whose heap ran out under the limit) is the diagnosis, and a candidate that
 * ran clean within the limit is adopted
 * ({@link BaselineDown}).
 */
final class Recommender {
  private static final String LEAK = "memory-leak";

  private Recommender() {}

  static Recommendation recommend(Plan plan, List<String> baseFlags, List<LevelReport> levels, List<RunResult> runs) {
    // a baseline that does not serve in its container (killed by the memory limit, out of heap) is the
    // diagnosis: a candidate that runs within the limit wins
    Recommendation killedBaseline = BaselineDown.of(plan, baseFlags, levels, runs);
    if (killedBaseline != null) {
      return killedBaseline;
    }
    List<String> killed = plan.candidates().stream().map(Candidate::name)
        .filter(n -> !n.equals(plan.baseline()) && ContainerText.oomKilledRuns(runs, n) > 0).toList();
    Recommendation rec = recommend(plan, baseFlags, levels, runs, killed);
    if (killed.isEmpty()) {
      return rec;
    }
    // a candidate the container's memory limit killed would be killed in production: it never wins
    List<String> reasons = new ArrayList<>(rec.reasons());
    List<String> said = new ArrayList<>();
    for (String n : killed) {
      long all = runs.stream().filter(r -> r.candidate().equals(n)).count();
      said.add(String.format(Locale.US, "%s was killed by the container's memory limit in %d of %d runs",
          n, ContainerText.oomKilledRuns(runs, n), all));
      runs.stream().filter(r -> r.candidate().equals(n) && r.oomKilled()).findFirst()
          .ifPresent(r -> reasons.add(r.id() + ": " + r.failure()));
    }
    String summary = rec.summary() + " " + String.join("; ", said) + ": a candidate the container kills can never"
        + " win.";
    return new Recommendation(rec.verdict(), rec.winner(), summary, reasons, rec.flagDiff(), rec.gcNotTheBottleneck());
  }

  private static Recommendation recommend(Plan plan, List<String> baseFlags, List<LevelReport> levels,
      List<RunResult> runs, List<String> killed) {
    Recommendation leak = leak(plan, runs);
    if (leak == null) {
      return namingRegressions(judge(plan, baseFlags, levels, runs, killed), levels);
    }
    String refuted = LargerHeapCheck.refutation(plan, baseFlags, runs);
    if (refuted == null) {
      return leak;
    }
    // a larger heap held what the baseline's filled: judged as any heap too small, and said so
    Recommendation rec = namingRegressions(judge(plan, baseFlags, levels, runs, killed), levels);
    List<String> reasons = new ArrayList<>(rec.reasons().stream()
        .filter(r -> !r.contains("JVM flags are not the fix for a leak")).toList());
    reasons.add(0, refuted);
    return new Recommendation(rec.verdict(), rec.winner(), rec.summary() + " Not a leak: " + refuted + ".", reasons,
        rec.flagDiff(), rec.gcNotTheBottleneck());
  }

  /**
   * The recommendation with every significant regression of a tried candidate other than the
   * adopted one named in its summary and its reasons (the adopted one's are in its own summary),
   * and every significant change within its practical floor named in its reasons as no practical
   * difference (it is neither a regression nor a gain).
   */
  private static Recommendation namingRegressions(Recommendation rec, List<LevelReport> levels) {
    List<Regressions.Regression> worse = Regressions.of(levels).stream()
        .filter(r -> !r.candidate().equals(rec.winner())).toList();
    String flat = Regressions.withinFloorText(Regressions.withinFloor(levels));
    if (worse.isEmpty() && flat.isEmpty()) {
      return rec;
    }
    List<String> reasons = new ArrayList<>(rec.reasons());
    if (!flat.isEmpty()) {
      reasons.add(flat);
    }
    if (worse.isEmpty()) {
      return new Recommendation(rec.verdict(), rec.winner(), rec.summary(), reasons, rec.flagDiff(),
          rec.gcNotTheBottleneck());
    }
    reasons.add(0, Regressions.text(worse));
    return new Recommendation(rec.verdict(), rec.winner(), rec.summary() + " " + Regressions.text(worse) + ".",
        reasons, rec.flagDiff(), rec.gcNotTheBottleneck());
  }

  private static Recommendation judge(Plan plan, List<String> baseFlags, List<LevelReport> levels, List<RunResult> runs,
      List<String> killed) {
    List<String> names = plan.candidates().stream().map(Candidate::name)
        .filter(n -> !n.equals(plan.baseline()) && !killed.contains(n)).toList();
    LevelReport top = ExperimentReport.highestLoad(levels);
    List<String> adoptable = names.stream().filter(n -> meetsGoals(levels, n) || gains(levels, n)).toList();
    if (!adoptable.isEmpty()) {
      return adopt(plan, baseFlags, levels, top, adoptable, runs);
    }
    List<String> reasons = new ArrayList<>();
    // levels early stopping did not run (every candidate ruled out before them) say nothing
    List<LevelReport> measured = EarlyStopping.levelsRun(plan, levels);
    boolean gcSmall = gcEvidence(plan, measured, reasons);
    for (LevelReport l : measured) {
      reasons.addAll(whyNot(l).stream().map(r -> l.level().name() + ": " + r).toList());
    }
    String shared = sharedHost(runs, Runtime.getRuntime().availableProcessors());
    if (shared != null) {
      reasons.add(shared);
    }
    for (String n : names) {
      String why = plan.candidate(n).orElseThrow().reason();
      if (!why.isBlank()) {
        reasons.add("why " + n + " was tried: " + why);
      }
    }
    String base = plan.baseline();
    if (gcSmall) {
      return notAGcProblem(plan, runs, top, reasons);
    }
    // early stopping held candidates back at a level while another led, and the leader then fell short there
    Recommendation held = LeaderRule.inconclusive(plan, levels, runs, reasons);
    if (held != null) {
      return held;
    }
    // the runs an interval is made from: the baseline's, and those of each candidate that ran at all
    int fewest = measured.stream().flatMap(l -> l.candidates().stream()).filter(c -> c.baseline() || c.okRuns() > 0)
        .mapToInt(CandidateReport::okRuns).min().orElse(0);
    if (fewest < Delta.MIN_RUNS) {
      return new Recommendation(Verdict.INCONCLUSIVE, null, String.format(Locale.US, "Keep %s for now: inconclusive"
          + " (n=%d) — a confidence interval needs at least %d successful runs per candidate and level; run more"
          + " repetitions.", base, fewest, Delta.MIN_RUNS), reasons, List.of(), false);
    }
    List<String> open = names.stream()
        .filter(n -> levels.stream().noneMatch(l -> l.candidate(n).missesAGoal()))
        .filter(n -> levels.stream().anyMatch(l -> l.candidate(n).unsettled().stream().anyMatch(v -> v.goal().demandsBetter())))
        .toList();
    if (!open.isEmpty()) {
      return new Recommendation(Verdict.INCONCLUSIVE, null, "Keep " + base + " for now: inconclusive — "
          + String.join(", ", open) + " missed no goal and may improve what the goals ask, but the 95 % intervals"
          + " do not settle it; run more repetitions.", reasons, List.of(), false);
    }
    String advice = baselineAdvice(plan, runs);
    return new Recommendation(Verdict.KEEP_BASELINE, null, "Keep " + base + ": no candidate meets every goal at"
        + " every level without a significant regression." + (advice == null ? ""
        : " What the baseline's GC logs point to: " + advice), reasons, List.of(), false);
  }

  /** Whether the candidate meets every goal at every level and improves what one asks at some level. */
  private static boolean meetsGoals(List<LevelReport> levels, String n) {
    return levels.stream().allMatch(l -> l.candidate(n).acceptable()) && levels.stream().anyMatch(l -> l.candidate(n).improves());
  }

  /** Whether the candidate lowers p99 or raises throughput significantly somewhere and regresses nowhere. */
  private static boolean gains(List<LevelReport> levels, String n) {
    return levels.stream().allMatch(l -> ServiceGain.noRegression(l.candidate(n)))
        && levels.stream().anyMatch(l -> ServiceGain.at(l.candidate(n)));
  }

  /** Whether the candidate improves significantly at this level: a goal's metric, or p99 or throughput. */
  private static boolean improvesAt(CandidateReport c) {
    return c.improves() || ServiceGain.at(c);
  }

  /**
   * The runs that shared the host with other processes taking at least a quarter of its cores
   * (their latency measures the host too, and widens the intervals), or null when none did.
   */
  static String sharedHost(List<RunResult> runs, int cores) {
    List<RunResult> busy = runs.stream().filter(r -> r.ok()
        && r.metrics().getOrDefault(Metric.OTHERS_CPU.key(), 0.0) >= Bottleneck.OTHERS_PCT * cores).toList();
    if (busy.isEmpty()) {
      return null;
    }
    return String.format(Locale.US, "%d of %d runs shared the host with other processes using at least %d %% of a core"
        + " (%s): their latency measures the host too and widens the intervals; run them again where nothing else runs"
        + " (delete their runs/ID/result.json and jtune experiment --resume DIR runs them again)", busy.size(),
        runs.stream().filter(RunResult::ok).count(), Bottleneck.OTHERS_PCT * cores, busy.stream()
            .map(r -> String.format(Locale.US, "%s %.0f %%", r.id(), r.metrics().get(Metric.OTHERS_CPU.key())))
            .collect(Collectors.joining(", ")));
  }

  /** The advice most of the baseline's runs' diagnoses give, or null. */
  static String baselineAdvice(Plan plan, List<RunResult> runs) {
    return runs.stream().filter(r -> r.candidate().equals(plan.baseline()) && r.gcProblem() != null
            && r.gcProblem().advice() != null && !r.gcProblem().advice().isBlank())
        .collect(Collectors.groupingBy(r -> r.gcProblem().advice(), LinkedHashMap::new, Collectors.counting()))
        .entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
  }

  /**
   * GC is small at every level: what limits the service instead, from the baseline's runs at the
   * highest load (a JFR recording's lock, the thread dumps, CPU, the time requests wait); a service
   * nothing limits is healthy at that load, and keeps its configuration.
   */
  private static Recommendation notAGcProblem(Plan plan, List<RunResult> runs, LevelReport top,
      List<String> reasons) {
    String base = plan.baseline();
    // a JFR recording of a baseline run (experiment --jfr) says where the time went
    RunResult.RecordingSeen rec = runs.stream().filter(r -> r.candidate().equals(base) && r.recording() != null
        && r.recording().topLock() != null && r.recording().threadsWaitingOnTopLock() != null).map(RunResult::recording)
        .max(Comparator.comparingDouble(RunResult.RecordingSeen::threadsWaitingOnTopLock)).orElse(null);
    if (rec != null) {
      reasons.add(0, "JFR recording of a baseline run: " + rec.topLock());
      if (rec.threadsWaitingOnTopLock() >= 1) {
        return new Recommendation(Verdict.NOT_A_GC_PROBLEM, null, "Keep " + base + ": GC is not the bottleneck"
            + " (small GC time share, no Full GC, pauses below p99); the recording shows threads queueing for one lock ("
            + rec.topLock() + "): take it out of the request path, not JVM flags.", reasons, List.of(), true);
      }
    }
    List<RunResult> topRuns = runs.stream().filter(r -> r.candidate().equals(base) && r.ok()
        && r.level().equals(top.level().name())).toList();
    Bottleneck bn = Bottleneck.of(top.baseline(), topRuns, Bottleneck.Cores.of(plan.limitsFor(plan.baselineCandidate(), top.level()).cpus()));
    if (bn.kind() == Bottleneck.Kind.NONE) {
      if (!bn.evidence().isBlank()) {
        reasons.add(0, top.level().name() + ": " + bn.evidence());
      }
      return new Recommendation(Verdict.KEEP_BASELINE, null, "Keep " + base + ": healthy at these loads — GC is"
          + " small (small GC time share, no Full GC, pauses below p99) and nothing else limits the service (no lock"
          + " holding many threads, CPU below saturation, requests not waiting long); no candidate improves what its"
          + " goals ask, so there is nothing to tune.", reasons, List.of(), true);
    }
    reasons.add(0, top.level().name() + ": " + bn.evidence());
    return new Recommendation(Verdict.NOT_A_GC_PROBLEM, null, "Keep " + base + ": GC is not the bottleneck (small GC"
        + " time share, no Full GC, pauses below p99); at " + top.level().name() + " " + bn.advice() + ".", reasons,
        List.of(), true);
  }

  /** The leak verdict when most baseline runs whose GC analysis names a problem name a leak, else null. */
  private static Recommendation leak(Plan plan, List<RunResult> runs) {
    List<RunResult> base = runs.stream().filter(r -> r.candidate().equals(plan.baseline())).toList();
    List<RunResult> named = base.stream().filter(r -> r.gcProblem() != null).toList();
    List<RunResult> leaking = named.stream().filter(r -> LEAK.equals(r.gcProblem().code())).toList();
    if (leaking.isEmpty() || 2 * leaking.size() < named.size()) {
      return null;
    }
    List<String> reasons = new ArrayList<>();
    reasons.add(String.format(Locale.US, "%d of %d baseline run(s) show a leak in their GC logs or output",
        leaking.size(), base.size()));
    for (RunResult r : leaking) {
      reasons.add(r.id() + ": " + r.gcProblem().evidence());
    }
    reasons.add("what to do: take a heap dump (jcmd PID GC.heap_dump FILE) and two class histograms a few minutes"
        + " apart (jcmd PID GC.class_histogram), and compare what grows: unbounded caches, sessions kept for"
        + " their whole time-to-live, listeners and ThreadLocals are the usual suspects");
    return new Recommendation(Verdict.MEMORY_LEAK, null, "Keep " + plan.baseline() + ": memory leak — the live"
        + " set grows until the heap is full. JVM flags are not the fix: a bigger heap only delays the exhaustion"
        + " at the same rate. Find what grows and fix the code.", reasons, List.of(), false);
  }

  private static Recommendation adopt(Plan plan, List<String> baseFlags, List<LevelReport> levels, LevelReport top,
      List<String> adoptable, List<RunResult> runs) {
    String best = lowestP99(top, adoptable);
    String w = pick(plan, top, adoptable);
    List<String> reasons = new ArrayList<>();
    if (!w.equals(best)) {
      reasons.add(String.format(Locale.US, "%s changes less than %s (%d flags against %d), and %s's p99 at %s is not"
          + " significantly lower (p99 vs %s: %s against %s): the smaller change is adopted", w, best,
          plan.candidate(w).orElseThrow().flags().size(), plan.candidate(best).orElseThrow().flags().size(), best,
          top.level().name(), plan.baseline(), ExperimentText.change(top.candidate(w).deltas().get(Metric.P99)),
          ExperimentText.change(top.candidate(best).deltas().get(Metric.P99))));
    }
    List<String> improved = new ArrayList<>();
    List<String> gained = new ArrayList<>();
    for (LevelReport l : levels) {
      CandidateReport c = l.candidate(w);
      reasons.add(l.level().name() + ": " + headline(c));
      for (GoalVerdict v : c.goals()) {
        if (v.improved()) {
          improved.add(v.goal().describe() + ": " + v.goal().metric().key() + " "
              + ExperimentText.change(c.deltas().get(v.goal().metric())) + " at " + l.level().name());
        }
      }
      if (ServiceGain.at(c)) {
        ServiceGain.gains(c).stream().filter(g -> improved.stream().noneMatch(i -> i.contains(g)))
            .forEach(g -> gained.add(g + " at " + l.level().name()));
      }
      for (GoalVerdict v : c.unsettled()) {
        reasons.add(l.level().name() + ": " + v.goal().describe() + " not shown, but no significant regression ("
            + v.evidence() + ")");
      }
    }
    Candidate wc = plan.candidate(w).orElseThrow();
    if (!wc.reason().isBlank()) {
      reasons.add("why it was tried: " + wc.reason());
    }
    String advice = baselineAdvice(plan, runs);
    if (advice != null) {
      reasons.add("what the baseline's GC logs point to: " + advice);
    }
    String what = improved.isEmpty() ? "it significantly improves what the service's users see ("
        + String.join("; ", gained) + ")"
        : "it improves what the goals ask (" + String.join("; ", improved) + ")"
        + (gained.isEmpty() ? "" : ", and " + String.join("; ", gained));
    if (improved.isEmpty()) {
      reasons.add("no goal asked for what it improves (the goals follow what the baseline showed the GC cost);"
          + " a significant gain in p99 or throughput with no significant regression is adopted all the same");
    }
    List<Regressions.Regression> own = Regressions.of(levels, w);
    String regression = own.isEmpty() ? " with no significant regression at any level"
        : ", though at a significant cost (" + Regressions.atLevels(own) + ")";
    String summary = "Adopt " + w + ": " + what + regression + (adoptable.size() < 2 ? ""
        : w.equals(best) ? ", and has the lowest p99 at " + top.level().name() + " of the " + adoptable.size() + " that do"
        : ", and is the smallest change of the " + adoptable.size() + " that do (" + best + "'s p99 is not"
            + " significantly lower)")
        + "; at " + top.level().name() + " p99 " + ExperimentText.pctText(top.candidate(w).deltas().get(Metric.P99))
        + " vs " + plan.baseline() + ".";
    return new Recommendation(Verdict.ADOPT, w, summary, reasons,
        FlagDiff.of(plan.baselineCandidate().flags(), wc.flags(), baseFlags), false);
  }

  /** Of the adoptable candidates, the one with the lowest mean p99 at the highest load. */
  private static String lowestP99(LevelReport top, List<String> adoptable) {
    return adoptable.stream().min(Comparator.comparingDouble(n -> top.candidate(n).mean(Metric.P99))).orElseThrow();
  }

  /**
   * The candidate the verdict adopts of {@code adoptable} (not empty): the smallest change whose p99
   * at the highest load {@code top} is as good as the lowest ({@link #smallestChangeAsGood}).
   */
  static String pick(Plan plan, LevelReport top, List<String> adoptable) {
    return smallestChangeAsGood(plan, top, adoptable, lowestP99(top, adoptable));
  }

  /**
   * Of the adoptable candidates, the one with the fewest flags whose p99 at the highest load is not
   * significantly worse than the best's: their p99 changes against the baseline have overlapping
   * 95 % intervals. A bundle is adopted only when it beats the smaller change it contains.
   */
  private static String smallestChangeAsGood(Plan plan, LevelReport top, List<String> adoptable, String best) {
    Delta b = top.candidate(best).deltas().get(Metric.P99);
    int bestFlags = plan.candidate(best).orElseThrow().flags().size();
    return adoptable.stream()
        .filter(n -> plan.candidate(n).orElseThrow().flags().size() < bestFlags)
        .filter(n -> {
          Delta d = top.candidate(n).deltas().get(Metric.P99);
          return b != null && d != null && b.status() == Delta.Status.COMPARED && d.status() == Delta.Status.COMPARED
              && d.pctLow() <= b.pctHigh();
        })
        .min(Comparator.comparingInt((String n) -> plan.candidate(n).orElseThrow().flags().size())
            .thenComparingDouble(n -> top.candidate(n).mean(Metric.P99)))
        .orElse(best);
  }

  /** Whether GC is small at every level's baseline; adds the numbers (and the thread dump's lock) to reasons. */
  private static boolean gcEvidence(Plan plan, List<LevelReport> levels, List<String> reasons) {
    boolean gcSmall = true;
    for (LevelReport l : levels) {
      CandidateReport b = l.baseline();
      double share = b.mean(Metric.GC_TIME_SHARE);
      double maxPause = b.mean(Metric.MAX_PAUSE);
      double p99 = b.mean(Metric.P99);
      double fgc = b.mean(Metric.FGC_COUNT);
      boolean small = share < ExperimentReport.GC_SHARE_NOT_BOTTLENECK_PCT && !(fgc > 0) && !(maxPause > p99);
      gcSmall &= small;
      reasons.add(String.format(Locale.US, "%s: baseline GC took %.2f %% of the measured time, %s Full GC, max pause %.1f ms vs p99 %.1f ms%s",
          l.level().name(), share, fgc > 0 ? Metric.FGC_COUNT.format(fgc) : "no", maxPause, p99,
          cpuText(b, Bottleneck.Cores.of(plan.limitsFor(plan.baselineCandidate(), l.level()).cpus()))));
      if (b.threads() != null && b.threads().topLock() != null) {
        reasons.add(l.level().name() + ": thread dump during warm-up: " + b.threads().topLock());
      }
    }
    return gcSmall;
  }

  /** Why no candidate wins a level: each candidate's missed and unsettled goals. */
  private static List<String> whyNot(LevelReport l) {
    List<String> out = new ArrayList<>();
    if (l.level().goals().isEmpty()) {
      out.add("the level has no goals, so no candidate can win it");
      return out;
    }
    for (CandidateReport c : l.candidates()) {
      if (c.baseline()) {
        continue;
      }
      List<String> missed = c.goals().stream().filter(v -> v.outcome() == ExperimentReport.Outcome.MISSED)
          .map(v -> v.goal().describe() + " (" + v.evidence() + ")").toList();
      List<String> open = c.unsettled().stream().map(v -> v.goal().describe() + " (" + v.evidence() + ")").toList();
      if (!missed.isEmpty() || !open.isEmpty()) {
        out.add(c.candidate().name() + (missed.isEmpty() ? "" : " misses " + String.join("; ", missed))
            + (missed.isEmpty() || open.isEmpty() ? "" : ", and") + (open.isEmpty() ? ""
            : " leaves unsettled " + String.join("; ", open)));
      } else if (!improvesAt(c)) {
        out.add(c.candidate().name() + " meets the goals but improves nothing significantly");
      } else {
        out.add(c.candidate().name() + " meets every goal here, but not at every level");
      }
    }
    return out;
  }

  /** The levels with their winners as the verdict has them: the adopted candidate where it improved, else none. */
  static List<LevelReport> withWinners(List<LevelReport> levels, Recommendation rec) {
    List<LevelReport> out = new ArrayList<>();
    for (LevelReport l : levels) {
      List<String> reasons = new ArrayList<>();
      String winner = null;
      if (rec.winner() != null && improvesAt(l.candidate(rec.winner()))) {
        winner = rec.winner();
        CandidateReport w = l.candidate(winner);
        reasons.add(w.improves() && w.acceptable() ? winner + " meets every goal at " + l.level().name()
            + " and improves significantly what they ask" : winner + " significantly improves "
            + String.join(", ", ServiceGain.gains(w)) + " at " + l.level().name() + " with no significant regression");
        for (GoalVerdict v : w.goals()) {
          reasons.add(v.goal().describe() + ": " + v.evidence());
        }
      } else if (rec.winner() != null) {
        reasons.add(rec.winner() + " meets the goals at " + l.level().name()
            + " but improves nothing significantly here, so the level has no winner");
      } else {
        reasons.addAll(whyNot(l));
      }
      out.add(new LevelReport(l.level(), l.candidates(), winner, reasons));
    }
    return out;
  }

  private static String cpuText(CandidateReport b, Bottleneck.Cores cores) {
    double cpu = b.mean(Metric.CPU);
    if (Double.isNaN(cpu)) {
      return "";
    }
    return String.format(Locale.US, "; the JVM used %.0f %% CPU (of %.0f %% %s %s)", cpu, cores.n() * 100,
        cores.limited() ? "under" : "on", cores.words());
  }

  private static String headline(CandidateReport c) {
    List<String> parts = new ArrayList<>();
    for (Metric m : List.of(Metric.P99, Metric.FGC_COUNT, Metric.YGC_TIME_TOTAL, Metric.THROUGHPUT)) {
      Delta d = c.deltas().get(m);
      if (d != null) {
        parts.add(m.key() + " " + ExperimentText.change(d));
      }
    }
    return String.join(", ", parts);
  }
}
