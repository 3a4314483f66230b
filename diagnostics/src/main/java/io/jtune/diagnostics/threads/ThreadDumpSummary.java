package io.jtune.diagnostics.threads;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one thread dump says about threads and locks: how many Java threads are in each state,
 * and which locks threads are waiting for, most waited-for first.
 *
 * @param threads every thread in the dump, VM-internal ones included
 * @param javaThreads the threads with a {@code java.lang.Thread.State}; {@code states} adds up to it
 * @param states Java threads by state, in {@link Thread.State} order, states with none left out
 * @param contended the locks with at least one waiter, most waiters first (ties: dump order)
 */
public record ThreadDumpSummary(
    int threads, int javaThreads, Map<Thread.State, Integer> states, List<ContendedLock> contended) {

  /*
   * A waiter is a thread BLOCKED entering a monitor (waiting to lock, or to re-lock after
   * wait()), or a thread parked on a java.util.concurrent object that is a lock. Parking alone
   * does not make a lock: idle pool workers park on a queue's condition, futures and latches
   * park their callers. So a parked-on object counts when its class is one of the JDK's locks
   * or semaphores, or when some thread lists it among its "Locked ownable synchronizers".
   */

  private static final List<String> LOCK_CLASS_PREFIXES = List.of(
      "java.util.concurrent.locks.ReentrantLock$",
      "java.util.concurrent.locks.ReentrantReadWriteLock$",
      "java.util.concurrent.locks.StampedLock",
      "java.util.concurrent.Semaphore$");

  public ThreadDumpSummary {
    EnumMap<Thread.State, Integer> ordered = new EnumMap<>(Thread.State.class);
    ordered.putAll(states);
    states = Collections.unmodifiableMap(ordered);
    contended = List.copyOf(contended);
  }

  /** Summarizes the threads of one dump. */
  public static ThreadDumpSummary of(List<ThreadInfo> threads) {
    EnumMap<Thread.State, Integer> states = new EnumMap<>(Thread.State.class);
    Map<String, List<ThreadInfo>> waitersByAddress = new LinkedHashMap<>();
    int javaThreads = 0;
    for (ThreadInfo t : threads) {
      if (t.state() != null) {
        javaThreads++;
        states.merge(t.state(), 1, Integer::sum);
      }
      ThreadLock awaited = t.awaitedLock();
      // a pool's idle or reserved thread waiting for work (waitForTask, getTask) is not contention
      if (awaited != null && !t.waitsForWork()) {
        waitersByAddress.computeIfAbsent(awaited.address(), a -> new ArrayList<>()).add(t);
      }
    }
    Map<String, ThreadInfo> owners = new HashMap<>();
    if (!waitersByAddress.isEmpty()) {
      for (ThreadInfo t : threads) {
        for (ThreadLock lock : t.locks()) {
          boolean holding = lock.kind() == ThreadLock.Kind.LOCKED || lock.kind() == ThreadLock.Kind.OWNS;
          if (holding && waitersByAddress.containsKey(lock.address()) && !owners.containsKey(lock.address())
              && t.holds(lock.address())) {
            owners.put(lock.address(), t);
          }
        }
      }
    }
    List<ContendedLock> contended = new ArrayList<>();
    for (Map.Entry<String, List<ThreadInfo>> e : waitersByAddress.entrySet()) {
      ThreadLock awaited = e.getValue().get(0).awaitedLock();
      boolean monitor = awaited.kind() != ThreadLock.Kind.PARKED_ON;
      ThreadInfo owner = owners.get(e.getKey());
      if (monitor || owner != null || isLockClass(awaited.className())) {
        contended.add(contendedLock(awaited, monitor, e.getValue(), owner));
      }
    }
    contended.sort(Comparator.comparingInt(c -> -c.waiters().size()));
    return new ThreadDumpSummary(threads.size(), javaThreads, states, contended);
  }

  private static boolean isLockClass(String className) {
    if (className != null) {
      for (String prefix : LOCK_CLASS_PREFIXES) {
        if (className.startsWith(prefix)) {
          return true;
        }
      }
    }
    return false;
  }

  private static ContendedLock contendedLock(ThreadLock awaited, boolean monitor, List<ThreadInfo> waiters,
      ThreadInfo owner) {
    List<String> names = new ArrayList<>(waiters.size());
    Map<String, Integer> frameCounts = new LinkedHashMap<>();
    for (ThreadInfo w : waiters) {
      names.add(w.name());
      String frame = w.topApplicationFrame();
      if (frame != null) {
        frameCounts.merge(frame, 1, Integer::sum);
      }
    }
    String waiterFrame = null;
    int waiterFrameCount = 0;
    for (Map.Entry<String, Integer> f : frameCounts.entrySet()) {
      if (f.getValue() > waiterFrameCount) {
        waiterFrame = f.getKey();
        waiterFrameCount = f.getValue();
      }
    }
    if (owner == null) {
      return new ContendedLock(awaited.address(), awaited.className(), monitor, names, waiterFrame,
          waiterFrameCount, null, null, null);
    }
    return new ContendedLock(awaited.address(), awaited.className(), monitor, names, waiterFrame,
        waiterFrameCount, owner.name(), owner.topFrame(), lockingFrame(owner, awaited.address()));
  }

  /** The frame of the owner's {@code - locked} line for the address, else its top application frame. */
  private static String lockingFrame(ThreadInfo owner, String address) {
    for (ThreadLock lock : owner.locks()) {
      if (lock.kind() == ThreadLock.Kind.LOCKED && lock.address().equals(address)
          && lock.frame() >= 0 && lock.frame() < owner.frames().size()) {
        return owner.frames().get(lock.frame());
      }
    }
    return owner.topApplicationFrame();
  }

  /** The number of Java threads in {@code state}. */
  public int count(Thread.State state) {
    return states.getOrDefault(state, 0);
  }

  /**
   * One line naming the most contended lock, e.g. "24 of 40 threads BLOCKED on <0x..> (a
   * java.lang.Object) held by http-nio-exec-7 at io.jtune.lab.XmlEndpoint.handle(XmlEndpoint.java:37);
   * waiting at ...", or the thread states when no thread waits for a lock.
   */
  public String describe() {
    if (contended.isEmpty()) {
      List<String> parts = new ArrayList<>();
      states.forEach((state, n) -> parts.add(n + " " + state));
      return "no lock contention among " + javaThreads + " threads (" + String.join(", ", parts) + ")";
    }
    ContendedLock top = contended.get(0);
    StringBuilder sb = new StringBuilder();
    sb.append(top.waiters().size()).append(" of ").append(javaThreads).append(" threads ")
        .append(top.monitor() ? "BLOCKED on <" : "parked on <").append(top.address()).append('>');
    if (top.className() != null) {
      sb.append(" (a ").append(top.className()).append(')');
    }
    if (top.owner() != null) {
      sb.append(" held by ").append(top.owner());
      if (top.ownerFrame() != null) {
        sb.append(" at ").append(top.ownerFrame());
      }
    } else {
      sb.append(top.monitor() ? ", owner not in the dump" : ", owner not listed (take the dump with -l)");
    }
    if (top.waiterFrame() != null) {
      sb.append("; waiting at ").append(top.waiterFrame());
      if (top.waiterFrameCount() < top.waiters().size()) {
        sb.append(" (").append(top.waiterFrameCount()).append(" of them)");
      }
    }
    int more = contended.size() - 1;
    if (more > 0) {
      sb.append("; ").append(more).append(more == 1 ? " more contended lock" : " more contended locks");
    }
    return sb.toString();
  }
}
