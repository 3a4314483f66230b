package io.jtune.diagnostics.jfr;

import io.jtune.common.finding.Severity;
import io.jtune.common.finding.TextFinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Findings from a recording: lock contention (threads blocked entering a monitor or parked on a
 * lock, not threads idle in a condition wait), GC's share of the time, and a method that
 * dominates the CPU samples.
 */
public final class JfrRules {
  private JfrRules() {}

  /**
   * The most contended lock of a recording.
   *
   * @param lock the lock most blocked time went to
   * @param blockedMs blocked time on all contended locks
   * @param sharePct the lock's share of it
   * @param threadsWaiting how many threads waited for the lock on average over the recording
   */
  public record Contention(JfrSummary.Lock lock, double blockedMs, double sharePct, double threadsWaiting) {}

  /** The most contended lock, or null when no thread blocked on a lock. */
  public static Contention topContention(JfrSummary s) {
    double blocked = s.locks().stream().filter(JfrRules::contention).mapToDouble(JfrSummary.Lock::totalMs).sum();
    JfrSummary.Lock top = s.locks().stream().filter(JfrRules::contention).findFirst().orElse(null);
    double durationMs = s.durationS() * 1000;
    if (top == null || blocked <= 0 || durationMs <= 0) {
      return null;
    }
    return new Contention(top, blocked, 100 * top.totalMs() / blocked, top.totalMs() / durationMs);
  }

  /** Whether a wait is contention on a lock rather than a thread idle until work or a signal comes. */
  public static boolean contention(JfrSummary.Lock l) {
    if (l.kind().equals("monitor wait")) {
      return false;
    }
    if (l.kind().equals("park")) {
      return !l.className().equals("(unknown)") && !l.className().endsWith("$ConditionObject")
          && !l.className().startsWith("java.util.concurrent.SynchronousQueue")
          && !l.className().startsWith("java.util.concurrent.ForkJoinPool")
          && !l.className().startsWith("java.util.concurrent.CountDownLatch")
          && !l.className().startsWith("java.util.concurrent.FutureTask");
    }
    return true;
  }

  public static List<TextFinding> findings(JfrSummary s) {
    List<TextFinding> out = new ArrayList<>();
    Contention c = topContention(s);
    double durationMs = s.durationS() * 1000;
    if (c != null && c.lock().totalMs() >= 0.1 * durationMs) {
      JfrSummary.Lock top = c.lock();
      double share = c.sharePct();
      double blocked = c.blockedMs();
      double waiting = c.threadsWaiting();
      out.add(new TextFinding("lock-contention", waiting >= 1 ? Severity.CRITICAL : Severity.WARNING,
          String.format(Locale.US, "%.0f %% of blocked time on one lock: %s (%,d waits, %.1f s; %.1f threads waiting on average)",
              share, top.className(), top.count(), top.totalMs() / 1000, waiting),
          List.of(top.kind() + " on " + top.className() + " at " + (top.topFrame() == null ? "(no stack)" : top.topFrame()),
              String.format(Locale.US, "blocked time on all locks %.1f s over a %.1f s recording", blocked / 1000, s.durationS())),
          "Threads queue for this lock instead of working: more threads or a bigger heap will not help, and GC"
              + " flags do not change it. Take the lock out of the request path (a parser or formatter per"
              + " thread, a concurrent structure, a shorter critical section), then measure again."));
    }
    if (durationMs > 0 && s.gc().pauseTotalMs() >= 0.05 * durationMs) {
      double pct = 100 * s.gc().pauseTotalMs() / durationMs;
      out.add(new TextFinding("gc-pause-share", pct >= 10 ? Severity.CRITICAL : Severity.WARNING,
          String.format(Locale.US, "GC pauses took %.1f %% of the recording (%,d pauses, %.0f ms in total, longest %.1f ms)",
              pct, s.gc().pauseCount(), s.gc().pauseTotalMs(), s.gc().pauseMaxMs()),
          List.of(String.format(Locale.US, "%,d jdk.GCPhasePause events, %,d collections", s.gc().pauseCount(), s.gc().collections())),
          "Analyze the JVM's GC log (jtune analyze) for the cause: the recording shows the cost, the log shows"
              + " the generations' sizes and what filled them."));
    }
    if (!s.hotMethods().isEmpty() && s.executionSamples() >= 100 && s.hotMethods().get(0).pct() >= 20) {
      JfrSummary.HotMethod m = s.hotMethods().get(0);
      out.add(new TextFinding("hot-method", Severity.INFO,
          String.format(Locale.US, "%s is on top of %.0f %% of the CPU samples", m.method(), m.pct()),
          List.of(String.format(Locale.US, "%,d of %,d jdk.ExecutionSample events", m.samples(), s.executionSamples())),
          "Most CPU time is spent in this method: it is where cutting work pays most."));
    }
    return out;
  }
}
