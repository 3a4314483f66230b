package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.common.units.MemoryQuantity;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.NmtSummary;
import io.jtune.diagnostics.nmt.ResidentSet;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.model.ContainerBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The advice inside a container's limits, on the case book's logs recorded under a real cgroup v1
 * memory limit: the lab with a 150 MiB cache and the JVM's defaults in 512 MiB (heap 128 MiB,
 * Serial, 456 Full GCs, OutOfMemoryError), and -Xms/-Xmx 300m with pre-touch in 320 MiB (killed
 * by the kernel at start).
 */
class ContainerAdviceTest {
  private static final long MB = 1L << 20;
  private static final String DEFAULT_HEAP = "../casebook/container-default-heap.log";
  /** The killed JVM's log stops before its first collection: the fix's run (same service, same limit) is analyzed with the killed one's flags. */
  private static final String OVER_LIMIT = "../casebook/container-heap-over-limit-fix.log";

  private static Suggestion advise(String log, ContainerLimit limit, double pauseGoalMs) {
    Analysis a = AdvisorTest.analyze(log);
    return Advisor.advise(a, Advisor.Inputs.NONE.withContainer(limit).withPauseTarget(pauseGoalMs));
  }

  private static Suggestion advise(String log, List<String> flags, ContainerLimit limit) {
    Analysis a = AdvisorTest.analyze(log);
    return Advisor.advise(a, Advisor.Inputs.NONE.withFlags(flags).withContainer(limit));
  }

  private static ContainerLimit limit(String memory, double cpus) {
    return ContainerLimit.of(MemoryQuantity.parse(memory).bytes(), cpus, "--container-memory-limit");
  }

  private static Candidate fit(Suggestion s) {
    return s.candidates().stream().filter(c -> c.name().equals("container-fit")).findFirst().orElseThrow(
        () -> new AssertionError("no container-fit among " + s.candidates().stream().map(Candidate::name).toList()));
  }

  private static long xmx(List<String> baseline, Candidate c) {
    return JvmFlags.of(FlagSet.merge(baseline, c.flags())).bytes(JvmOption.MAX_HEAP_SIZE).orElse(-1);
  }

  @Test
  void theDefaultHeapInA512MiContainerIsNamedAndReplacedByTheHeapTheLimitAllows() {
    Suggestion s = advise(DEFAULT_HEAP, limit("512Mi", Double.NaN), Double.NaN);
    Candidate c = fit(s);
    long heap = xmx(s.baselineFlags(), c);
    // 512 MiB less the estimated non-heap (no NMT here: stated as an estimate) less 51 MiB headroom
    assertThat(heap).isBetween(256 * MB, 400 * MB);
    assertThat(c.flags()).contains("-XX:+UseSerialGC", "-Xms" + heap / MB + "m");
    assertThat(c.reason()).contains("No -Xmx: the JVM's default heap (128.0 MB, 25 % of the 512.0 MB limit")
        .contains("Full GCs that free almost nothing come back to back").contains("estimated, not measured");
    assertThat(s.evidence()).anySatisfy(e -> assertThat(e).startsWith("Heap budget: the 512.0 MB container limit"));
    // every candidate states its heap within the budget and its collector
    for (Candidate k : s.candidates()) {
      long x = xmx(s.baselineFlags(), k);
      assertThat(x).as(k.name()).isPositive().isLessThanOrEqualTo(heap);
      assertThat(JvmFlags.of(FlagSet.merge(s.baselineFlags(), k.flags())).chosenCollectorOption()).as(k.name())
          .isPresent();
    }
  }

  @Test
  void withoutALimitNoContainerCandidate() {
    Suggestion s = advise(DEFAULT_HEAP, ContainerLimit.NONE, Double.NaN);
    assertThat(s.candidates()).noneMatch(c -> c.name().equals("container-fit"));
  }

