package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Groups a dump's platform Java threads into pools by name and tells busy from idle workers. */
public final class Pools {
  private static final Pattern TRAILING_NUMBER = Pattern.compile("[-_#. ]*\\d+$");

  /** Names of the JVM's own threads, which are not pools of the application. */
  private static final List<String> JVM_THREADS = List.of("C1 CompilerThread", "C2 CompilerThread", "Compiler",
      "GC ", "G1 ", "VM ", "Sweeper", "JVMCI");

  private Pools() {}

  /** The name with its trailing number removed, or the name itself when it ends in none. */
  public static String poolName(String threadName) {
    return TRAILING_NUMBER.matcher(threadName).replaceFirst("");
  }

  /** True when a thread waits for its next task (see {@link ThreadInfo#WAIT_FOR_WORK_FRAMES}). */
  public static boolean idle(ThreadInfo t) {
    return t.state() != Thread.State.BLOCKED && t.waitsForWork();
  }

  /**
   * The pools of two or more platform Java threads of a dump, largest first (ties: dump order).
   * Busy or idle is read from the frames, so a dump without states has pools too.
   */
  public static List<Pool> of(ThreadDump dump) {
    Map<String, List<ThreadInfo>> byName = new LinkedHashMap<>();
    for (ThreadInfo t : dump.threads()) {
      String pool = poolName(t.name());
      if (dump.javaThread(t) && !pool.equals(t.name()) && !pool.isEmpty() && !jvmThread(t.name())) {
        byName.computeIfAbsent(pool, p -> new ArrayList<>()).add(t);
      }
    }
    List<Pool> pools = new ArrayList<>();
    byName.forEach((name, members) -> {
      if (members.size() >= 2) {
        int idle = (int) members.stream().filter(Pools::idle).count();
        pools.add(new Pool(name, members.stream().map(ThreadInfo::name).toList(), members.size() - idle, idle));
      }
    });
    pools.sort(Comparator.comparingInt(p -> -p.threads().size()));
    return pools;
  }

  private static boolean jvmThread(String name) {
    return JVM_THREADS.stream().anyMatch(name::startsWith);
  }
}
