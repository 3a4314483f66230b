package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A baseline that does not serve inside its container is the diagnosis, and a candidate that runs
 * within the limit wins without an interval against it. Real runs: testdata/experiments/
 * container-heap-over-limit, 'jtune demo --quick --scenario container-heap-over-limit' (the lab with
 * -Xms300m -Xmx300m -XX:+AlwaysPreTouch in a real cgroup v1 memory limit of 320 MiB): every baseline
 * run killed by the kernel's OOM killer before it served, container-fit (-Xms128m -Xmx128m, Serial)
 * serving all six runs.
 */
class BaselineDownTest {
  private static final Path DIR = Path.of("../testdata/experiments/container-heap-over-limit").toAbsolutePath()
      .normalize();

  private static Plan plan() throws Exception {
    // the plan the demo wrote: each level under the scenario's own limit (memory 320Mi)
    Plan p = PlanReader.read(Files.newBufferedReader(DIR.resolve("plan.yaml")), "plan.yaml", DIR);
    assertThat(p.anyLimits()).isTrue();
    return p;
  }

  @Test
  void aCandidateThatRunsWithinTheLimitIsAdoptedOverABaselineTheLimitKilled() throws Exception {
    Plan p = plan();
    List<RunResult> runs = Experiment.readResults(DIR, p);
    assertThat(runs).hasSize(12);
    assertThat(runs.stream().filter(r -> r.candidate().equals("baseline"))).allMatch(RunResult::oomKilled);
    ExperimentReport r = ExperimentReport.of(p, List.of("-Xms300m", "-Xmx300m", "-XX:+AlwaysPreTouch"), runs);
    var rec = r.recommendation();
    assertThat(rec.verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(rec.winner()).isEqualTo("container-fit");
    assertThat(rec.summary()).contains("the baseline was killed by the container's memory limit in 6 of 6 runs")
        .contains("at 320.0 MB of 320.0 MB").contains("container-fit ran all 6 of its runs with no OOM kill")
        .containsPattern("at high p99 \\d+\\.\\d ms, 0\\.0 Full GCs per run, peak RSS \\d+ % of the limit");
    assertThat(rec.reasons().get(0)).startsWith("high-baseline-r1: ").contains("killed by the container's memory limit");
    assertThat(rec.flagDiff()).contains("~ -Xmx300m -> -Xmx128m");
    // the document says the same
    assertThat(ExperimentJson.tree(r).at("/recommendation/verdict").asText()).isEqualTo("adopt");
  }

  @Test
  void aCandidateTheLimitAlsoKilledIsNeverAdopted() throws Exception {
    Plan p = plan();
    // container-fit's first run read as if the limit had killed it too (its recorded counters, the kill flag set)
    List<RunResult> runs = Experiment.readResults(DIR, p).stream()
        .map(r -> r.id().equals("high-container-fit-r1") ? killed(r) : r).toList();
    var rec = ExperimentReport.of(p, List.of(), runs).recommendation();
    assertThat(rec.verdict()).isNotEqualTo(Verdict.ADOPT);
    assertThat(rec.winner()).isNull();
    assertThat(rec.summary()).contains("container-fit was killed by the container's memory limit in 1 of 6 runs");
  }

  @Test
  void withoutTheBaselineKilledTheUsualComparisonDecides() throws Exception {
    Plan p = plan();
    // the candidate's runs alone under the baseline's name: nothing was killed, nothing to adopt by this rule
    List<RunResult> runs = Experiment.readResults(DIR, p).stream().filter(r -> r.candidate().equals("container-fit"))
        .toList();
    assertThat(BaselineDown.of(p, List.of(), ExperimentReport.of(p, List.of(), runs).levels(), runs)).isNull();
  }

  @Test
  void aCandidateThatServesOverABaselineWhoseDefaultHeapRanOutUnderTheLimit() throws Exception {
    // 'jtune demo --quick --scenario container-default-heap': a 150 MiB cache, the JVM's default heap (128 MB,
    // a quarter of the 512 MiB limit), every baseline run out of heap before it answered; container-fit -Xmx400m
    Path dir = Path.of("../testdata/experiments/container-default-heap").toAbsolutePath().normalize();
    Plan p = PlanReader.read(Files.newBufferedReader(dir.resolve("plan.yaml")), "plan.yaml", dir);
    List<RunResult> runs = Experiment.readResults(dir, p);
    assertThat(runs.stream().filter(r -> r.candidate().equals("baseline"))).allMatch(RunResult::outOfHeap)
        .noneMatch(RunResult::oomKilled);
    var rec = ExperimentReport.of(p, List.of(), runs).recommendation();
    assertThat(rec.verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(rec.winner()).isEqualTo("container-fit");
    assertThat(rec.summary()).contains("the baseline ran out of heap inside the container's memory limit in 6 of 6 runs")
        .contains("no OOM kill and no OutOfMemoryError");
    assertThat(rec.flagDiff()).contains("+ -Xmx400m");

    // without a memory limit an OutOfMemoryError is the heap's own case, not the container's: no such verdict
    Plan plain = p.withLevels(p.levels().stream().map(l -> l.withLimits(io.jtune.runtime.container.ContainerLimits.none()))
        .toList());
    assertThat(BaselineDown.of(plain, List.of(), ExperimentReport.of(plain, List.of(), runs).levels(), runs)).isNull();
  }

  private static RunResult killed(RunResult r) {
    RunResult.ContainerSeen c = r.container();
    RunResult.ContainerSeen k = new RunResult.ContainerSeen(c.limits(), c.memoryLimitBytes(), c.cpus(),
        c.memoryLimitBytes(), c.peakRssBytes(), true, 1L, c.periods(), c.throttledPeriods(), c.throttledMs());
    return new RunResult(r.schema(), r.id(), r.level(), r.candidate(), r.repetition(), "failed",
        "killed by the container's memory limit", r.startedAt(), r.flags(), r.jvmPid(), 0, 0, java.util.Map.of(), null,
        0, List.of(), null, null, null, k, r.ergonomics());
  }
}
