package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.Json;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.runtime.container.ContainerLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A baseline the container's memory limit killed is the diagnosis, told part by part, and the
 * advice then sizes a heap the limit holds. Real inputs: the baseline run of 'jtune demo --quick
 * --scenario container-heap-over-limit' (-Xms300m -Xmx300m -XX:+AlwaysPreTouch in a real 320 MiB
 * cgroup v1 limit, killed by the kernel before it served): its result.json and the GC log the JVM
 * wrote before the kill (its header only).
 */
class BaselineKillTest {
  private static final Path RUN = Path.of("../testdata/experiments/container-heap-over-limit/baseline/runs/high-baseline-r1")
      .toAbsolutePath().normalize();
  private static final List<String> FLAGS = List.of("-Xms300m", "-Xmx300m", "-XX:+AlwaysPreTouch");
  private static final long MB = ByteSize.MB;

  private static Level high(String memory) {
    return new Level("high", 0, 4, List.of("/scenario"), Duration.ofSeconds(3), Duration.ofSeconds(6),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET).withLimits(ContainerLimits.of(memory, null));
  }

  private static RunResult run() throws Exception {
    return Json.mapper().readValue(RUN.resolve("result.json").toFile(), RunResult.class);
  }

  @Test
  void theKillIsToldPartByPartWithWhatFits() throws Exception {
    RunResult r = run();
    assertThat(r.oomKilled()).isTrue();
    Analysis a = GcAnalyzer.analyzeRun(RUN.resolve("gc.log").toString(), AnalysisOptions.DEFAULTS);
    ContainerLimit c = TuneAdvice.container(high("320Mi"), r);
    assertThat(c.memoryBytes()).isEqualTo(320 * MB);
    BaselineKill k = BaselineKill.of(r, FLAGS, a, c);
    assertThat(k.limitBytes()).isEqualTo(320 * MB);
    assertThat(k.heapBytes()).isEqualTo(300 * MB);
    assertThat(k.heapSource()).contains("-XX:+AlwaysPreTouch");
    // the JVM was killed before jtune sampled its RSS: the group's peak stands for it, and says so
    assertThat(k.rssSampled()).isFalse();
    assertThat(k.rssBytes()).isEqualTo(320 * MB);
    // no NMT summary from a JVM killed at start: non-heap is the budget's estimate, said to be one
    assertThat(k.nonHeapSource()).startsWith("estimated");
    assertThat(k.nonHeapBytes()).isGreaterThan(20 * MB);
    // what fits: the heap the budget allows, or a limit that holds this heap with the rest and headroom
    assertThat(k.fittingHeapBytes()).isPositive().isLessThan(300 * MB - k.nonHeapBytes() + 20 * MB);
    assertThat(k.fittingHeapBytes() + k.nonHeapBytes()).isLessThan(320 * MB);
    assertThat(k.neededLimitBytes()).isGreaterThan(300 * MB + k.nonHeapBytes());
    assertThat(k.lines()).anySatisfy(l -> assertThat(l).startsWith("memory (the group's peak) at the kill: 320.0 MB"))
        .anySatisfy(l -> assertThat(l).contains("where the limit left 20.0 MB beside the heap"))
        .anySatisfy(l -> assertThat(l).startsWith("what fits: a heap of at most"));
    assertThat(k.words()).startsWith("The baseline was killed by the container's memory limit at 320.0 MB of 320.0 MB");

    // the advice on the killed JVM's log (its header only) sizes the heap within the limit
    Suggestion s = Advisor.advise(a, TuneAdvice.inputs(new TuneSettings("t", io.jtune.experiment.plan.ServiceSpec.lab(
        "container-heap-over-limit"), List.of("/scenario"), null, List.of(high("320Mi")), 3, 1, null, Path.of("x"), "t",
        null, null), r, high("320Mi"), Double.NaN).withFlags(FLAGS));
    var fit = s.candidates().stream().filter(x -> x.name().equals("container-fit")).findFirst().orElseThrow();
    assertThat(fit.flags()).contains("-Xmx" + k.fittingHeapBytes() / MB + "m", "-Xms" + k.fittingHeapBytes() / MB + "m");
    Suggestion after = TuneAdvice.afterKill(s, k);
    assertThat(after.verdict()).startsWith("Diagnosis: The baseline was killed by the container's memory limit")
        .contains("Candidates: container-fit");
  }

  @Test
  void theBaselinesMeasuredNonHeapSizesTheHeapOfTheLimit() throws Exception {
    // the baseline of 'jtune demo --quick --scenario container-default-heap' (512 MiB, the JVM's default heap):
    // out of heap before it answered, its NMT summary taken all the same
    Path run = Path.of("../testdata/experiments/container-default-heap/baseline/runs/high-baseline-r1").toAbsolutePath()
        .normalize();
    RunResult r = Json.mapper().readValue(run.resolve("result.json").toFile(), RunResult.class);
    assertThat(r.ok()).isFalse();
    assertThat(r.nativeMemory()).isNotNull();
    Level high = high("512Mi");
    ContainerLimit c = TuneAdvice.container(high, r);
    assertThat(c.measured()).isSameAs(r.nativeMemory());
    Analysis a = GcAnalyzer.analyze(run.resolve("gc.log.gz").toString(), AnalysisOptions.DEFAULTS, e -> true);
    TuneSettings job = new TuneSettings("t", io.jtune.experiment.plan.ServiceSpec.lab("container-default-heap"),
        List.of("/scenario"), null, List.of(high), 3, 1, null, Path.of("x"), "t", null, null);
    assertThat(TuneAdvice.defaultHeapInLimit(job, high)).isTrue();
    Suggestion s = Advisor.advise(a, TuneAdvice.inputs(job, r, high, Double.NaN).withFlags(List.of()));
    var fit = s.candidates().stream().filter(x -> x.name().equals("container-fit")).findFirst().orElseThrow();
    var b = c.budget(-1);
    assertThat(b.measured()).isTrue();
    // the limit less the measured non-heap less headroom, and never more
    assertThat(fit.flags()).contains("-Xmx" + b.heapBytes() / MB + "m");
    assertThat(b.heapBytes() + b.nonHeapBytes() + b.headroomBytes()).isLessThanOrEqualTo(512 * MB);
    // the heap was full (resident): its RSS less the heap exceeds what NMT counts, and the budget keeps that
    assertThat(fit.reason()).contains("its resident set less the heap", "Native Memory Tracking counted")
        .contains("No -Xmx: the JVM's default heap (128.0 MB, 25 % of the 512.0 MB limit");
    assertThat(TuneAdvice.defaultHeapInLimit(job, high.withLimits(ContainerLimits.none()))).isFalse();
  }

  @Test
  void withoutAMemoryLimitTheAdviceHasNoContainer() throws Exception {
    Level plain = high("320Mi").withLimits(ContainerLimits.none());
    ContainerLimit c = TuneAdvice.container(plain, null);
    assertThat(c.hasMemoryLimit()).isFalse();
    assertThat(c.hasCpuLimit()).isFalse();
  }
}
