package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.RunResult;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The verdict and the level winners from run results: each case gives the runs' measured values
 * (per metric, one value per repetition) and reads the report made from them as
 * {@code jtune experiment --report} does.
 */
class VerdictTest {
  private static final String PLAN = """
      name: verdict
      target: {lab: api}
      baseline: base
      candidates:
        - {name: base}
        - {name: cand, flags: "-XX:MetaspaceSize=128m", reason: the metaspace threshold}
      levels:
      %s
      goals: %s
      repetitions: %d
      cooldown: 0s
      """;

  private static Plan plan(String levels, String goals, int reps) {
    return PlanReader.read(new StringReader(PLAN.formatted(levels, goals, reps)), "plan.yaml", Path.of("."));
  }

  private static final String ONE_LEVEL = "  - {name: high, concurrency: 8, duration: 5s}";
  private static final String TWO_LEVELS = ONE_LEVEL + "\n  - {name: low, concurrency: 2, duration: 5s}";

  /** Runs of one candidate at one level: metric -> one value per repetition. */
  private static List<RunResult> runs(String level, String candidate, Map<String, double[]> values, RunResult.GcProblem problem) {
    int n = values.values().iterator().next().length;
    List<RunResult> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Map<String, Double> m = new LinkedHashMap<>();
      for (Map.Entry<String, double[]> e : values.entrySet()) {
        m.put(e.getKey(), e.getValue()[i]);
      }
      out.add(new RunResult(RunResult.SCHEMA, level + "-" + candidate + "-r" + (i + 1), level, candidate, i + 1, "ok",
          null, "2026-01-01T00:00:00Z", List.of(), 1, 0, 5000, m, null, 0, List.of(), problem, null));
    }
    return out;
  }

  private static Map<String, double[]> values(Object... keyAndValues) {
    Map<String, double[]> m = new LinkedHashMap<>();
    for (int i = 0; i < keyAndValues.length; i += 2) {
      m.put((String) keyAndValues[i], (double[]) keyAndValues[i + 1]);
    }
    return m;
  }

  private static double[] v(double... xs) {
    return xs;
  }

  /** GC that costs: a GC share of 8 % and Full GCs, so the not-a-GC-problem rule does not apply. */
  private static Map<String, double[]> gcBound(double[] p99, double[] tput, double[] startupFgc) {
    return values("p99", p99, "throughputRps", tput, "startupFgc", startupFgc, "gcTimeShare", v(8, 8.5, 7.5),
        "fgcCount", v(2, 2, 2), "maxPause", v(300, 310, 290), "rssMb", v(240, 241, 239));
  }

  /** The report of one level, "high", from the baseline's and the candidate's runs. */
  private static ExperimentReport report(Plan p, Map<String, double[]> base, Map<String, double[]> cand,
      RunResult.GcProblem baseProblem) {
    List<RunResult> runs = new ArrayList<>(runs("high", "base", base, baseProblem));
    runs.addAll(runs("high", "cand", cand, null));
    return ExperimentReport.of(p, List.of(), runs);
  }

  /** The report of three runs a side at one level under {@code goals}. */
  private static ExperimentReport oneLevel(String goals, Map<String, double[]> base, Map<String, double[]> cand) {
    return report(plan(ONE_LEVEL, goals, 3), base, cand, null);
  }

  /** The candidate's verdict on one goal at the first level. */
  private static ExperimentReport.GoalVerdict goal(ExperimentReport r, String key) {
    return r.levels().get(0).candidate("cand").goals().stream().filter(g -> g.goal().key().equals(key))
        .findFirst().orElseThrow();
  }

  /** The verdict, and the winner the recommendation and the first level name (null for none). */
  private static void assertVerdict(ExperimentReport r, Verdict verdict, String winner) {
    assertThat(r.recommendation().verdict()).isEqualTo(verdict);
    assertThat(r.recommendation().winner()).isEqualTo(winner);
    assertThat(r.levels().get(0).winner()).isEqualTo(winner);
  }

  @Test
  void aCandidateThatFixesTheProblemWithNoSignificantRegressionIsAdopted() {
    // the metaspace-threshold goals: no Full GC at startup, everything else within its margin
    // p99 and throughput noisy (intervals past the margins) but not significantly worse
    ExperimentReport r = oneLevel("{noFgcOnStartup: true, throughputRps: within -5%, p99: within +10%, rssMb: within +10%}",
        gcBound(v(29.4, 24.0, 35.1), v(1355, 1320, 1390), v(3, 3, 3)), gcBound(v(29.3, 27.5, 31.2), v(1279, 1220, 1340), v(0, 0, 0)));
    assertVerdict(r, Verdict.ADOPT, "cand");
    assertThat(r.recommendation().summary()).startsWith("Adopt cand").contains("startupFgc");
    assertThat(goal(r, "noFgcOnStartup").improved()).isTrue();
    assertThat(goal(r, "rssMb").met()).isTrue();
    assertThat(goal(r, "p99").outcome()).isEqualTo(ExperimentReport.Outcome.UNSETTLED);
  }

  @Test
  void aSignificantRegressionBeyondAMarginKeepsTheBaseline() {
    ExperimentReport r = oneLevel("{noFgcOnStartup: true, throughputRps: within -5%}",
        gcBound(v(29, 30, 31), v(1350, 1360, 1340), v(3, 3, 3)), gcBound(v(29, 30, 31), v(1100, 1110, 1090), v(0, 0, 0)));
    assertVerdict(r, Verdict.KEEP_BASELINE, null);
    assertThat(goal(r, "throughputRps").evidence()).contains("a significant regression");
  }

  @Test
  void noWinnerAtALevelOnANonSignificantDifference() {
    // the goals of flags that must only not hurt; the candidate's p99 is 8 % lower, well inside the noise
    // the JVM uses every core: CPU-bound
    double saturated = 95.0 * CORES;
    Map<String, double[]> base = values("p99", v(50, 40, 60), "throughputRps", v(1000, 1000, 1000),
        "gcTimeShare", v(0.2, 0.2, 0.3), "fgcCount", v(0, 0, 0), "maxPause", v(5, 6, 5),
        "cpu", v(saturated, saturated, saturated), "p50", v(8, 8, 8));
    Map<String, double[]> cand = values("p99", v(46, 37, 55), "throughputRps", v(1000, 1001, 999),
        "gcTimeShare", v(0.2, 0.2, 0.2), "fgcCount", v(0, 0, 0), "maxPause", v(5, 5, 6));
    ExperimentReport r = oneLevel("{p99: +5%, throughputRps: -5%}", base, cand);
    assertVerdict(r, Verdict.NOT_A_GC_PROBLEM, null);
    assertThat(r.recommendation().summary()).contains("CPU-bound");
    assertThat(r.recommendation().gcNotTheBottleneck()).isTrue();
    assertThat(r.levels().get(0).candidate("cand").deltas().get(io.jtune.experiment.plan.Metric.FGC_COUNT).status())
        .isEqualTo(Delta.Status.EQUAL);
  }

  @Test
  void aLevelWinnerNeverContradictsTheVerdict() {
    // the candidate improves at high but loses throughput significantly at low: no adoption, so no level winner
    Plan p = plan(TWO_LEVELS, "{fgcCount: -50%, throughputRps: within -5%}", 3);
    List<RunResult> runs = new ArrayList<>();
    runs.addAll(runs("high", "base", gcBound(v(29, 30, 31), v(1350, 1360, 1340), v(0, 0, 0)), null));
    runs.addAll(runs("high", "cand", values("p99", v(29, 30, 31), "throughputRps", v(1350, 1360, 1345),
        "fgcCount", v(0, 0, 0), "gcTimeShare", v(1, 1, 1)), null));
    runs.addAll(runs("low", "base", gcBound(v(9, 10, 11), v(500, 505, 495), v(0, 0, 0)), null));
    runs.addAll(runs("low", "cand", values("p99", v(9, 10, 11), "throughputRps", v(400, 405, 395),
        "fgcCount", v(0, 0, 0), "gcTimeShare", v(1, 1, 1)), null));
    ExperimentReport r = ExperimentReport.of(p, List.of(), runs);
    assertThat(r.levels().get(0).candidate("cand").improves()).isTrue();
    assertThat(r.recommendation().verdict()).isEqualTo(Verdict.KEEP_BASELINE);
    assertThat(r.levels()).allSatisfy(l -> assertThat(l.winner()).isNull());
    assertThat(r.levels().get(0).reasons()).anyMatch(s -> s.contains("not at every level"));
  }

  @Test
  void twoRunsASideAreInconclusive() {
    Plan p = plan(ONE_LEVEL, "{noFgcOnStartup: true, p99: -30%}", 2);
    ExperimentReport r = report(p, values("p99", v(100, 20), "startupFgc", v(3, 3), "gcTimeShare", v(8, 9),
        "fgcCount", v(1, 2)), values("p99", v(150, 60), "startupFgc", v(0, 0), "gcTimeShare", v(8, 9),
        "fgcCount", v(1, 2)), null);
    assertVerdict(r, Verdict.INCONCLUSIVE, null);
    assertThat(r.recommendation().summary()).contains("inconclusive (n=2)");
    assertThat(ExperimentText.change(r.levels().get(0).candidate("cand").deltas().get(io.jtune.experiment.plan.Metric.P99)))
        .isEqualTo("inconclusive (n=2)");
  }

  @Test
  void aLikelyImprovementTheIntervalsDoNotSettleIsInconclusive() {
    ExperimentReport r = oneLevel("{p99: -30%, throughputRps: within -5%}",
        gcBound(v(100, 60, 140), v(1350, 1360, 1340), v(0, 0, 0)), gcBound(v(50, 20, 110), v(1350, 1360, 1345), v(0, 0, 0)));
    assertVerdict(r, Verdict.INCONCLUSIVE, null);
    assertThat(goal(r, "p99").outcome()).isEqualTo(ExperimentReport.Outcome.UNSETTLED);
    assertThat(goal(r, "p99").evidence()).contains("not significant");
    assertThat(r.recommendation().summary()).contains("cand missed no goal", "run more repetitions");
  }

  @Test
  void aLeakInTheBaselinesGcLogsIsTheVerdictWhateverTheCandidatesDid() {
    Plan p = plan(ONE_LEVEL, "{noFgcOnStartup: true, throughputRps: within -5%}", 3);
    RunResult.GcProblem leak = new RunResult.GcProblem("memory-leak", "Old-generation live set grows 80 MB/hour", null);
    ExperimentReport r = report(p, gcBound(v(29, 30, 31), v(1350, 1360, 1340), v(3, 3, 3)),
        gcBound(v(29, 30, 31), v(1350, 1360, 1340), v(0, 0, 0)), leak);
    assertVerdict(r, Verdict.MEMORY_LEAK, null);
    assertThat(r.recommendation().flagDiff()).isEmpty();
    assertThat(r.recommendation().summary()).contains("flags are not the fix");
    assertThat(String.join("\n", r.recommendation().reasons())).contains("grows 80 MB/hour", "GC.heap_dump",
        "GC.class_histogram");
  }

  private static final int CORES = Runtime.getRuntime().availableProcessors();

  /** A baseline whose GC is small (0.2 % of the time, no Full GC, short pauses) with the given CPU and latency. */
  private static Map<String, double[]> smallGc(double cpuPct, double rps, double p50) {
    return values("p99", v(3 * p50, 3 * p50, 3 * p50), "throughputRps", v(rps, rps, rps), "gcTimeShare",
        v(0.2, 0.2, 0.3), "fgcCount", v(0, 0, 0), "maxPause", v(2, 2, 2), "cpu", v(cpuPct, cpuPct, cpuPct),
        "p50", v(p50, p50, p50));
  }

  /** The same runs with a thread dump each: {@code blocked} of {@code threads} BLOCKED on one lock. */
  private static List<RunResult> withDumps(List<RunResult> runs, int[] blocked, int threads) {
    List<RunResult> out = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      RunResult r = runs.get(i);
      RunResult.ThreadsSeen t = new RunResult.ThreadsSeen(threads, Map.of("BLOCKED", blocked[i]), blocked[i],
          blocked[i] == 0 ? null : blocked[i] + " of " + threads + " threads BLOCKED on <0x1> (a org.dom4j.io.SAXReader)");
      out.add(new RunResult(r.schema(), r.id(), r.level(), r.candidate(), r.repetition(), r.status(), r.failure(),
          r.startedAt(), r.flags(), r.jvmPid(), r.windowStartEpochMs(), r.windowEndEpochMs(), r.metrics(), t,
          r.gcLinesNotUnderstood(), r.outputTail(), r.gcProblem(), r.recording()));
    }
    return out;
  }

  private static ExperimentReport smallGcReport(Map<String, double[]> base, int[] blocked, int threads) {
    Plan p = plan(ONE_LEVEL, "{p99: within +10%, throughputRps: within -5%}", 3);
    List<RunResult> runs = new ArrayList<>(withDumps(runs("high", "base", base, null), blocked, threads));
    runs.addAll(runs("high", "cand", base, null));
    return ExperimentReport.of(p, List.of(), runs);
  }

  @Test
  void threadsQueueingForOneLockAreNotAGcProblem() {
    // the median dump has 29 of 52 threads on one lock; the CPU is not saturated
    ExperimentReport r = smallGcReport(smallGc(60.0 * CORES, 1400, 21), new int[] {27, 30, 29}, 52);
    assertVerdict(r, Verdict.NOT_A_GC_PROBLEM, null);
    assertThat(r.recommendation().summary()).contains("lock");
    assertThat(r.recommendation().reasons().get(0)).contains("29 of 52 threads BLOCKED");
  }

  @Test
  void oneDumpCaughtAtABadMomentIsNotContention() {
    // one run of three shows 11 of 87 threads blocked; the median run shows none; CPU and wait are small
    ExperimentReport r = smallGcReport(smallGc(20.0 * CORES, 400, 1.5), new int[] {0, 11, 0}, 87);
    assertVerdict(r, Verdict.KEEP_BASELINE, null);
    assertThat(r.recommendation().summary()).contains("healthy");
  }

  @Test
  void requestsWaitingOnSomethingElseGiveTheOptimalThreadCount() {
    // 60 % of the cores, 175 req/s: about 6.9 ms of CPU a request per core-share, against 90 ms p50
    // (on 2 cores: 120 % CPU, 6.9 ms of CPU a request, p50 90 ms)
    double cpu = 60.0 * CORES;
    double p50 = 45.0 * CORES;
    ExperimentReport r = smallGcReport(smallGc(cpu, 175, p50), new int[] {0, 0, 0}, 60);
    assertVerdict(r, Verdict.NOT_A_GC_PROBLEM, null);
    double cpuMs = cpu / 100 / 175 * 1000;
    long optimal = Math.round(p50 / cpuMs * CORES);
    long inFlight = Math.round(175 * p50 / 1000);
    assertThat(r.recommendation().summary()).contains("optimal threads = (CPU + wait) / CPU x cores")
        .contains("= " + optimal + " concurrent requests, the most worth having before the cores are the limit")
        // the fewest a pool needs at this load, beside the most worth having (a WireMock stub's 100 ms delay at
        // 170 req/s: 17 in flight against 176 from the formula)
        .contains("at 175 req/s about " + inFlight + " requests are in flight (Little's law: 175 req/s x ");
    assertThat(inFlight).isLessThan(optimal);
  }

  @Test
  void requestsQueueingForCpuOtherProcessesTookNameTheHost() {
    // the waiting test's numbers, while other processes used 70 % of the cores (as the helpers' builds did to
    // Keycloak on the 2-core build host: p50 1,335 ms at 150 req/s with 6 ms of CPU a request)
    double cpu = 30.0 * CORES;
    Map<String, double[]> base = new java.util.LinkedHashMap<>(smallGc(cpu, 175, 45.0 * CORES));
    base.put("othersCpu", v(70.0 * CORES, 68.0 * CORES, 72.0 * CORES));
    ExperimentReport r = smallGcReport(base, new int[] {0, 0, 0}, 60);
    assertVerdict(r, Verdict.NOT_A_GC_PROBLEM, null);
    assertThat(r.recommendation().summary()).contains("CPU the host gave to other processes", "measure again")
        .doesNotContain("optimal threads");
    assertThat(r.recommendation().reasons().get(0)).contains("other processes on the host used " + Math.round(70.0 * CORES) + " %");

    // the same wait with a quiet host stays a wait
    base.put("othersCpu", v(2, 3, 2));
    ExperimentReport quiet = smallGcReport(base, new int[] {0, 0, 0}, 60);
    assertThat(quiet.recommendation().summary()).contains("optimal threads");
  }

  @Test
  void aServiceAtItsContainersCpuLimitIsCpuBoundWhateverTheHostHas() {
    // Tomcat's examples at 2,500 req/s under a CPU limit of 1 (the container case study): the JVM
    // used 99.5 % of a core, p50 21.8 ms against 0.4 ms of CPU a request, the quota throttled it in
    // every period. On the host's cores it would read as requests waiting on something else.
    Map<String, double[]> base = new LinkedHashMap<>(smallGc(99.5, 2500, 21.8));
    base.put("throttledPct", v(100, 100, 100));
    Plan limited = PlanReader.read(new StringReader(PLAN.formatted(ONE_LEVEL, "{p99: within +10%}", 3)
        .replace("baseline: base", "limits: {cpu: \"1\"}\nbaseline: base")), "plan.yaml", Path.of("."));
    List<RunResult> runs = new ArrayList<>(runs("high", "base", base, null));
    runs.addAll(runs("high", "cand", base, null));
    ExperimentReport r = ExperimentReport.of(limited, List.of(), runs);
    assertVerdict(r, Verdict.NOT_A_GC_PROBLEM, null);
    assertThat(r.recommendation().summary()).contains("CPU-bound at its container's CPU limit", "raise the limit")
        .doesNotContain("optimal threads");
    assertThat(r.recommendation().reasons().get(0)).contains("the JVM used 100 % of 100 % CPU (a CPU limit of 1)",
        "caps throughput near 1 core / 0.40 ms = 2,513 req/s", "throttled it in 100 % of its 100 ms periods");
    assertThat(r.recommendation().reasons()).anyMatch(x -> x.contains("the JVM used 100 % CPU (of 100 % under a CPU limit of 1)"));
  }

  @Test
  void runsThatSharedTheHostAreNamed() {
    // as Keycloak's third runs, while another process took 77-105 % of a core on the 2-core host (the test gives the
    // candidate the baseline's values)
    Map<String, double[]> base = new java.util.LinkedHashMap<>(smallGc(20.0 * CORES, 400, 1.5));
    base.put("othersCpu", v(0, 0, 40.0 * CORES));
    ExperimentReport r = smallGcReport(base, new int[] {0, 0, 0}, 40);
    assertThat(String.join("\n", r.recommendation().reasons()))
        .contains("2 of 6 runs shared the host with other processes", "high-base-r3 80 %", "high-cand-r3");
    base.put("othersCpu", v(0, 1, 2));
    assertThat(String.join("\n", smallGcReport(base, new int[] {0, 0, 0}, 40).recommendation().reasons()))
        .doesNotContain("shared the host");
  }

  @Test
  void aServiceNothingLimitsIsHealthyAndKeepsItsConfiguration() {
    // a fifth of the cores, 1 ms of CPU a request and a p50 of 1.5 ms, no lock
    ExperimentReport r = smallGcReport(smallGc(20.0 * CORES, 400, 1.5), new int[] {0, 0, 0}, 40);
    assertVerdict(r, Verdict.KEEP_BASELINE, null);
    assertThat(r.recommendation().summary()).contains("healthy").doesNotContain("CPU-bound");
    assertThat(r.recommendation().gcNotTheBottleneck()).isTrue();
  }

  @Test
  void aBundleIsAdoptedOnlyWhenItBeatsTheSmallerChangeItContains() {
    Plan p = PlanReader.read(new StringReader("""
        name: bundle
        target: {lab: api}
        baseline: base
        candidates:
          - {name: base}
          - {name: survivors, flags: "-Xmn80m -XX:SurvivorRatio=3", reason: the survivors}
          - {name: bundle, flags: "-Xmn80m -XX:SurvivorRatio=3 -XX:MetaspaceSize=64m -XX:+AlwaysPreTouch", reason: more}
        levels:
          - {name: high, concurrency: 8, duration: 5s}
        goals: {fgcCount: -50%, p99: -10%}
        repetitions: 3
        cooldown: 0s
        """), "plan.yaml", Path.of("."));
    List<RunResult> runs = new ArrayList<>(runs("high", "base", gcBound(v(300, 310, 290), v(1000, 1000, 1000), v(0, 0, 0)), null));
    Map<String, double[]> fixed = values("p99", v(31, 29, 30), "throughputRps", v(1000, 1000, 1000), "gcTimeShare",
        v(2, 2, 2), "fgcCount", v(0, 0, 0), "maxPause", v(20, 21, 19));
    Map<String, double[]> slightlyBetter = values("p99", v(29, 28, 30), "throughputRps", v(1000, 1000, 1000),
        "gcTimeShare", v(2, 2, 2), "fgcCount", v(0, 0, 0), "maxPause", v(20, 21, 19));
    runs.addAll(runs("high", "survivors", fixed, null));
    runs.addAll(runs("high", "bundle", slightlyBetter, null));
    ExperimentReport r = ExperimentReport.of(p, List.of(), runs);
    assertVerdict(r, Verdict.ADOPT, "survivors");
    assertThat(r.recommendation().summary()).contains("smallest change");

    // a bundle far better than the smaller change is adopted
    List<RunResult> runs2 = new ArrayList<>(runs.subList(0, 6));
    runs2.addAll(runs("high", "bundle", values("p99", v(10, 10.5, 9.5), "throughputRps", v(1000, 1000, 1000),
        "gcTimeShare", v(2, 2, 2), "fgcCount", v(0, 0, 0), "maxPause", v(9, 10, 11)), null));
    assertVerdict(ExperimentReport.of(p, List.of(), runs2), Verdict.ADOPT, "bundle");
  }
}
