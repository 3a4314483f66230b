package io.jtune.diagnostics.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the host: once, or twice a sample window apart so that the cumulative counters of
 * direct reclaim, compaction, swapping and CPU throttling show what happens now rather than
 * since boot.
 */
public final class HostReader {
  private HostReader() {}

  /**
   * @param root "/" or a captured copy of /proc and /sys
   * @param pid a JVM to read as well, or -1
   * @param sample how long to watch the counters; zero reads them once
   * @param askJvm whether to ask the JVM with jcmd (false for a captured root)
   */
  public static HostReport read(Path root, long pid, Duration sample, boolean askJvm) throws InterruptedException {
    HostFiles f = new HostFiles(root);
    String cgroupFile = pid > 0 ? "proc/" + pid + "/cgroup" : "proc/self/cgroup";
    HostSnapshot before = HostSnapshot.read(f, cgroupFile);
    long start = System.nanoTime();
    HostSnapshot after = before;
    if (!sample.isZero() && !sample.isNegative()) {
      Thread.sleep(sample.toMillis());
      after = HostSnapshot.read(f, cgroupFile);
    }
    double seconds = after == before ? 0 : (System.nanoTime() - start) / 1e9;
    Map<String, Long> deltas = new LinkedHashMap<>();
    if (after != before) {
      after.vmstat().forEach((k, v) -> {
        Long b = before.vmstat().get(k);
        if (b != null) {
          deltas.put(k, v - b);
        }
      });
      delta(deltas, "throttledPeriods", before.cgroup().throttledPeriods(), after.cgroup().throttledPeriods());
      delta(deltas, "throttledUs", before.cgroup().throttledUs(), after.cgroup().throttledUs());
      if (before.psiMemory() != null && after.psiMemory() != null) {
        delta(deltas, "psiMemorySomeUs", before.psiMemory().someTotalUs(), after.psiMemory().someTotalUs());
        delta(deltas, "psiMemoryFullUs", before.psiMemory().fullTotalUs(), after.psiMemory().fullTotalUs());
      }
    }
    JvmProcess process = pid > 0 ? JvmProcess.read(f, pid, askJvm) : null;
    return new HostReport(root.toString(), seconds, after, deltas, process, HostRules.findings(after, deltas, seconds, process));
  }

  private static void delta(Map<String, Long> out, String key, Long before, Long after) {
    if (before != null && after != null && before >= 0 && after >= 0) {
      out.put(key, after - before);
    }
  }
}
