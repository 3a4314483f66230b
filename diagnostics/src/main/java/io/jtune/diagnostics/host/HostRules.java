package io.jtune.diagnostics.host;

import io.jtune.common.finding.TextFinding;
import io.jtune.common.finding.Severity;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What on a host stalls JVMs, in the terms a GC log shows it: a pause whose real (wall) time far
 * exceeds its user+sys CPU time was spent waiting, not collecting — for the kernel to reclaim or
 * compact memory (direct reclaim, transparent huge page defragmentation), to swap heap pages back
 * in, or for the cgroup's CPU quota to let the GC threads run again.
 */
final class HostRules {
  private static final String THP = "/sys/kernel/mm/transparent_hugepage/";

  private HostRules() {}

  static List<TextFinding> findings(HostSnapshot h, Map<String, Long> d, double sampleS, JvmProcess p) {
    List<TextFinding> out = new ArrayList<>();
    boolean sampled = sampleS > 0;
    String window = sampled ? String.format(Locale.US, "in the %.0f s sampled", sampleS) : "since boot";

    long allocstall = count(sampled ? d : h.vmstat(), "allocstall");
    long scanDirect = count(sampled ? d : h.vmstat(), "pgscan_direct");
    if (allocstall > 0 || scanDirect > 0) {
      out.add(new TextFinding("direct-reclaim", sampled ? Severity.CRITICAL : Severity.INFO,
          String.format(Locale.US, "Direct reclaim %s: %,d allocation stalls, %,d pages scanned by allocating threads",
              window, allocstall, scanDirect),
          List.of("/proc/vmstat allocstall_* " + (sampled ? "change " : "") + allocstall,
              "/proc/vmstat pgscan_direct " + (sampled ? "change " : "") + scanDirect),
          "Threads that allocate memory had to free pages themselves, which stops them (a JVM's GC threads"
              + " included: the pause's real time then far exceeds its user+sys time). Keep free memory above"
              + " the low watermark: leave room outside the JVMs' heaps and page cache, raise vm.min_free_kbytes"
              + " so kswapd starts earlier, and pre-touch the heap (-XX:+AlwaysPreTouch)."));
    }
    long compactStall = count(sampled ? d : h.vmstat(), "compact_stall");
    if ("always".equals(h.thpEnabled()) || "always".equals(h.thpDefrag())) {
      boolean stalls = sampled && compactStall > 0;
      out.add(new TextFinding("thp-always", stalls ? Severity.CRITICAL : Severity.WARNING,
          "Transparent huge pages: enabled=" + h.thpEnabled() + ", defrag=" + h.thpDefrag()
              + (stalls ? String.format(Locale.US, "; %,d compaction stalls %s", compactStall, window) : ""),
          List.of(THP + "enabled = " + h.thpEnabled(), THP + "defrag = " + h.thpDefrag(),
              "/proc/vmstat compact_stall " + (sampled ? "change " : "") + compactStall),
          "With defrag=always a page fault waits while the kernel compacts memory to make a huge page, and"
              + " khugepaged collapses pages behind the application: both stall JVM threads at random (long"
              + " GC pauses with little CPU time). Set enabled=madvise and defrag=defer+madvise (or never):"
              + " a JVM that wants huge pages asks for them with -XX:+UseTransparentHugePages, and with"
              + " -XX:+AlwaysPreTouch takes its faults at start instead of in pauses."));
    } else if (sampled && compactStall > 0) {
      out.add(new TextFinding("compaction-stall", Severity.WARNING,
          String.format(Locale.US, "%,d memory compaction stalls %s", compactStall, window),
          List.of("/proc/vmstat compact_stall change " + compactStall),
          "Allocations waited for the kernel to compact memory. Check which process asks for huge pages"
              + " or large contiguous memory, and keep free memory above the watermarks."));
    }
    if (h.swapUsedBytes() != null && h.swapUsedBytes() > 0) {
      long in = count(sampled ? d : h.vmstat(), "pswpin");
      boolean active = sampled && (in > 0 || count(d, "pswpout") > 0);
      out.add(new TextFinding("swap-in-use", active ? Severity.CRITICAL : Severity.WARNING,
          ByteSize.human(h.swapUsedBytes()) + " of swap in use" + (active
              ? String.format(Locale.US, ", %,d pages swapped in %s", in, window) : ""),
          List.of("/proc/meminfo SwapTotal " + ByteSize.human(h.swapTotalBytes()) + ", used "
              + ByteSize.human(h.swapUsedBytes()), "vm.swappiness = " + h.swappiness()),
          "A collection touches every live object: heap pages in swap are read back inside the pause,"
              + " which then lasts seconds. Size the heaps and other processes to fit in memory, and set"
              + " vm.swappiness to 1-10 on JVM hosts (or lock the heap in memory)."));
    } else if (h.swapTotalBytes() != null && h.swapTotalBytes() > 0 && h.swappiness() != null && h.swappiness() > 10) {
      out.add(new TextFinding("swappiness", Severity.INFO,
          "Swap is configured and vm.swappiness is " + h.swappiness(),
          List.of("/proc/meminfo SwapTotal " + ByteSize.human(h.swapTotalBytes()), "vm.swappiness = " + h.swappiness()),
          "Under memory pressure the kernel will swap anonymous memory (JVM heaps) out readily; 1-10 keeps"
              + " it for the page cache first."));
    }
    if (h.psiMemory() != null && (h.psiMemory().someAvg10() >= 1 || h.psiMemory().fullAvg10() >= 0.5)) {
      boolean full = h.psiMemory().fullAvg10() >= 0.5;
      out.add(new TextFinding("memory-pressure", full ? Severity.CRITICAL : Severity.WARNING,
          String.format(Locale.US, "Memory pressure: some tasks stalled %.1f%% and all tasks %.1f%% of the last 10 s",
              h.psiMemory().someAvg10(), h.psiMemory().fullAvg10()),
          List.of("/proc/pressure/memory some avg10=" + h.psiMemory().someAvg10() + " full avg10="
              + h.psiMemory().fullAvg10()),
          "Tasks waited for memory (reclaim, swap-in, thrashing). Free memory on this host or move work off it."));
    }
    if (h.zoneReclaimMode() != null && h.zoneReclaimMode() != 0 && h.numaNodes() > 1) {
      out.add(new TextFinding("zone-reclaim", Severity.WARNING,
          "vm.zone_reclaim_mode is " + h.zoneReclaimMode() + " on " + h.numaNodes() + " NUMA nodes",
          List.of("/proc/sys/vm/zone_reclaim_mode = " + h.zoneReclaimMode(), h.numaNodes() + " NUMA nodes"),
          "The kernel reclaims memory on the local node rather than allocate on another one, stalling"
              + " allocating threads while other nodes have free memory. Set vm.zone_reclaim_mode=0."));
    }
    cgroup(h, d, sampled, window, p, out);
    process(h, p, out);
    out.sort(Comparator.comparing(TextFinding::severity));
    return out;
  }

