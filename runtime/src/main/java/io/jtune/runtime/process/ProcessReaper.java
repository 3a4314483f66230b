package io.jtune.runtime.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Kills process trees, and keeps the set of children still running so that a shutdown hook
 * stops them all when jtune exits (normally, on SIGINT or on SIGTERM): SIGTERM to every
 * child and descendant at once, then, after a short grace, a forced kill of what is left.
 */
final class ProcessReaper {
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
  private static final Duration HOOK_GRACE = Duration.ofSeconds(2);
  private static volatile boolean exiting;

  static {
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::stopAllOnExit, "jtune-child-reaper"));
    } catch (IllegalStateException e) {
      exiting = true; // first used while jtune exits
    }
  }

  private ProcessReaper() {}

  /** Watches {@code p} until it exits or is forgotten. */
  static void register(Process p) {
    RUNNING.add(p);
    p.onExit().thenRun(() -> RUNNING.remove(p));
  }

  static void forget(Process p) {
    RUNNING.remove(p);
  }

  /** Whether jtune is exiting: the shutdown hook has begun to stop the children. */
  static boolean exiting() {
    return exiting;
  }

  /** A forced kill of {@code root} and every descendant it has now. */
  static void killTree(ProcessHandle root) {
    List<ProcessHandle> descendants = root.descendants().toList();
    root.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
  }

  private static void stopAllOnExit() {
    exiting = true;
    List<Process> children = List.copyOf(RUNNING);
    List<ProcessHandle> descendants = new ArrayList<>();
    for (Process p : children) {
      p.descendants().forEach(descendants::add);
      descendants.forEach(ProcessHandle::destroy);
      p.destroy();
    }
    long deadline = System.nanoTime() + HOOK_GRACE.toNanos();
    for (Process p : children) {
      try {
        p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      killTree(p.toHandle());
    }
    // those that lost their parent meanwhile are no longer found through it
    descendants.forEach(ProcessHandle::destroyForcibly);
  }
}
