package io.jtune.diagnostics.host;

import io.jtune.common.finding.TextFinding;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The host's facts read from /proc and /sys trees (captured or written in the kernel's formats) and live. */
class HostReaderTest {
  private static final Path TREES = Path.of("src/test/resources/host");
  private static final long MB = 1L << 20;

  @TempDir Path dir;

  private static List<String> ids(HostReport r) {
    return r.findings().stream().map(TextFinding::id).toList();
  }

  @Test
  void aCgroupV1HostWithThpOnRequestAndNoSwap() throws Exception {
    HostReport r = HostReader.read(TREES.resolve("captured-cgroup-v1-thp-madvise"), -1, Duration.ZERO, false);
    HostSnapshot h = r.host();
    assertThat(h.thpEnabled()).isEqualTo("madvise");
    assertThat(h.thpDefrag()).isEqualTo("madvise");
    assertThat(h.swapTotalBytes()).isZero();
    assertThat(h.swappiness()).isEqualTo(60);
    assertThat(h.minFreeKbytes()).isEqualTo(67584);
    assertThat(h.numaNodes()).isEqualTo(1);
    assertThat(h.cpusOnline()).isEqualTo(2);
    assertThat(h.memTotalBytes()).isEqualTo(24684092L * 1024);
    Cgroup c = h.cgroup();
    assertThat(c.version()).isEqualTo(1);
    assertThat(c.path()).startsWith("/process_api/");
    assertThat(c.memoryLimitBytes()).as("v1's 9223372036854771712 is no limit").isNull();
    assertThat(c.memoryUsageBytes()).isPositive();
    assertThat(c.cpuQuotaCores()).as("cfs_quota_us -1").isNull();
    assertThat(r.findings()).as("nothing here stalls a JVM").isEmpty();
  }

  @Test
  void aCgroupV2ContainerOnAHostUnderMemoryPressure() throws Exception {
    HostReport r = HostReader.read(TREES.resolve("cgroup-v2-thp-always-under-pressure"), -1, Duration.ZERO, false);
    HostSnapshot h = r.host();
    assertThat(h.thpEnabled()).isEqualTo("always");
    assertThat(h.thpDefrag()).isEqualTo("always");
    assertThat(h.swapTotalBytes()).isEqualTo(4096 * MB);
    assertThat(h.swapUsedBytes()).isEqualTo(1024 * MB);
    assertThat(h.numaNodes()).isEqualTo(2);
    assertThat(h.cpusOnline()).isEqualTo(8);
    assertThat(h.vmstat()).containsEntry("allocstall", 1500L).containsEntry("pgscan_direct", 90000L)
        .containsEntry("compact_stall", 450L);
    assertThat(h.psiMemory().someAvg10()).isEqualTo(12.5);
    Cgroup c = h.cgroup();
    assertThat(c.version()).isEqualTo(2);
    assertThat(c.path()).isEqualTo("/kubepods/pod1/app");
    assertThat(c.memoryLimitBytes()).isEqualTo(2048 * MB);
    assertThat(c.oomKills()).isEqualTo(2);
    assertThat(c.cpuQuotaCores()).isEqualTo(1.5);
    assertThat(c.throttledPeriods()).isEqualTo(700);
    assertThat(c.throttledUs()).isEqualTo(41_000_000);
    // read once, the counters are since boot: reclaim is reported, but not as happening now
    assertThat(ids(r)).contains("thp-always", "swap-in-use", "memory-pressure", "zone-reclaim", "cgroup-oom-kill",
        "cgroup-memory-full", "cpu-throttled", "direct-reclaim");
    assertThat(r.findings().stream().filter(f -> f.id().equals("direct-reclaim")).findFirst().orElseThrow().severity())
        .isEqualTo(io.jtune.common.finding.Severity.INFO);
    assertThat(r.findings().get(0).severity()).isEqualTo(io.jtune.common.finding.Severity.CRITICAL);
  }

