package io.jtune.experiment.run;

import io.jtune.load.LoadResult;
import io.jtune.load.TimelinePoint;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Why a run failed, in words a user acts on: the target ran out of heap, metaspace or native
 * threads (its OutOfMemoryError), was killed (SIGKILL: the kernel's OOM killer or a container
 * limit), or stopped answering; and when, on the load's clock, at what rate.
 */
final class RunFailure {
  private RunFailure() {}

  /**
   * @param what what the runner saw ("the target JVM exited during the run", "no request succeeded ...")
   * @param output the target's last output lines
   * @param exitCode the target's exit code when it exited
   * @param load the load run, or null when none ran
   */
  static String describe(String what, List<String> output, OptionalInt exitCode, LoadResult load) {
    String cause = cause(output, exitCode);
    String when = when(load);
    if (cause == null) {
      return what + when;
    }
    return cause + when + " (" + what + ")";
  }

  /** The cause the output or the exit code names, or null. */
  static String cause(List<String> output, OptionalInt exitCode) {
    for (String l : output) {
      int at = l.indexOf("java.lang.OutOfMemoryError");
      if (at >= 0) {
        String kind = l.substring(at + "java.lang.OutOfMemoryError".length()).replaceFirst("^:\\s*", "").strip();
        String what = kind.startsWith("Java heap space") ? "out of heap"
            : kind.startsWith("Metaspace") ? "out of metaspace"
            : kind.startsWith("GC overhead limit exceeded") ? "out of heap (GC overhead limit exceeded)"
            : kind.contains("native thread") ? "out of native threads"
            : kind.startsWith("Direct buffer memory") ? "out of direct buffer memory"
            : "out of memory";
        return what + " (OutOfMemoryError" + (kind.isEmpty() ? "" : ": " + kind) + ")";
      }
    }
    if (exitCode.isPresent() && (exitCode.getAsInt() == 137 || exitCode.getAsInt() == -9)) {
      return "killed by SIGKILL (the kernel's OOM killer or a container memory limit: see dmesg or the cgroup's"
          + " memory.events)";
    }
    return null;
  }

  /**
   * " after 41 s at 1500 req/s": when the last response came, and the rate until then; "before the
   * first measured response" when none came in the window (or the load stopped at its start, the
   * target gone in the warm-up); "" without a load.
   */
  static String when(LoadResult load) {
    if (load == null) {
      return "";
    }
    if (load.timeline().isEmpty()) {
      // the load stopped at the window's start: the target had gone in the warm-up
      return " before the first measured response (in the warm-up or at once)";
    }
    double lastOk = -1;
    long requests = 0;
    long requestsUntilLastOk = 0;
    for (TimelinePoint p : load.timeline()) {
      requests += p.requests();
      if (p.requests() > p.errors()) {
        lastOk = p.second();
        requestsUntilLastOk = requests;
      }
    }
    if (lastOk < 0) {
      return " before the first measured response (in the warm-up or at once)";
    }
    requests = requestsUntilLastOk;
    double seconds = Math.max(1, lastOk);
    return String.format(Locale.US, " after %.0f s of load at %.0f req/s", lastOk, requests / seconds);
  }
}
