package io.jtune.runtime.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jtune.common.JtuneException;
import io.jtune.runtime.process.ChildJvmSpec;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Services in real cgroups (v1, as this host and CI have them, as root): the JVM reads its
 * ergonomics from the group, the kernel kills a process that outgrows its limit, a quota
 * throttles, and no group or process outlives the run, not even a killed jtune's.
 */
class ContainerGroupTest {
  private static final Path MEMORY = Path.of("/sys/fs/cgroup/memory");
  private static final Path CPU = Path.of("/sys/fs/cgroup/cpu");
  private static final Path JAVA = ChildJvmSpec.currentJavaHome().resolve("bin").resolve("java");
  private final List<ChildProcess> started = new ArrayList<>();
  @TempDir Path dir;

  @BeforeAll
  static void cgroupsV1AsRoot() {
    assumeTrue(CgroupMounts.detect().orElse(null) instanceof CgroupV1 v1 && v1.memoryRoot() != null
        && v1.cpuRoot() != null && Files.isWritable(v1.memoryRoot()), "needs cgroup v1 memory and cpu, as root");
  }

  @AfterEach
  void nothingLeft() throws Exception {
    started.forEach(c -> c.stop(Duration.ofSeconds(1)));
    for (ChildProcess c : started) {
      assertThat(c.isAlive()).isFalse();
      assertThat(c.handle().descendants().toList()).isEmpty();
    }
    assertThat(groupsOf(ProcessHandle.current().pid())).as("cgroups left").isEmpty();
  }

  private ChildProcess start(ProcessSpec spec) {
    ChildProcess child = ChildProcess.start(spec);
    started.add(child);
    return child;
  }

  @Test
  void aJvmInA300MbHalfCpuGroupChoosesItsErgonomicsFromTheGroup() throws Exception {
    List<String> limited = printFlagsFinal(ContainerLimits.of("300Mi", "0.5"));
    long maxHeap = flag(limited, "MaxHeapSize");
    assertThat(maxHeap).isBetween(120L << 20, 130L << 20); // 126 MB on JDK 17
    assertThat(limited).anyMatch(l -> l.matches("\\s*bool UseSerialGC\\s+= true.*"));
    // the same JVM without limits, on this host with GBs of memory, has a far larger heap
    assertThat(flag(printFlagsFinal(ContainerLimits.none()), "MaxHeapSize")).isGreaterThan(maxHeap * 4);
  }

  private List<String> printFlagsFinal(ContainerLimits limits) throws Exception {
    Path out = Files.createTempFile(dir, "flags", ".txt");
    ChildProcess.Finished run = ChildProcess.run(ProcessSpec.of("java",
            List.of(JAVA.toString(), "-XX:+PrintFlagsFinal", "-version"))
        .withLimits(limits).outputTo(out, dir.resolve("stderr.txt")).withTimeout(Duration.ofSeconds(60)));
    assertThat(run.exitCode()).isZero();
    return Files.readAllLines(out);
  }

