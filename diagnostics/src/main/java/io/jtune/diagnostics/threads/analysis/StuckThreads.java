package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Threads that are busy (RUNNABLE or BLOCKED, not waiting for a task) with application code on
 * the stack and have the same top frame in every dump: a loop, a slow call or a lock that does
 * not move.
 */
public final class StuckThreads {
  private StuckThreads() {}

  /** The stuck threads, in the last dump's order; none for fewer than two dumps. */
  public static List<StuckThread> of(List<ThreadDump> dumps) {
    if (dumps.size() < 2) {
      return List.of();
    }
    Map<String, Integer> sameFrame = new HashMap<>();
    Map<String, String> frameOf = new HashMap<>();
    for (ThreadDump dump : dumps) {
      for (ThreadInfo t : dump.threads()) {
        if (!busy(t)) {
          continue;
        }
        String previous = frameOf.putIfAbsent(t.key(), t.topFrame());
        if (previous == null || previous.equals(t.topFrame())) {
          sameFrame.merge(t.key(), 1, Integer::sum);
        }
      }
    }
    List<StuckThread> stuck = new ArrayList<>();
    for (ThreadInfo t : dumps.get(dumps.size() - 1).threads()) {
      if (busy(t) && sameFrame.getOrDefault(t.key(), 0) == dumps.size()) {
        stuck.add(new StuckThread(t.name(), t.state(), t.topFrame(), dumps.size()));
      }
    }
    return stuck;
  }

  private static boolean busy(ThreadInfo t) {
    return (t.state() == Thread.State.RUNNABLE || t.state() == Thread.State.BLOCKED) && t.topApplicationFrame() != null
        && !Pools.idle(t);
  }
}
