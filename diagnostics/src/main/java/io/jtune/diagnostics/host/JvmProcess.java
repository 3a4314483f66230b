package io.jtune.diagnostics.host;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.runtime.process.Jcmd;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A running JVM as the host sees it and as it sees itself: resident memory and its transparent
 * huge pages (from /proc/PID), against the heap bounds, pre-touch and the CPU count the JVM
 * works with (from {@code jcmd PID VM.flags} and {@code VM.info}).
 *
 * @param pid the process
 * @param rssBytes resident memory; null when not known (so for every nullable fact below)
 * @param anonHugePagesBytes anonymous memory in transparent huge pages
 * @param threads the process's threads
 * @param maxHeapBytes MaxHeapSize the JVM runs with
 * @param initialHeapBytes InitialHeapSize
 * @param alwaysPreTouch whether the heap was touched at start (-XX:+AlwaysPreTouch)
 * @param transparentHugePages whether the JVM asked for huge pages (-XX:+UseTransparentHugePages)
 * @param activeProcessors the CPU count the JVM sizes its thread pools and GC threads by
 * @param jcmdProblem why the JVM could not be asked (another user, no attach), else null
 */
public record JvmProcess(long pid, Long rssBytes, Long anonHugePagesBytes, Long threads, Long maxHeapBytes,
    Long initialHeapBytes, Boolean alwaysPreTouch, Boolean transparentHugePages, Integer activeProcessors,
    String jcmdProblem) {

  static JvmProcess read(HostFiles f, long pid, boolean askJvm) {
    Map<String, Long> status = f.keyValues("proc/" + pid + "/status");
    Map<String, Long> smaps = f.keyValues("proc/" + pid + "/smaps_rollup");
    Long maxHeap = null;
    Long initialHeap = null;
    Boolean preTouch = null;
    Boolean thp = null;
    Integer cpus = null;
    String problem = null;
    if (askJvm) {
      try {
        JvmFlags flags = JvmFlags.of(tokens(Jcmd.run(pid, "VM.flags", Duration.ofSeconds(30))));
        maxHeap = boxed(flags.bytes(JvmOption.MAX_HEAP_SIZE));
        initialHeap = boxed(flags.bytes(JvmOption.INITIAL_HEAP_SIZE));
        preTouch = flags.isOn(JvmOption.ALWAYS_PRE_TOUCH);
        thp = flags.isOn(JvmOption.USE_TRANSPARENT_HUGE_PAGES);
        String set = flags.value("ActiveProcessorCount");
        cpus = set != null && !set.startsWith("-") && !set.equals("0") ? parse(set)
            : activeProcessors(Jcmd.run(pid, "VM.info", Duration.ofSeconds(30)));
      } catch (io.jtune.common.JtuneException e) {
        problem = e.getMessage();
      }
    }
    return new JvmProcess(pid, status.get("VmRSS"), smaps.get("AnonHugePages"), status.get("Threads"),
        maxHeap, initialHeap, preTouch, thp, cpus, problem);
  }

  private static Long boxed(java.util.OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }

  private static List<String> tokens(List<String> lines) {
    return lines.stream().flatMap(l -> java.util.Arrays.stream(l.trim().split("\\s+")))
        .filter(t -> t.startsWith("-X")).toList();
  }

  /** "active_processor_count: 2" of the container section, else "CPU: total 8 (initial active 8)". */
  public static Integer activeProcessors(List<String> vmInfo) {
    for (String l : vmInfo) {
      if (l.startsWith("active_processor_count:")) {
        // "active_processor_count: 2, but overridden by -XX:ActiveProcessorCount 1"
        int over = l.indexOf("ActiveProcessorCount ");
        String n = over > 0 ? l.substring(over + 21) : l.substring(l.indexOf(':') + 1);
        int comma = n.indexOf(',');
        return parse(comma > 0 ? n.substring(0, comma) : n);
      }
    }
    for (String l : vmInfo) {
      int at = l.indexOf("(initial active ");
      if (l.startsWith("CPU:") && at > 0) {
        int end = l.indexOf(')', at);
        return end > 0 ? parse(l.substring(at + 16, end)) : null;
      }
    }
    return null;
  }

  private static Integer parse(String s) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
