package io.jtune.diagnostics.host;

import java.util.List;
import java.util.Map;

/**
 * The cgroup (container) a process runs in and its limits: version 1 or 2, the memory limit
 * (null when unlimited), usage, OOM kills, the CPU quota in cores (null when unlimited) and how
 * often the quota throttled it.
 *
 * @param version 1 or 2; 0 when the host has no cgroup file system mounted
 * @param path the process's cgroup path ("/" at the root)
 * @param memoryLimitBytes the memory limit; null when unlimited or not known
 * @param memoryUsageBytes memory charged to the cgroup now; null when not known
 * @param oomKills processes the cgroup's OOM killer killed; null when not known
 * @param cpuQuotaCores CPU quota / period; null when unlimited or not known
 * @param throttledPeriods scheduling periods in which the quota throttled the cgroup; null when not known
 * @param throttledUs time throttled, microseconds; null when not known
 */
public record Cgroup(int version, String path, Long memoryLimitBytes, Long memoryUsageBytes, Long oomKills,
    Double cpuQuotaCores, Long throttledPeriods, Long throttledUs) {
  /** A limit this large is "no limit" (cgroup v1 writes the largest page-aligned long). */
  private static final long UNLIMITED = 1L << 60;

  static Cgroup read(HostFiles f, String procCgroupFile) {
    List<String> lines = f.lines(procCgroupFile);
    boolean v2 = f.exists("sys/fs/cgroup/cgroup.controllers");
    boolean v1 = f.exists("sys/fs/cgroup/memory") || f.exists("sys/fs/cgroup/cpu");
    if (v2) {
      String path = pathOf(lines, null);
      String dir = "sys/fs/cgroup" + (path == null || path.equals("/") ? "" : path);
      Long limit = limit(f.text(dir + "/memory.max"));
      Map<String, Long> events = f.keyValues(dir + "/memory.events");
      Map<String, Long> cpu = f.keyValues(dir + "/cpu.stat");
      return new Cgroup(2, path == null ? "/" : path, limit, f.number(dir + "/memory.current"),
          events.get("oom_kill"), quotaV2(f.text(dir + "/cpu.max")), cpu.get("nr_throttled"), cpu.get("throttled_usec"));
    }
    if (v1) {
      String memPath = pathOf(lines, "memory");
      String cpuPath = pathOf(lines, "cpu");
      String mem = "sys/fs/cgroup/memory" + sub(memPath);
      String cpu = "sys/fs/cgroup/cpu" + sub(cpuPath);
      Map<String, Long> oom = f.keyValues(mem + "/memory.oom_control");
      Map<String, Long> stat = f.keyValues(cpu + "/cpu.stat");
      Long quota = f.number(cpu + "/cpu.cfs_quota_us");
      Long period = f.number(cpu + "/cpu.cfs_period_us");
      Double cores = quota == null || quota <= 0 || period == null || period <= 0 ? null : quota / (double) period;
      Long throttledNs = stat.get("throttled_time");
      return new Cgroup(1, memPath == null ? "/" : memPath, limit(f.text(mem + "/memory.limit_in_bytes")),
          f.number(mem + "/memory.usage_in_bytes"), oom.get("oom_kill"), cores, stat.get("nr_throttled"),
          throttledNs == null ? null : throttledNs / 1000);
    }
    return new Cgroup(0, null, null, null, null, null, null, null);
  }

  private static String sub(String path) {
    return path == null || path.equals("/") ? "" : path;
  }

  /** The path of {@code controller} in /proc/PID/cgroup ("4:memory:/a/b"); v2's "0::/a/b" when null. */
  private static String pathOf(List<String> lines, String controller) {
    for (String l : lines) {
      String[] f = l.split(":", 3);
      if (f.length < 3) {
        continue;
      }
      if (controller == null ? f[0].equals("0") && f[1].isEmpty() : List.of(f[1].split(",")).contains(controller)) {
        return f[2];
      }
    }
    return null;
  }

  private static Long limit(String text) {
    if (text == null || text.equals("max")) {
      return null;
    }
    try {
      long v = Long.parseLong(text.trim());
      return v >= UNLIMITED ? null : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** cgroup v2 cpu.max: "max 100000" (no quota) or "200000 100000" (2 cores). */
  private static Double quotaV2(String text) {
    if (text == null) {
      return null;
    }
    String[] f = text.trim().split("\\s+");
    if (f.length < 2 || f[0].equals("max")) {
      return null;
    }
    try {
      double period = Double.parseDouble(f[1]);
      return period > 0 ? Double.parseDouble(f[0]) / period : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
