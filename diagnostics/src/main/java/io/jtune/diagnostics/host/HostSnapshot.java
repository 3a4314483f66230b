package io.jtune.diagnostics.host;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the kernel says about the host's memory and CPU at one moment, the facts behind JVM
 * stalls that GC logs show only as pauses whose real time far exceeds their CPU time:
 * transparent huge pages and their defragmentation, swap, reclaim settings, the counters of
 * direct reclaim and compaction, memory pressure, NUMA, and the cgroup's limits.
 *
 * @param memTotalBytes MemTotal; null when not known (so for every nullable fact below)
 * @param memAvailableBytes MemAvailable
 * @param swapTotalBytes SwapTotal
 * @param swapUsedBytes SwapTotal - SwapFree
 * @param swappiness vm.swappiness
 * @param minFreeKbytes vm.min_free_kbytes
 * @param zoneReclaimMode vm.zone_reclaim_mode
 * @param thpEnabled transparent huge pages: always, madvise or never
 * @param thpDefrag their defragmentation on a fault: always, defer, defer+madvise, madvise or never
 * @param khugepagedDefrag whether khugepaged defragments (1) or not (0)
 * @param numaNodes NUMA nodes
 * @param cpusOnline online CPUs
 * @param psiMemory memory pressure, or null when the kernel has no PSI
 * @param vmstat the reclaim, compaction and swap counters of /proc/vmstat (cumulative since boot)
 * @param cgroup the cgroup of the process read (jtune's own, or --pid's)
 */
public record HostSnapshot(Long memTotalBytes, Long memAvailableBytes, Long swapTotalBytes, Long swapUsedBytes,
    Long swappiness, Long minFreeKbytes, Long zoneReclaimMode, String thpEnabled, String thpDefrag,
    Long khugepagedDefrag, int numaNodes, Integer cpusOnline, Psi psiMemory, Map<String, Long> vmstat, Cgroup cgroup) {

  /** The /proc/vmstat counters kept: summed where the kernel splits them by zone or source. */
  static final String[] VMSTAT_KEYS = {"allocstall", "pgscan_direct", "compact_stall", "compact_fail",
      "pswpin", "pswpout", "thp_fault_fallback", "oom_kill"};

  /**
   * Pressure stall information of one resource: the share of time some (or all) tasks waited for
   * it over the last 10 s and 60 s, and the total wait since boot.
   */
  public record Psi(double someAvg10, double someAvg60, double fullAvg10, long someTotalUs, long fullTotalUs) {
    static Psi parse(java.util.List<String> lines) {
      double someAvg10 = Double.NaN;
      double someAvg60 = Double.NaN;
      double fullAvg10 = Double.NaN;
      long someTotal = -1;
      long fullTotal = -1;
      for (String l : lines) {
        boolean some = l.startsWith("some ");
        if (!some && !l.startsWith("full ")) {
          continue;
        }
        for (String kv : l.substring(5).trim().split("\\s+")) {
          int eq = kv.indexOf('=');
          if (eq < 0) {
            continue;
          }
          String k = kv.substring(0, eq);
          String v = kv.substring(eq + 1);
          try {
            switch (k) {
              case "avg10" -> {
                if (some) {
                  someAvg10 = Double.parseDouble(v);
                } else {
                  fullAvg10 = Double.parseDouble(v);
                }
              }
              case "avg60" -> {
                if (some) {
                  someAvg60 = Double.parseDouble(v);
                }
              }
              case "total" -> {
                if (some) {
                  someTotal = Long.parseLong(v);
                } else {
                  fullTotal = Long.parseLong(v);
                }
              }
              default -> { }
            }
          } catch (NumberFormatException e) {
            // a field this reader does not use
          }
        }
      }
      return Double.isNaN(someAvg10) ? null : new Psi(someAvg10, someAvg60, fullAvg10, someTotal, fullTotal);
    }
  }

  /** Reads the host under {@code f}'s root, with the cgroup of the process whose cgroup file is given. */
  static HostSnapshot read(HostFiles f, String procCgroupFile) {
    Map<String, Long> mem = f.keyValues("proc/meminfo");
    Long swapTotal = mem.get("SwapTotal");
    Long swapFree = mem.get("SwapFree");
    int nodes = (int) f.list("sys/devices/system/node").stream().filter(n -> n.matches("node\\d+")).count();
    return new HostSnapshot(mem.get("MemTotal"), mem.get("MemAvailable"), swapTotal,
        swapTotal == null || swapFree == null ? null : swapTotal - swapFree,
        f.number("proc/sys/vm/swappiness"), f.number("proc/sys/vm/min_free_kbytes"),
        f.number("proc/sys/vm/zone_reclaim_mode"),
        HostFiles.chosen(f.text("sys/kernel/mm/transparent_hugepage/enabled")),
        HostFiles.chosen(f.text("sys/kernel/mm/transparent_hugepage/defrag")),
        f.number("sys/kernel/mm/transparent_hugepage/khugepaged/defrag"),
        nodes, cpuCount(f.text("sys/devices/system/cpu/online")),
        Psi.parse(f.lines("proc/pressure/memory")), vmstat(f.keyValues("proc/vmstat")),
        Cgroup.read(f, procCgroupFile));
  }

  /** The kept counters: allocstall_* summed, pgscan_direct* (without the throttle count) summed. */
  static Map<String, Long> vmstat(Map<String, Long> all) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String key : VMSTAT_KEYS) {
      long sum = 0;
      boolean any = false;
      for (Map.Entry<String, Long> e : all.entrySet()) {
        String k = e.getKey();
        boolean match = key.equals("allocstall") ? k.startsWith("allocstall")
            : key.equals("pgscan_direct") ? k.startsWith("pgscan_direct") && !k.equals("pgscan_direct_throttle")
            : k.equals(key);
        if (match) {
          sum += e.getValue();
          any = true;
        }
      }
      if (any) {
        out.put(key, sum);
      }
    }
    return out;
  }

  /** "0-3,8-11" -> 8. */
  static Integer cpuCount(String online) {
    if (online == null || online.isBlank()) {
      return null;
    }
    int n = 0;
    try {
      for (String part : online.trim().split(",")) {
        int dash = part.indexOf('-');
        n += dash < 0 ? 1 : Integer.parseInt(part.substring(dash + 1)) - Integer.parseInt(part.substring(0, dash)) + 1;
      }
    } catch (NumberFormatException e) {
      return null;
    }
    return n;
  }
}