  @Test
  void measuredNonHeapSizesTheBudget() throws IOException {
    NativeMemory nm = NativeMemory.of(NmtSummary.parse(Files.readAllLines(Path.of("../testdata/nmt/lab-api-idle-g1-jdk17.txt"))),
        -1, -1);
    Suggestion s = advise(DEFAULT_HEAP, limit("512Mi", Double.NaN).withNativeMemory(nm), Double.NaN);
    Candidate c = fit(s);
    long heap = xmx(s.baselineFlags(), c);
    ContainerBudget b = ContainerBudget.measured(512 * MB, "x", nm.nonHeapBytes() - nm.gcBytes(), nm.gcBytes(),
        nm.heapBytes());
    assertThat(heap).isEqualTo(b.heapBytes());
    // never more than the limit less the measured non-heap (its GC part scaled to the new heap) less headroom
    assertThat(heap + b.nonHeapBytes() + b.headroomBytes()).isLessThanOrEqualTo(512 * MB);
    assertThat(c.reason()).contains("measured by Native Memory Tracking");
  }

  @Test
  void theBudgetKeepsTheResidentSetOutsideTheHeapAndNamesItsParts() throws IOException {
    // Tomcat 11 in a 384 MiB container (JDK 17, Serial, the JVM's default heap) after 40 s at 1,000
    // requests/s: its NMT summary, and /proc read right after it (the heap's resident part from smaps
    // in GC.heap_info's range; RssAnon 118,276 KB after System.trim_native_heap)
    long kb = 1024;
    NativeMemory nm = NativeMemory.of(NmtSummary.parse(Files.readAllLines(
        Path.of("../testdata/nmt/tomcat-serial-384mi-jdk17.txt"))), new ResidentSet(161352 * kb, 136500 * kb,
        24852 * kb, 0, 37452 * kb, (136500 - 118276) * kb), 163016 * kb);
    assertThat(nm.heapBytes()).isEqualTo(40000 * kb);
    // NMT's non-heap explains four fifths of the anonymous memory outside the heap; with the
    // memory glibc's malloc held free, all but about 3 MB
    assertThat(nm.nonHeapVsAnonPct()).isBetween(-25.0, -15.0);
    assertThat(nm.accountedVsAnonPct()).isBetween(-5.0, 0.0);
    ContainerBudget b = limit("384Mi", Double.NaN).withNativeMemory(nm).budget(-1);
    // what the kernel charges besides the heap: the resident set less the resident heap (not the
    // committed one, 2.5 MB of which was never touched)
    long gc = nm.gcBytes();
    assertThat(b.nonHeapBytes() - Math.round((double) gc / nm.heapBytes() * b.heapBytes()))
        .isEqualTo((161352 - 37452) * kb - gc);
    assertThat(b.nonHeapSource()).contains("resident heap", "Native Memory Tracking's non-heap 76.1 MB",
        "glibc's malloc held free", "17.8 MB", "file-backed pages 24.3 MB", "none of these accounts for");
    assertThat(b.heapBytes() + b.nonHeapBytes() + b.headroomBytes()).isLessThanOrEqualTo(384 * MB);
  }

  @Test
  void aHeapOverTheLimitIsCutToWhatTheLimitHolds() {
    Suggestion s = advise(OVER_LIMIT, List.of("-Xms300m", "-Xmx300m", "-XX:+AlwaysPreTouch"), limit("320Mi", Double.NaN));
    Candidate c = fit(s);
    long heap = xmx(s.baselineFlags(), c);
    assertThat(heap).isLessThan(300 * MB).isGreaterThanOrEqualTo(128 * MB);
    assertThat(c.reason()).contains("The heap (300.0 MB").contains("OOM killer").contains("exit code 137");
    assertThat(c.flags()).contains("-XX:+UseSerialGC").as("the flags given name no collector: it is named");
  }

  @Test
  void serialPickedForOneCpuIsTheProblemOfALatencySensitiveService() {
    Suggestion s = advise(DEFAULT_HEAP, limit("512Mi", 1), 50);
    Candidate c = fit(s);
    assertThat(c.flags()).contains("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50", "-XX:ActiveProcessorCount=1",
        "-XX:ParallelGCThreads=1", "-XX:ConcGCThreads=1").doesNotContain("-XX:+UseSerialGC");
    assertThat(c.reason()).contains("the JVM picked Serial because the container gives it a CPU limit of 1.0")
        .contains("the JVM saw 2 CPUs");
  }
}
