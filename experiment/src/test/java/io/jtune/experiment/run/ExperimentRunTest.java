package io.jtune.experiment.run;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.Verdict;
import io.jtune.experiment.suggest.GoalsForProblem;
import io.jtune.load.LoadProgress;
import io.jtune.experiment.attribution.GcAttribution;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment runner against the real lab jar and real child JVMs on 127.0.0.1. */
@ExtendWith(UsesLabJar.class)
class ExperimentRunTest {
  static final Path LAB_JAR = UsesLabJar.LAB_JAR;

  @TempDir Path dir;

  static Plan plan(String yaml, Path base) {
    return PlanReader.read(new StringReader(yaml), "plan.yaml", base);
  }

  private static Optional<ProcessHandle> labJvm() {
    return ProcessHandle.current().descendants()
        .filter(h -> h.info().commandLine().orElse("").contains("jtune-lab.jar")).findFirst();
  }

  @Test
  void aKilledTargetIsRecordedAsFailedWithItsOutputAndTheExperimentGoesOn() throws Exception {
    String yaml = """
        name: kill
        target: {lab: api}
        baseline: a
        candidates:
          - {name: a, flags: ""}
          - {name: b, flags: "-Xmn96m"}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 4s}
        repetitions: 1
        order: sequential
        cooldown: 0s
        """;
    Plan p = plan(yaml, dir);
    // kills candidate a's lab once its load is measuring (after the first measured second),
    // however long the lab took to start on a busy machine
    RunListener killFirst = new RunListener() {
      @Override
      public LoadProgress loadProgress(Plan.RunKey key, double totalSeconds) {
        if (!key.candidate().equals("a")) {
          return LoadProgress.NONE;
        }
        return (elapsedSeconds, warmup, point) -> {
          if (!warmup) {
            labJvm().ifPresent(ProcessHandle::destroyForcibly);
          }
        };
      }
    };
    Experiment e = Experiment.prepare(p, yaml, dir, new Experiment.Options(false, false), killFirst);
    List<RunResult> results = e.run();
    assertThat(results).hasSize(2);
    RunResult a = results.get(0);
    RunResult b = results.get(1);
    assertThat(a.ok()).as(a.failure()).isFalse();
    assertThat(a.failure()).contains("exited during the run");
    assertThat(a.outputTail()).anyMatch(l -> l.contains("jtune-lab listening"));
    assertThat(dir.resolve("runs/l-a-r1/result.json")).exists();
    assertThat(dir.resolve("runs/l-a-r1/output-tail.txt")).exists();
    assertThat(b.ok()).as(b.failure()).isTrue();
    assertThat(b.metric("throughputRps")).isPositive();
    assertThat(b.metric("ygcCount")).isPositive();
    for (String f : List.of("gc.log", "load.json", "load.hlog", "output-tail.txt", "result.json")) {
      assertThat(dir.resolve("runs/l-b-r1").resolve(f)).as(f).exists();
    }
    // the result files alone give the same results back (what --resume and --report read)
    assertThat(Experiment.readResults(dir, p)).isEqualTo(results);
  }

  @Test
  void aTargetThatRunsOutOfHeapIsReportedSoWithWhenAndTheVerdictIsTheLeak() throws Exception {
    // the lab's session leak in a 64 MB heap, on a JVM that exits on OutOfMemoryError as many services do
    String yaml = """
        name: oom
        target: {lab: session-leak}
        baseline: small
        candidates:
          - {name: small, flags: "-Xms64m -Xmx64m -XX:+ExitOnOutOfMemoryError"}
          - {name: g1, flags: "-Xms64m -Xmx64m -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC"}
        levels:
          - {name: l, concurrency: 4, warmup: 1s, duration: 40s}
        repetitions: 1
        cooldown: 0s
        """;
    Plan p = plan(yaml, dir);
    List<RunResult> results = Experiment.prepare(p, yaml, dir, Experiment.Options.DEFAULTS, null).run();
    assertThat(results).hasSize(2).noneMatch(RunResult::ok);
    for (RunResult r : results) {
      // when: the measured second of the last response and the rate until then (or that none came)
      assertThat(r.failure()).as(r.id()).startsWith("out of heap (OutOfMemoryError: Java heap space) ")
          .contains("the target JVM exited during the run")
          .containsAnyOf(" s of load at ", "before the first measured response");
    }
    ExperimentReport report = ExperimentReport.of(p, Experiment.baseFlags(p), results);
    assertThat(report.recommendation().verdict()).isEqualTo(Verdict.MEMORY_LEAK);
  }