  @Test
  void theWholeProcessTreeRunsInTheGroupAndIsGoneWithIt() throws Exception {
    ChildProcess child = start(ProcessSpec.of("tree", List.of("sh", "-c", "sleep 300 & echo child $!; wait"))
        .withLimits(ContainerLimits.of("64Mi", "1")));
    Matcher m = child.awaitStdout(Pattern.compile("child (\\d+)"), Duration.ofSeconds(10));
    long grandchild = Long.parseLong(m.group(1));
    ContainerGroup group = child.container().orElseThrow();
    assertThat(group.name()).isEqualTo(group.directories().get(0).getFileName().toString())
        .startsWith("jtune-" + ProcessHandle.current().pid() + "-");
    assertThat(group.directories()).containsExactly(MEMORY.resolve(group.name()), CPU.resolve(group.name()));
    assertThat(Files.readString(MEMORY.resolve(group.name()).resolve("memory.limit_in_bytes")).trim())
        .isEqualTo(Long.toString(64L << 20));
    assertThat(Files.readString(CPU.resolve(group.name()).resolve("cpu.cfs_quota_us")).trim()).isEqualTo("100000");
    String cgroups = Files.readString(Path.of("/proc", Long.toString(grandchild), "cgroup"));
    assertThat(cgroups).contains("memory:/" + group.name()).contains("cpu:/" + group.name());
    assertThat(group.pids()).contains(child.pid(), grandchild);
    child.stop(Duration.ofSeconds(5));
    ProcessHandle.of(grandchild).ifPresent(h -> assertThat(h.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).join())
        .as("the grandchild has exited").isNotNull());
    assertThat(group.directories()).noneMatch(Files::exists);
  }

  @Test
  void aServiceThatOutgrowsItsLimitIsKilledByTheKernelAndCounted() throws Exception {
    // a heap of 256 MB touched at start in a 128 MB container: the kernel's OOM killer ends it
    ChildProcess child = start(ProcessSpec.of("java", List.of(JAVA.toString(), "-Xms256m", "-Xmx256m",
            "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC", "-version"))
        .withLimits(ContainerLimits.of("128Mi", null)).withTimeout(Duration.ofSeconds(60)));
    assertThat(child.awaitExit(Duration.ofSeconds(60))).hasValue(137); // SIGKILL
    ContainerStats stats = awaitClosed(child);
    assertThat(stats.oomKilled()).isTrue();
    assertThat(stats.oomKills()).isPositive();
    assertThat(stats.memoryLimitBytes()).isEqualTo(128L << 20);
    assertThat(stats.peakBytes()).isBetween(100L << 20, 128L << 20);
    assertThat(stats.limitHits()).as("read (this kernel keeps failcnt at 0 even at an OOM kill)").isNotNegative();
  }

  @Test
  void aCpuQuotaThrottlesABusyService() throws Exception {
    ChildProcess child = start(ProcessSpec.of("burner", List.of("sh", "-c", "while :; do :; done"))
        .withLimits(ContainerLimits.of(null, "0.2")));
    Thread.sleep(1500);
    ContainerStats live = child.container().orElseThrow().stats();
    child.stop(Duration.ofSeconds(5));
    ContainerStats stats = child.container().orElseThrow().stats();
    assertThat(live.periods()).isPositive();
    assertThat(stats.throttledPeriods()).isPositive();
    assertThat(stats.throttledMicros()).isPositive();
    // 0.2 CPU for a loop that wants a whole core: throttled in most of the periods it ran
    assertThat(stats.throttledPercent()).isGreaterThan(50);
    assertThat(stats.oomKills()).isEqualTo(-1); // no memory limit, no memory counters
  }

  @Test
  void withoutTheRightToCreateCgroupsNothingStarts() throws Exception {
    Path marker = dir.resolve("started");
    CgroupLayout noRights = new CgroupV1(Path.of("/proc/1"), null); // no one can make directories there
    assertThatThrownBy(() -> ContainerGroup.create(ContainerLimits.of("512Mi", null), noRights))
        .isInstanceOf(JtuneException.class)
        .hasMessageStartingWith("cannot run under container limits (memory 512Mi): cannot create the cgroup /proc/1/jtune-")
        .hasMessageEndingWith("; jtune needs to create cgroups: run it as root, or in a cgroup delegated to its user")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
        .satisfies(e -> assertThat(((JtuneException) e).exitCode()).isEqualTo(2));
    CgroupLayout noCpu = new CgroupV1(MEMORY, null);
    assertThatThrownBy(() -> ContainerGroup.create(ContainerLimits.of("512Mi", "1"), noCpu))
        .hasMessageContaining("a CPU limit needs the cgroup cpu controller, which is not mounted");
    assertThat(groupsOf(ProcessHandle.current().pid())).isEmpty();
    assertThat(marker).doesNotExist();
  }

  @Test
  void aJtuneStoppedBySigtermRemovesItsGroupsOnTheWayOut() throws Exception {
    ChildProcess jtune = start(ProcessSpec.of("jtune", List.of(JAVA.toString(), "-Xmx32m",
        "-cp", System.getProperty("java.class.path"), ContainerFixture.class.getName())));
    Matcher m = jtune.awaitStdout(Pattern.compile("group (\\S+) sleeper (\\d+)"), Duration.ofSeconds(30));
    Path group = MEMORY.resolve(m.group(1));
    ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(m.group(2))).orElseThrow();
    assertThat(group).exists();
    jtune.handle().destroy(); // SIGTERM, as Ctrl-C or a stop from outside
    assertThat(jtune.awaitExit(Duration.ofSeconds(30))).isPresent();
    assertThat(sleeper.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).join()).isNotNull();
    assertThat(group).doesNotExist();
  }

  @Test
  void aKilledJtunesGroupIsRemovedOnTheNextStart() throws Exception {
    ChildProcess fakeJtune = start(ProcessSpec.of("killed jtune", List.of(JAVA.toString(), "-Xmx32m",
        "-cp", System.getProperty("java.class.path"), ContainerFixture.class.getName())));
    Matcher m = fakeJtune.awaitStdout(Pattern.compile("group (\\S+) sleeper (\\d+)"), Duration.ofSeconds(30));
    Path stale = MEMORY.resolve(m.group(1));
    ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(m.group(2))).orElseThrow();
    fakeJtune.handle().destroyForcibly(); // SIGKILL to jtune alone: its sleeper lives on in its group
    fakeJtune.awaitExit(Duration.ofSeconds(10));
    assertThat(sleeper.isAlive()).isTrue();
    assertThat(stale).exists();
    try (ContainerGroup next = ContainerGroup.create(ContainerLimits.of("64Mi", null))) {
      assertThat(stale).doesNotExist();
      assertThat(sleeper.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).join()).isNotNull();
      assertThat(next.directories()).allMatch(Files::isDirectory);
    }
  }

  private static ContainerStats awaitClosed(ChildProcess child) throws InterruptedException {
    ContainerGroup group = child.container().orElseThrow();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (group.directories().stream().anyMatch(Files::exists) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return group.stats();
  }

  private static long flag(List<String> printFlagsFinal, String name) {
    Pattern p = Pattern.compile("\\s*\\S+ " + name + "\\s+= (-?\\d+).*");
    return printFlagsFinal.stream().map(p::matcher).filter(Matcher::matches)
        .mapToLong(x -> Long.parseLong(x.group(1))).findFirst().orElseThrow();
  }

  /** The groups of jtune {@code pid} in both hierarchies. */
  static List<Path> groupsOf(long pid) throws Exception {
    List<Path> groups = new ArrayList<>();
    for (Path root : List.of(MEMORY, CPU)) {
      try (Stream<Path> s = Files.list(root)) {
        s.filter(p -> p.getFileName().toString().startsWith("jtune-" + pid + "-")).forEach(groups::add);
      }
    }
    return groups;
  }
}