  private static void cgroup(HostSnapshot h, Map<String, Long> d, boolean sampled, String window, JvmProcess p,
      List<TextFinding> out) {
    Cgroup c = h.cgroup();
    if (c.oomKills() != null && c.oomKills() > 0) {
      out.add(new TextFinding("cgroup-oom-kill", Severity.CRITICAL,
          c.oomKills() + " process(es) killed by the cgroup's OOM killer",
          List.of("cgroup " + c.path() + " oom_kill " + c.oomKills()),
          "The container's memory limit was reached: the kernel killed a process (no OutOfMemoryError, no"
              + " heap dump). Keep heap + metaspace + threads + code cache + direct buffers under the limit,"
              + " or raise the limit."));
    }
    Long limit = c.memoryLimitBytes();
    if (limit != null && p != null && p.maxHeapBytes() != null && p.maxHeapBytes() > limit * 3 / 4) {
      out.add(new TextFinding("heap-near-limit", Severity.WARNING,
          "The heap may grow to " + ByteSize.human(p.maxHeapBytes()) + " of a " + ByteSize.human(limit) + " memory limit",
          List.of("MaxHeapSize " + ByteSize.human(p.maxHeapBytes()), "cgroup memory limit " + ByteSize.human(limit)),
          "Memory outside the heap (metaspace, thread stacks, code cache, GC structures, direct buffers) needs"
              + " room too: with the heap above three quarters of the limit the container is killed before the"
              + " heap is full. Lower -Xmx (or -XX:MaxRAMPercentage) or raise the limit."));
    }
    if (limit != null && c.memoryUsageBytes() != null && c.memoryUsageBytes() > limit * 9 / 10) {
      out.add(new TextFinding("cgroup-memory-full", Severity.WARNING,
          "The cgroup uses " + ByteSize.human(c.memoryUsageBytes()) + " of its " + ByteSize.human(limit) + " limit",
          List.of("cgroup " + c.path() + " usage " + ByteSize.human(c.memoryUsageBytes()) + ", limit " + ByteSize.human(limit)),
          "Near the limit the kernel reclaims the cgroup's page cache and then kills: leave headroom."));
    }
    long throttled = sampled ? count(d, "throttledPeriods") : c.throttledPeriods() == null ? 0 : c.throttledPeriods();
    if (throttled > 0 && c.cpuQuotaCores() != null) {
      long us = sampled ? count(d, "throttledUs") : c.throttledUs() == null ? 0 : c.throttledUs();
      out.add(new TextFinding("cpu-throttled", sampled ? Severity.WARNING : Severity.INFO,
          String.format(Locale.US, "CPU quota of %.2f cores throttled %,d periods (%.1f s) %s", c.cpuQuotaCores(),
              throttled, us / 1e6, window),
          List.of("cgroup " + c.path() + " nr_throttled " + throttled + ", throttled " + us + " us"),
          "When the cgroup uses its quota within a period, all its threads (GC threads included) wait for the"
              + " next period: a stop-the-world pause then lasts longer than its CPU time. Raise the quota, or"
              + " use fewer GC threads (-XX:ParallelGCThreads, -XX:ConcGCThreads) so a collection fits in it."));
    }
    if (c.cpuQuotaCores() != null && p != null && p.activeProcessors() != null
        && p.activeProcessors() > Math.ceil(c.cpuQuotaCores())) {
      out.add(new TextFinding("cpus-over-quota", Severity.WARNING,
          String.format(Locale.US, "The JVM works with %d CPUs under a quota of %.2f cores", p.activeProcessors(), c.cpuQuotaCores()),
          List.of("JVM active processor count " + p.activeProcessors(), "cgroup CPU quota " + c.cpuQuotaCores()),
          "The JVM sizes GC threads, compiler threads and common pools by the CPUs it sees: more threads than"
              + " the quota runs exhaust it and get throttled. Set -XX:ActiveProcessorCount to the quota."));
    }
  }

