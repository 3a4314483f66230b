package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.diagnostics.host.JvmProcess;
import io.jtune.runtime.process.Jcmd;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a running JVM's ergonomics chose, asked of the JVM itself: the collector, MaxHeapSize, GC
 * and compiler threads from {@code jcmd PID VM.flags -all} (every flag with its final value), the
 * active processor count from {@code VM.info} (its container section, where the JVM states the
 * count it derived from the CPU quota).
 */
final class JvmErgonomics {
  /** "     uint ParallelGCThreads                        = 0          {product} {default}" ({@code :=} when set). */
  private static final Pattern FLAG = Pattern.compile("^\\s*\\S+\\s+(\\w+)\\s+:?=\\s*(\\S*)");
  private static final List<String> COLLECTORS = List.of("Serial", "Parallel", "G1", "Z", "Shenandoah", "Epsilon");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private JvmErgonomics() {}

  /** The JVM's choices, or null when it cannot be asked (attach disabled, it exited). */
  static RunResult.Ergonomics read(long pid) {
    try {
      List<String> flags = Jcmd.run(pid, "VM.flags -all", TIMEOUT);
      List<String> info = Jcmd.run(pid, "VM.info", TIMEOUT);
      return parse(flags, info);
    } catch (JtuneException e) {
      return null;
    }
  }

  /** The choices from the two commands' output. */
  static RunResult.Ergonomics parse(List<String> flagsAll, List<String> vmInfo) {
    Map<String, String> flags = new HashMap<>();
    for (String line : flagsAll) {
      Matcher m = FLAG.matcher(line);
      if (m.find()) {
        flags.put(m.group(1), m.group(2));
      }
    }
    String collector = null;
    for (String c : COLLECTORS) {
      if ("true".equals(flags.get("Use" + c + "GC"))) {
        collector = c.equals("Z") ? "ZGC" : c;
        break;
      }
    }
    Long cpus = number(flags.get("ActiveProcessorCount"));
    Integer active = cpus != null && cpus > 0 ? Integer.valueOf(cpus.intValue()) : JvmProcess.activeProcessors(vmInfo);
    return new RunResult.Ergonomics(collector, number(flags.get("MaxHeapSize")), active,
        small(flags.get("ParallelGCThreads")), small(flags.get("ConcGCThreads")), small(flags.get("CICompilerCount")));
  }

  private static Integer small(String v) {
    Long n = number(v);
    return n == null ? null : Integer.valueOf(n.intValue());
  }

  private static Long number(String v) {
    try {
      return v == null ? null : Long.valueOf(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
