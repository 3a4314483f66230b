package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Java and virtual threads grouped by state and identical stack: groups of two or more, largest first. In a
 * dump without states (Thread.dump_to_file of JDK 21-24) by stack alone, the state unknown (null).
 */
public final class IdenticalStacks {
  private IdenticalStacks() {}

  public static List<StackGroup> of(ThreadDump dump) {
    Map<List<Object>, List<ThreadInfo>> groups = new LinkedHashMap<>();
    for (ThreadInfo t : dump.threads()) {
      if ((dump.javaThread(t) || t.virtual()) && !t.frames().isEmpty()) {
        groups.computeIfAbsent(Arrays.asList(t.state(), t.frames()), k -> new ArrayList<>()).add(t);
      }
    }
    List<StackGroup> result = new ArrayList<>();
    for (List<ThreadInfo> g : groups.values()) {
      if (g.size() >= 2) {
        result.add(new StackGroup(g.get(0).state(), g.get(0).frames(), g.stream().map(ThreadInfo::name).toList()));
      }
    }
    result.sort(Comparator.comparingInt(g -> -g.threads().size()));
    return result;
  }
}
