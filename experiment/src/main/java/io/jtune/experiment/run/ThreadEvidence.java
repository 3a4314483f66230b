package io.jtune.experiment.run;

import io.jtune.diagnostics.threads.ContendedLock;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadDumpSummary;
import io.jtune.diagnostics.threads.parse.ThreadDumps;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a thread dump captured from the target's output into the gist a report shows. */
final class ThreadEvidence {
  private ThreadEvidence() {}

  /** The gist of the last dump in the lines, or null when there is none. */
  static RunResult.ThreadsSeen summarize(List<String> lines) {
    List<ThreadDump> dumps = ThreadDumps.extract(lines);
    if (dumps.isEmpty()) {
      return null;
    }
    ThreadDumpSummary s = dumps.get(dumps.size() - 1).summary();
    Map<String, Integer> states = new LinkedHashMap<>();
    for (Thread.State st : Thread.State.values()) {
      int n = s.count(st);
      if (n > 0) {
        states.put(st.name(), n);
      }
    }
    ContendedLock top = s.contended().isEmpty() ? null : s.contended().get(0);
    return new RunResult.ThreadsSeen(s.javaThreads(), states, top == null ? 0 : top.waiters().size(),
        top == null ? null : s.describe());
  }
}