  @Test
  void onTheXmlLockCaseNoFlagsWinAndTheReportSaysGcIsNotTheBottleneck() throws Exception {
    String yaml = """
        name: xml-lock
        target: {lab: xml-lock}
        baseline: default
        candidates:
          - {name: default}
          - {name: g1, flags: "-XX:+UseG1GC -XX:MaxGCPauseMillis=50"}
        levels:
          - {name: high, concurrency: 32, warmup: 2s, duration: 4s}
        goals: {p99: -30%, throughputRps: -5%}
        repetitions: 2
        cooldown: 0s
        """;
    Plan p = plan(yaml, dir);
    // recorded with JFR too (experiment --jfr): the recording names the lock the workers queue for
    List<RunResult> results = Experiment.prepare(p, yaml, dir, new Experiment.Options(true, true), null).run();
    assertThat(results).allMatch(RunResult::ok, "all ok");
    assertThat(results).allSatisfy(run -> assertThat(run.recording()).as(run.id()).isNotNull());
    ExperimentReport r = ExperimentReport.of(p, Experiment.baseFlags(p), results);
    assertThat(r.recommendation().reasons().get(0)).startsWith("JFR recording of a baseline run: ")
        .contains("org.dom4j.io.SAXReader", "monitor enter", "XmlEndpoint");
    assertThat(r.levels().get(0).winner()).isNull();
    assertThat(r.recommendation().winner()).isNull();
    assertThat(r.recommendation().verdict()).isEqualTo(Verdict.NOT_A_GC_PROBLEM);
    assertThat(r.recommendation().gcNotTheBottleneck()).isTrue();
    assertThat(r.recommendation().summary()).contains("GC is not the bottleneck");
    // two runs a side: every change is inconclusive (n=2), none is significant, and the verdict is said in words
    ExperimentReport.CandidateReport g1 = r.levels().get(0).candidate("g1");
    assertThat(g1.deltas().values()).allSatisfy(d -> {
      assertThat(d.status()).isIn(Delta.Status.TOO_FEW_RUNS, Delta.Status.EQUAL, Delta.Status.NOT_APPLICABLE);
      assertThat(d.significant()).isFalse();
    });
    assertThat(ExperimentText.change(g1.deltas().get(Metric.P99))).isEqualTo("inconclusive (n=2)");
    StringWriter text = new StringWriter();
    ExperimentText.text(r, new PrintWriter(text));
    assertThat(text.toString()).contains("Verdict: not a GC problem", "Winner at high: none")
        .doesNotContain("[-1", "e+");
    // (a run on a busy host may show a young pause over the goal; never a leak)
    assertThat(results).allMatch(run -> run.gcProblem() == null || !run.gcProblem().code().equals("memory-leak"),
        "no leak in a lock-bound service");
    // the evidence: GC share, CPU, and the lock the workers wait for
    assertThat(String.join("\n", r.recommendation().reasons()))
        .contains("% of the measured time", "CPU", "BLOCKED on", "SAXReader", "XmlEndpoint");
    // each run keeps its window's pauses for the report, the same the metrics count
    for (RunResult run : results) {
      List<WindowPauses.Pause> kept = WindowPauses.read(dir.resolve("runs").resolve(run.id()));
      assertThat(kept).as("pauses kept by %s", run.id()).isNotEmpty();
      assertThat(kept.stream().filter(WindowPauses.Pause::full).count())
          .isEqualTo(Math.round(run.metrics().get(Metric.FGC_COUNT.key())));
      assertThat(kept.size()).isGreaterThanOrEqualTo(
          (int) Math.round(run.metrics().get(Metric.YGC_COUNT.key()) + run.metrics().get(Metric.FGC_COUNT.key())));
      assertThat(kept.stream().mapToDouble(WindowPauses.Pause::pauseMs).max().orElseThrow())
          .isCloseTo(run.metrics().get(Metric.MAX_PAUSE.key()), within(0.001));
      double windowS = (run.windowEndEpochMs() - run.windowStartEpochMs()) / 1000.0;
      assertThat(kept).allMatch(k -> k.offsetS() >= 0 && k.offsetS() < windowS, "inside the window");
    }
    RunResult.ThreadsSeen threads = r.levels().get(0).baseline().threads();
    assertThat(threads.blockedOnTopLock()).isGreaterThanOrEqualTo(16);
    assertThat(threads.states().get("BLOCKED")).isGreaterThanOrEqualTo(threads.blockedOnTopLock());
  }

