package io.jtune.experiment.run;

import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.jtune.common.format.Json;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentJson;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.Verdict;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.runtime.container.CgroupMounts;
import io.jtune.runtime.container.CgroupV1;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs under container limits, end to end: the real lab in a real cgroup (v1, as root) with a
 * memory limit and a CPU quota, loaded on 127.0.0.1; what the container did and what the JVM
 * chose inside it, in the run results and the reports.
 */
class ContainerRunTest {
  private static final List<Path> HIERARCHIES = List.of(Path.of("/sys/fs/cgroup/memory"), Path.of("/sys/fs/cgroup/cpu"));

  @TempDir Path dir;

  @BeforeAll
  static void cgroupsV1AsRoot() {
    assumeTrue(CgroupMounts.detect().orElse(null) instanceof CgroupV1 v1 && v1.memoryRoot() != null
        && v1.cpuRoot() != null && Files.isWritable(v1.memoryRoot()), "needs cgroup v1 memory and cpu, as root");
  }

  @BeforeEach
  void useLabJar() {
    System.setProperty("jtune.lab.jar", ExperimentRunTest.LAB_JAR.toString());
  }

  @AfterEach
  void nothingLeft() throws IOException {
    System.clearProperty("jtune.lab.jar");
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
    String mine = "jtune-" + ProcessHandle.current().pid() + "-";
    for (Path h : HIERARCHIES) {
      try (Stream<Path> groups = Files.list(h)) {
        assertThat(groups.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(mine)).toList())
            .as("groups left in " + h).isEmpty();
      }
    }
  }

  @Test
  void aCandidateTheMemoryLimitKillsNeverWinsAndAThrottledOnesErgonomicsAreTheJvmsOwn() throws Exception {
    String yaml = """
        name: limits
        target: {lab: cpu-bound}
        limits:
          memory: 256Mi
          cpu: 500m
        baseline: fits
        candidates:
          - {name: fits, flags: "-Xms64m -Xmx128m"}
          - {name: too-big, flags: "-Xms320m -Xmx320m -XX:+AlwaysPreTouch"}
        levels:
          - {name: l, concurrency: 8, warmup: 1s, duration: 4s}
        repetitions: 1
        order: sequential
        cooldown: 0s
        """;
    Plan p = ExperimentRunTest.plan(yaml, dir);
    List<RunResult> results = Experiment.prepare(p, yaml, dir, new Experiment.Options(false, false), null).run();
    RunResult fits = results.get(0);
    RunResult tooBig = results.get(1);

    assertThat(fits.ok()).as(fits.failure()).isTrue();
    // half a CPU: the JVM counts one processor and so picks Serial, and sizes the heap as told
    assertThat(fits.ergonomics().collector()).isEqualTo("Serial");
    assertThat(fits.ergonomics().activeProcessors()).isEqualTo(1);
    assertThat(fits.ergonomics().maxHeapBytes()).isEqualTo(128L << 20);
    assertThat(fits.ergonomics().ciCompilerCount()).isPositive();
    assertThat(dir.resolve("runs/l-fits-r1/jvm-flags.txt")).content().contains("MaxHeapSize");
    // eight clients of 10 ms CPU each want far more than half a CPU: the quota throttles
    assertThat(fits.metric(Metric.THROTTLED_PERIODS.key())).isPositive();
    assertThat(fits.metric(Metric.THROTTLED_TIME.key())).isPositive();
    assertThat(fits.metric(Metric.THROTTLED_PCT.key())).isBetween(0.0, 100.0);
    assertThat(fits.metric(Metric.RSS_OF_LIMIT.key())).isBetween(1.0, 100.0);
    assertThat(fits.container().limits()).isEqualTo("memory 256Mi, 500m CPUs");
    assertThat(fits.container().memoryLimitBytes()).isEqualTo(256L << 20);
    assertThat(fits.container().oomKilled()).isFalse();
    assertThat(fits.container().throttledPeriods()).isPositive();

    // 320 MB of heap touched at start in a 256 MiB container: the kernel kills it before it serves
    assertThat(tooBig.ok()).isFalse();
    assertThat(tooBig.oomKilled()).isTrue();
    assertThat(tooBig.failure()).contains("was killed by the container's memory limit at")
        .contains("of 256.0 MB").doesNotContain("OutOfMemoryError:").doesNotContain("exit code");
    assertThat(tooBig.container().oomKills()).isPositive();

    ExperimentReport report = ExperimentReport.of(p, List.of(), results);
    assertThat(report.recommendation().verdict()).isNotEqualTo(Verdict.ADOPT);
    assertThat(report.recommendation().summary())
        .contains("too-big was killed by the container's memory limit in 1 of 1 runs: a candidate the container"
            + " kills can never win");
    StringWriter text = new StringWriter();
    ExperimentText.text(report, new PrintWriter(text));
    assertThat(text.toString())
        .contains("Container limits: memory 256Mi, 500m CPUs")
        .contains("  - fits: Serial GC, MaxHeapSize 128.0 MB, 1 active processor, CICompilerCount ")
        .containsPattern("- l-fits-r1: CPU throttled in \\d+ periods of 100 ms")
        .contains("too-big: 1 run(s) failed (1 killed by the container's memory limit; see the run list)")
        .containsPattern("CPU periods throttled +\\d+");
    JsonNode json = ExperimentJson.tree(report);
    validAndRenameFails(json, "/runs/list/1/container/oomKilled");
    assertThat(json.at("/plan/limits/memory").asText()).isEqualTo("256Mi");
    assertThat(json.at("/levels/0/candidates/1/oomKilledRuns").asLong()).isEqualTo(1);
    assertThat(json.at("/levels/0/candidates/0/ergonomics/collector").asText()).isEqualTo("Serial");
    assertThat(json.at("/levels/0/candidates/0/metrics/throttledPeriods/mean").asDouble()).isPositive();

    // the kept baseline as the platform deploys it: Kubernetes container resources and the JVM
    // options, read back with Kubernetes' own model (fabric8), the quantities as the plan gave them
    List<Path> files = ReportFiles.writeAll(report, dir);
    Path snippet = dir.resolve(ReportFiles.RESOURCES_FILE);
    assertThat(files).contains(snippet);
    assertThat(snippet).content().startsWith("# Kubernetes container resources and JVM options for limits")
        .contains("the baseline 'fits'").contains("memory: request = limit").doesNotContain("---");
    Container c = new ObjectMapper(new YAMLFactory()).readValue(snippet.toFile(), Container.class);
    assertThat(c.getName()).isEqualTo("limits");
    assertThat(c.getResources().getLimits()).containsEntry("memory", new Quantity("256Mi"))
        .containsEntry("cpu", new Quantity("500m"));
    assertThat(c.getResources().getLimits().get("memory").toString()).isEqualTo("256Mi");
    assertThat(c.getResources().getRequests().get("memory").toString()).isEqualTo("256Mi");
    // the CPU request is the measured mean use rounded up to 100m, never above the quota of 500m
    long cpuRequestMillis = Quantity.getAmountInBytes(c.getResources().getRequests().get("cpu"))
        .movePointRight(3).longValueExact();
    assertThat(cpuRequestMillis).isBetween(100L, 500L).isEqualTo(Math.min(500L,
        Math.max(100L, (long) Math.ceil(fits.metric(Metric.CPU.key()) / 10) * 100)));
    assertThat(c.getEnv()).singleElement().satisfies(e -> {
      assertThat(e.getName()).isEqualTo("JAVA_TOOL_OPTIONS");
      assertThat(e.getValue()).isEqualTo("-Xms64m -Xmx128m");
    });
    // experiment.json holds the same container
    JsonNode written = Json.mapper().readTree(dir.resolve("experiment.json").toFile());
    assertThat(written.at("/recommendation/resources/resources/limits/memory").asText()).isEqualTo("256Mi");
    assertThat(Json.mapper().treeToValue(written.at("/recommendation/resources"), Container.class)).isEqualTo(c);
  }

  @Test
  void aCandidateWithHalfACoreOfItsOwnRunsUnderItsQuotaAndTheReportsSaySo() throws Exception {
    String yaml = """
        name: cores
        target: {lab: cpu-bound}
        baseline: two
        candidates:
          - {name: two, flags: "-Xms64m -Xmx128m"}
          - {name: half, flags: "-Xms64m -Xmx128m", limits: {cpu: 0.5}}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 2s, limits: {cpu: 2}}
        repetitions: 1
        order: sequential
        cooldown: 0s
        """;
    Plan p = ExperimentRunTest.plan(yaml, dir);
    // the quota each running JVM's own group has, read from the group while it runs
    Map<Long, Long> quotaByPid = new ConcurrentHashMap<>();
    AtomicBoolean running = new AtomicBoolean(true);
    Thread watcher = new Thread(() -> {
      while (running.get()) {
        quotas(quotaByPid);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    watcher.start();
    List<RunResult> results;
    try {
      results = Experiment.prepare(p, yaml, dir, new Experiment.Options(false, false), null).run();
    } finally {
      running.set(false);
      watcher.join();
    }
    RunResult two = results.get(0);
    RunResult half = results.get(1);
    assertThat(two.ok()).as(two.failure()).isTrue();
    assertThat(half.ok()).as(half.failure()).isTrue();
    // each run's JVM ran in a group with its own quota per 100 ms period: the level's 2 cores, the candidate's half
    assertThat(quotaByPid).containsEntry(two.jvmPid(), 200_000L).containsEntry(half.jvmPid(), 50_000L);
    assertThat(two.container().limits()).isEqualTo("2 CPUs");
    assertThat(half.container().limits()).isEqualTo("0.5 CPUs");
    // and each JVM saw it: 2 processors and G1, 1 processor and so Serial (it names no collector)
    assertThat(two.ergonomics().activeProcessors()).isEqualTo(2);
    assertThat(two.ergonomics().collector()).isEqualTo("G1");
    assertThat(half.ergonomics().activeProcessors()).isEqualTo(1);
    assertThat(half.ergonomics().collector()).isEqualTo("Serial");
    // two clients of 10 ms CPU each want far more than half a CPU: the quota throttles
    assertThat(half.container().throttledPeriods()).isPositive();

    ExperimentReport report = ExperimentReport.of(p, List.of(), results);
    StringWriter text = new StringWriter();
    ExperimentText.text(report, new PrintWriter(text));
    assertThat(text.toString())
        .contains("Container limits: per level; candidates with limits of their own run under those")
        .contains("- half: -Xms64m -Xmx128m [its own limits: 0.5 CPUs]")
        .contains("Level l: 2 closed-loop clients; warm-up 1 s, 2 s measured; container limits 2 CPUs")
        .contains("- half: its own limits 0.5 CPUs (the level's: 2 CPUs): runs with fewer CPUs than the baseline"
            + " (0.5 against 2)")
        .contains("- half: names no collector, and under its own limits (0.5 CPUs, 1 active processor) the JVM's"
            + " ergonomics chose Serial GC where the baseline's chose G1 GC (2 active processors): its runs compare"
            + " collectors as well as resources; -XX:+UseG1GC in its flags keeps the baseline's");
    JsonNode json = ExperimentJson.tree(report);
    validAndRenameFails(json, "/levels/0/candidates/1/limitsText");
    assertThat(json.at("/plan/candidates/1/limits/cpuCores").asDouble()).isEqualTo(0.5);
    assertThat(json.at("/plan/candidates/0/limits").isMissingNode()).isTrue();
    assertThat(json.at("/levels/0/limits/cpu").asText()).isEqualTo("2");
    assertThat(json.at("/levels/0/candidates/1/limits/cpu").asText()).isEqualTo("0.5");
    assertThat(json.at("/levels/0/candidates/1/limitsText").asText())
        .isEqualTo("runs with fewer CPUs than the baseline (0.5 against 2)");
    assertThat(json.at("/levels/0/candidates/1/collectorChange").asText()).contains("-XX:+UseG1GC");
    assertThat(json.at("/levels/0/candidates/0/limits").isMissingNode()).isTrue();
    StringWriter html = new StringWriter();
    io.jtune.experiment.report.html.ExperimentHtml.write(report, dir, html);
    assertThat(html.toString()).contains("\"candidateLimits\":[\"half: its own limits 0.5 CPUs (the level");
  }

  /** Each jtune group's processes with the group's CPU quota. */
  private static void quotas(Map<Long, Long> quotaByPid) {
    String mine = "jtune-" + ProcessHandle.current().pid() + "-";
    try (Stream<Path> groups = Files.list(Path.of("/sys/fs/cgroup/cpu"))) {
      for (Path g : groups.filter(x -> x.getFileName().toString().startsWith(mine)).toList()) {
        long quota = Long.parseLong(Files.readString(g.resolve("cpu.cfs_quota_us")).strip());
        for (String pid : Files.readAllLines(g.resolve("cgroup.procs"))) {
          quotaByPid.put(Long.parseLong(pid.strip()), quota);
        }
      }
    } catch (IOException | RuntimeException e) {
      // a group removed while read: the next look sees the next
    }
  }
}