  private static void process(HostSnapshot h, JvmProcess p, List<TextFinding> out) {
    if (p == null || p.rssBytes() == null) {
      return;
    }
    if (p.maxHeapBytes() != null && p.rssBytes() > p.maxHeapBytes() * 3 / 2 && p.rssBytes() - p.maxHeapBytes() > (256L << 20)) {
      out.add(new TextFinding("rss-beyond-heap", Severity.INFO,
          "Resident memory " + ByteSize.human(p.rssBytes()) + " is " + ByteSize.human(p.rssBytes() - p.maxHeapBytes())
              + " above the heap's maximum " + ByteSize.human(p.maxHeapBytes()),
          List.of("/proc/" + p.pid() + "/status VmRSS " + ByteSize.human(p.rssBytes()), "MaxHeapSize " + ByteSize.human(p.maxHeapBytes())),
          "Memory outside the heap: metaspace, thread stacks (" + p.threads() + " threads), code cache, GC"
              + " structures, direct and mapped buffers. jcmd PID VM.native_memory summary (with"
              + " -XX:NativeMemoryTracking=summary) shows which."));
    }
    if (p.anonHugePagesBytes() != null && p.anonHugePagesBytes() > 0 && !Boolean.TRUE.equals(p.transparentHugePages())
        && "always".equals(h.thpEnabled())) {
      out.add(new TextFinding("jvm-in-huge-pages", Severity.INFO,
          ByteSize.human(p.anonHugePagesBytes()) + " of the JVM's memory is in transparent huge pages it did not ask for",
          List.of("/proc/" + p.pid() + "/smaps_rollup AnonHugePages " + ByteSize.human(p.anonHugePagesBytes())),
          "With enabled=always the kernel gives the heap huge pages on its own (and defragments for them)."));
    }
  }

  private static long count(Map<String, Long> m, String key) {
    Long v = m.get(key);
    return v == null ? 0 : Math.max(0, v);
  }
}