  @Test
  @Timeout(30)
  void aSampleWindowReportsWhatChangesInItNotWhatHappenedSinceBoot() throws Exception {
    Path root = dir.resolve("root");
    copy(TREES.resolve("cgroup-v2-thp-always-under-pressure"), root);
    Path vmstat = root.resolve("proc/vmstat");
    String before = Files.readString(vmstat);
    CompletableFuture<HostReport> r = CompletableFuture.supplyAsync(() -> {
      try {
        return HostReader.read(root, -1, Duration.ofMillis(1500), false);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    Thread.sleep(500);
    // while the window is open: 40 more direct-reclaim stalls, 25 compaction stalls, 7 throttled periods
    Files.writeString(vmstat, before.replace("allocstall_normal 1200", "allocstall_normal 1240")
        .replace("compact_stall 450", "compact_stall 475"));
    Path cpu = root.resolve("sys/fs/cgroup/kubepods/pod1/app/cpu.stat");
    Files.writeString(cpu, Files.readString(cpu).replace("nr_throttled 700", "nr_throttled 707"));
    HostReport report = r.get();
    assertThat(report.sampleS()).isGreaterThanOrEqualTo(1.5);
    assertThat(report.deltas()).containsEntry("allocstall", 40L).containsEntry("compact_stall", 25L)
        .containsEntry("pswpin", 0L).containsEntry("throttledPeriods", 7L);
    TextFinding reclaim = report.findings().stream().filter(f -> f.id().equals("direct-reclaim")).findFirst().orElseThrow();
    assertThat(reclaim.severity()).isEqualTo(io.jtune.common.finding.Severity.CRITICAL);
    assertThat(reclaim.title()).contains("40 allocation stalls");
    assertThat(report.findings().stream().filter(f -> f.id().equals("swap-in-use")).findFirst().orElseThrow().severity())
        .as("swap in use but nothing swapped in the window").isEqualTo(io.jtune.common.finding.Severity.WARNING);
  }

  @Test
  void thpNeverAndAnUnlimitedContainerGiveNoFinding() throws Exception {
    Path root = dir.resolve("root");
    copy(TREES.resolve("cgroup-v2-thp-always-under-pressure"), root);
    Files.writeString(root.resolve("sys/kernel/mm/transparent_hugepage/enabled"), "always madvise [never]\n");
    Files.writeString(root.resolve("sys/kernel/mm/transparent_hugepage/defrag"), "always defer defer+madvise madvise [never]\n");
    Path app = root.resolve("sys/fs/cgroup/kubepods/pod1/app");
    Files.writeString(app.resolve("memory.max"), "max\n");
    Files.writeString(app.resolve("cpu.max"), "max 100000\n");
    HostReport r = HostReader.read(root, -1, Duration.ZERO, false);
    assertThat(r.host().thpEnabled()).isEqualTo("never");
    assertThat(r.host().cgroup().memoryLimitBytes()).isNull();
    assertThat(r.host().cgroup().cpuQuotaCores()).isNull();
    assertThat(ids(r)).doesNotContain("thp-always", "cgroup-memory-full", "cpu-throttled");
  }

  @Test
  void thisMachineAsReadByHand() throws Exception {
    HostReport r = HostReader.read(Path.of("/"), -1, Duration.ZERO, false);
    Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    if (Files.exists(thp)) {
      String text = read(thp);
      assertThat(text).contains("[" + r.host().thpEnabled() + "]");
    }
    Path swappiness = Path.of("/proc/sys/vm/swappiness");
    if (Files.exists(swappiness)) {
      assertThat(r.host().swappiness()).isEqualTo(Long.parseLong(read(swappiness).trim()));
    }
    assertThat(r.host().cpusOnline()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(r.host().memTotalBytes()).isPositive();
    boolean v2 = Files.exists(Path.of("/sys/fs/cgroup/cgroup.controllers"));
    assertThat(r.host().cgroup().version()).isEqualTo(v2 ? 2 : Files.exists(Path.of("/sys/fs/cgroup/memory")) ? 1 : 0);
  }

  @Test
  @Timeout(120)
  void aLiveJvmsMemoryHeapAndCpus() throws Exception {
    Path src = Files.writeString(dir.resolve("Wait.java"), """
        public class Wait {
          public static void main(String[] a) throws Exception {
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
          }
        }
        """);
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xms48m", "-Xmx48m", "-XX:+AlwaysPreTouch", "-XX:ActiveProcessorCount=1", src.toString())
        .redirectErrorStream(true).start();
    try {
      BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      assertThat(in.readLine()).isEqualTo("ready");
      HostReport r = HostReader.read(Path.of("/"), p.pid(), Duration.ZERO, true);
      JvmProcess j = r.process();
      assertThat(j.jcmdProblem()).isNull();
      assertThat(j.maxHeapBytes()).isEqualTo(48 * MB);
      assertThat(j.initialHeapBytes()).isEqualTo(48 * MB);
      assertThat(j.alwaysPreTouch()).isTrue();
      assertThat(j.activeProcessors()).isEqualTo(1);
      // the heap was touched at start: resident memory holds it
      assertThat(j.rssBytes()).isGreaterThan(48 * MB);
      assertThat(j.threads()).isPositive();
    } finally {
      p.destroyForcibly();
      p.waitFor();
    }
  }

  private static String read(Path p) throws IOException {
    try (var in = Files.newInputStream(p)) {
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