  /**
   * The metaspace case end to end: the goals that fit the problem (no Full GC at startup; every
   * other metric within its margin), written and read back as a plan, then measured: the
   * candidate that sets MetaspaceSize takes the startup Full GCs to none and is adopted; its
   * other changes are judged on their intervals, not on "-20 % young GCs".
   */
  @Test
  void onTheMetaspaceCaseTheCandidateThatFixesTheStartupFullGcsIsAdopted() throws Exception {
    Map<String, Goal> goals = GoalsForProblem.of("metaspace-threshold", true).orElseThrow();
    Plan written = new Plan("metaspace", ServiceSpec.lab("metaspace-boot"), "scenario",
        List.of(Candidate.of("scenario", List.of(), ""),
            Candidate.of("metaspace", List.of("-XX:MetaspaceSize=256m", "-XX:MaxMetaspaceSize=256m"), "the threshold")),
        List.of(new Level("high", 0, 4, List.of("/scenario"), Duration.ofSeconds(1), Duration.ofSeconds(3),
            Duration.ofSeconds(10), goals, 0)),
        3, Plan.Order.INTERLEAVED, Duration.ZERO, null);
    String yaml = PlanWriter.toYaml(written);
    assertThat(yaml).contains("noFgcOnStartup: true", "throughputRps: \"within -5%\"", "non-inferiority")
        .doesNotContain("ygcCount");
    Plan p = plan(yaml, dir);
    List<RunResult> results = Experiment.prepare(p, yaml, dir, Experiment.Options.DEFAULTS, null).run();
    assertThat(results).allMatch(RunResult::ok, "all ok");
    ExperimentReport r = ExperimentReport.of(p, Experiment.baseFlags(p), results);
    ExperimentReport.CandidateReport base = r.levels().get(0).baseline();
    ExperimentReport.CandidateReport meta = r.levels().get(0).candidate("metaspace");
    // the scenario's signature, measured in every run, and gone with the candidate
    assertThat(base.metrics().get(Metric.STARTUP_FGC).min()).isPositive();
    assertThat(meta.metrics().get(Metric.STARTUP_FGC).max()).isZero();
    assertThat(meta.deltas().get(Metric.STARTUP_FGC).pct()).isEqualTo(-100.0);
    assertThat(meta.deltas().values()).allSatisfy(d -> assertThat(d.pctLow()).satisfiesAnyOf(
        x -> assertThat(x).isNaN(), x -> assertThat(x).isGreaterThanOrEqualTo(-100.0)));
    assertThat(r.recommendation().verdict()).as(r.recommendation().summary() + "\n" + r.recommendation().reasons())
        .isEqualTo(Verdict.ADOPT);
    assertThat(r.recommendation().winner()).isEqualTo("metaspace");
    assertThat(r.levels().get(0).winner()).isEqualTo("metaspace");
    assertThat(r.recommendation().flagDiff()).contains("+ -XX:MetaspaceSize=256m");
  }

  /**
   * Latency-to-GC attribution on the lab's survivor-overflow case: each run's requests lined up
   * with its GC log's pauses. The scenario's Full GCs hold up the requests due meanwhile, so its
   * requests slower than p99 meet a pause more often than requests in general; the figures are
   * consistent with each other and with the run's own metrics, and the reports show them.
   */
  @Test
  void eachRunLinesItsRequestsUpWithItsGcPauses() throws Exception {
    String yaml = """
        {name: attribution, target: {lab: survivor-overflow}, baseline: scenario, repetitions: 1, cooldown: 0s,
         candidates: [{name: scenario}, {name: survivors, flags: "-Xmn64m -XX:SurvivorRatio=6"}],
         levels: [{name: l, rate: 150, concurrency: 4, warmup: 2s, duration: 8s}]}
        """;
    Plan p = plan(yaml, dir);
    List<RunResult> results = Experiment.prepare(p, yaml, dir, Experiment.Options.DEFAULTS, null).run();
    assertThat(results).allMatch(RunResult::ok, "all ok");
    for (RunResult run : results) {
      GcAttribution a = run.gcAttribution();
      assertThat(a).as(run.id()).isNotNull();
      assertThat(a.sampleStride()).isEqualTo(1);
      assertThat(a.requests()).isPositive();
      assertThat(a.slowThresholdMs()).isCloseTo(run.metric(Metric.P99.key()), within(0.001));
      assertThat(a.slowRequests()).isLessThanOrEqualTo(a.requests() / 50 + 1);
      assertThat(a.allInPauseShare()).isBetween(0.0, 1.0);
      assertThat(a.pauseMsTotal()).isGreaterThanOrEqualTo(a.pauseMsInSlow());
      if (a.slowRequests() > 0) {
        assertThat(a.slowInPauseShare()).isBetween(0.0, 1.0);
        assertThat(a.pauseMsPerSlow()).isLessThanOrEqualTo(a.pauseMsTotal());
        assertThat(run.metric(Metric.SLOW_IN_PAUSE.key())).isCloseTo(100 * a.slowInPauseShare(), within(0.01));
      }
      assertThat(run.metric(Metric.ALL_IN_PAUSE.key())).isCloseTo(100 * a.allInPauseShare(), within(0.01));
      assertThat(run.metric(Metric.PAUSE_MS_IN_SLOW.key())).isCloseTo(a.pauseMsInSlow(), within(0.01));
      // the pauses that began in the measured window are among those that met the requests
      assertThat(a.pauses()).isGreaterThanOrEqualTo(
          (int) Math.round(run.metric(Metric.YGC_COUNT.key()) + run.metric(Metric.FGC_COUNT.key())) - 1);
    }
    GcAttribution scenario = results.stream().filter(r -> r.candidate().equals("scenario")).findFirst()
        .orElseThrow().gcAttribution();
    assertThat(scenario.pauses()).isPositive();
    assertThat(scenario.slowInPauseShare()).as("GC-bound: %s", scenario)
        .isGreaterThanOrEqualTo(scenario.allInPauseShare());
    assertThat(scenario.pauseMsInSlow()).isPositive();

    ExperimentReport r = ExperimentReport.of(p, Experiment.baseFlags(p), results);
    StringWriter text = new StringWriter();
    ExperimentText.text(r, new PrintWriter(text));
    assertThat(text.toString()).contains("requests > p99 in a GC pause %", "requests in a GC pause %",
        "Latency-to-GC attribution per run", "l-scenario-r1: ", "requests slower than p99 (");
  }

