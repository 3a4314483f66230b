package io.jtune.diagnostics.threads.analysis;

import io.jtune.common.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The findings of a threads report: deadlocks, lock contention (two or more threads waiting for
 * one lock), exhausted pools and CPU-hot threads.
 */
public final class ThreadFindings {
  /**
   * A thread is hot when it used at least this share of one core between dumps and at least
   * {@link #HOT_PCT_OF_JVM} of the CPU all the JVM's threads used: one thread doing most of the work.
   */
  static final double HOT_PCT_OF_CORE = 10;
  static final double HOT_PCT_OF_JVM = 50;
  private static final int MAX_NAMES = 8;

  private ThreadFindings() {}

  public static List<ThreadFinding> of(ThreadsReport r) {
    List<ThreadFinding> findings = new ArrayList<>();
    for (Deadlock d : r.deadlocks()) {
      List<String> evidence = new ArrayList<>();
      for (Deadlock.Link l : d.links()) {
        evidence.add(l.thread() + " waits for " + lockName(l.className(), l.address()) + " held by " + l.heldBy());
      }
      findings.add(new ThreadFinding("deadlock", Severity.CRITICAL, "deadlock of " + d.threads().size()
          + " threads (" + String.join(", ", d.threads()) + ")" + (d.reportedByJvm() ? ", reported by the JVM" : "")
          + ": they never finish", evidence));
    }
    Map<String, Pool> poolOfThread = r.pools().stream().flatMap(p -> p.threads().stream().map(t -> Map.entry(t, p)))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    for (LockPileUp lock : r.locks()) {
      if (lock.waiters().size() < 2) {
        continue;
      }
      findings.add(contention(lock, poolOfThread, r.javaThreads()));
    }
    for (Pool p : r.pools()) {
      if (p.exhausted()) {
        findings.add(new ThreadFinding("exhausted-pool", Severity.WARNING, "pool " + p.name() + ": all "
            + p.threads().size() + " threads busy, none waiting for a task (new work queues up)",
            List.of("threads: " + names(p.threads()))));
      }
    }
    double jvmCpuMs = r.cpu().stream().mapToDouble(CpuUse::cpuMs).sum();
    for (CpuUse u : r.cpu()) {
      double pctOfJvm = 100 * u.cpuMs() / jvmCpuMs;
      if (u.pctOfCore() >= HOT_PCT_OF_CORE && pctOfJvm >= HOT_PCT_OF_JVM) {
        findings.add(new ThreadFinding("cpu-hot-thread", Severity.WARNING, "thread " + u.thread() + " used "
            + Math.round(u.pctOfCore()) + " % of a core, " + Math.round(pctOfJvm) + " % of the JVM's CPU",
            List.of(String.format(java.util.Locale.ROOT, "%.1f ms of CPU in %.1f s (%s)", u.cpuMs(), u.intervalS(),
                u.source()), "top frame: " + r.topFrame(u.thread()))));
      }
    }
    return findings;
  }

  private static ThreadFinding contention(LockPileUp lock, Map<String, Pool> poolOfThread, int javaThreads) {
    Map<Pool, Long> pools = lock.waiters().stream().filter(poolOfThread::containsKey)
        .collect(Collectors.groupingBy(poolOfThread::get, Collectors.counting()));
    Pool pool = pools.entrySet().stream().filter(e -> e.getValue() * 2 > lock.waiters().size())
        .map(Map.Entry::getKey).findFirst().orElse(null);
    String who = pool != null
        ? lock.waiters().size() + " of " + pool.threads().size() + " " + pool.name() + " workers"
        : lock.waiters().size() + " of " + javaThreads + " threads";
    String holder = lock.owner() != null ? "held by " + lock.owner() + " (" + lock.ownerState() + ")"
        : lock.monitor() ? "its owner is not in the dump" : "owner not in dump (jstack -l or jcmd Thread.print -l lists it)";
    List<String> evidence = new ArrayList<>();
    if (lock.owner() != null && !lock.ownerFrames().isEmpty()) {
      evidence.add(lock.owner() + " at " + String.join(" <- ", lock.ownerFrames().subList(0, Math.min(3, lock.ownerFrames().size()))));
    }
    evidence.add("waiting: " + names(lock.waiters()));
    if (lock.waiterFrame() != null) {
      evidence.add("they wait at " + lock.waiterFrame());
    }
    Severity severity = pool != null && lock.waiters().size() * 2 >= pool.threads().size() ? Severity.CRITICAL : Severity.WARNING;
    return new ThreadFinding("lock-contention", severity, "lock contention: " + who + " wait for "
        + lockName(lock.className(), lock.address()) + ", " + holder, evidence);
  }

  static String lockName(String className, String address) {
    return (className == null ? "<" : className + " <") + address + ">";
  }

  private static String names(List<String> names) {
    String shown = names.stream().limit(MAX_NAMES).collect(Collectors.joining(", "));
    return names.size() > MAX_NAMES ? shown + " and " + (names.size() - MAX_NAMES) + " more" : shown;
  }

}
