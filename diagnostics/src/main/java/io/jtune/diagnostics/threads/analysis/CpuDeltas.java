package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-thread CPU between the first and the last of several dumps, from the {@code cpu=} and
 * {@code elapsed=} of each thread's header (JDK 11+): the thread's own clock gives the interval.
 */
public final class CpuDeltas {
  private CpuDeltas() {}

  /** Threads that used CPU between the first and last dump, most first; none for fewer than two dumps. */
  public static List<CpuUse> of(List<ThreadDump> dumps) {
    if (dumps.size() < 2) {
      return List.of();
    }
    Map<String, ThreadInfo> first = new HashMap<>();
    for (ThreadInfo t : dumps.get(0).threads()) {
      first.putIfAbsent(t.key(), t);
    }
    List<CpuUse> uses = new ArrayList<>();
    for (ThreadInfo t : dumps.get(dumps.size() - 1).threads()) {
      ThreadInfo before = first.get(t.key());
      if (before != null && t.cpuMs() != null && before.cpuMs() != null && t.elapsedS() != null
          && before.elapsedS() != null) {
        double cpu = t.cpuMs() - before.cpuMs();
        double interval = t.elapsedS() - before.elapsedS();
        if (cpu > 0 && interval > 0) {
          uses.add(new CpuUse(t.name(), cpu, interval, "cpu="));
        }
      }
    }
    uses.sort(Comparator.comparingDouble(u -> -u.cpuMs()));
    return uses;
  }
}