  @Test
  void aFlagTheJvmRejectsFailsBeforeAnyRunNamingThePlanLine() {
    String yaml = """
        target: {lab: api}
        baseline: a
        candidates:
          - name: a
          - name: typo
            flags: -XX:+UseG1GCC
        levels:
          - {name: l, concurrency: 1, duration: 1s}
        """;
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> Experiment.prepare(plan(yaml, dir), yaml, dir, Experiment.Options.DEFAULTS, null))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("plan line 5: candidate 'typo': the JVM rejects its flags:")
        .hasMessageContaining("UseG1GCC");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(20);
  }

  @Test
  void aTargetThatNeverServesFailsInTheCheckWithItsLastOutput() throws Exception {
    String yaml = """
        target:
          command: "echo starting {jvmFlags} {port}; sleep 30"
          ready: http://127.0.0.1:{port}/ready
          readyTimeout: 2s
        baseline: a
        candidates: [{name: a}, {name: b, flags: -Xmx64m}]
        levels: [{name: l, concurrency: 1, duration: 1s}]
        """;
    assertThatThrownBy(() -> Experiment.prepare(plan(yaml, dir), yaml, dir, Experiment.Options.DEFAULTS, null))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("plan line 2: the target does not start:")
        .hasMessageContaining("did not answer 200 within 2 s")
        .hasMessageContaining("last output: starting");
    String exits = yaml.replace("sleep 30", "exit 3");
    assertThatThrownBy(() -> Experiment.prepare(plan(exits, dir), exits, dir, Experiment.Options.DEFAULTS, null))
        .hasMessageContaining("exited before");
    assertThat(Files.list(dir.resolve("runs"))).isEmpty();
  }

  @Test
  void aCommandTargetRunsWithItsFlagsAndAJtuneGcLog() throws Exception {
    String yaml = """
        name: cmd
        target:
          command: "exec {java} {jvmFlags} -jar %s --scenario api --port {port}"
          ready: http://127.0.0.1:{port}/ready
        baseline: small
        candidates:
          - {name: small, flags: -Xmx128m -XX:+UseSerialGC}
          - {name: parallel, flags: -Xmx128m -XX:+UseParallelGC}
        levels:
          - {name: l, concurrency: 2, warmup: 2s, duration: 2s, urls: ["/work?alloc=65536"]}
        repetitions: 1
        cooldown: 0s
        """.formatted(LAB_JAR);
    Plan p = plan(yaml, dir);
    List<RunResult> results = Experiment.prepare(p, yaml, dir, Experiment.Options.DEFAULTS, null).run();
    assertThat(results).allMatch(RunResult::ok, "all ok");
    for (RunResult r : results) {
      String log = Files.readString(dir.resolve("runs").resolve(r.id()).resolve("gc.log"));
      assertThat(log).contains(r.candidate().equals("small") ? "Using Serial" : "Using Parallel");
      assertThat(r.metric("ygcCount")).isPositive();
      assertThat(r.metric("cpu")).isPositive();
      assertThat(r.metric("rssMb")).isPositive();
      // a thread dump was taken during the warm-up and read
      assertThat(dir.resolve("runs").resolve(r.id()).resolve("threads.txt")).exists();
    }
  }
}
