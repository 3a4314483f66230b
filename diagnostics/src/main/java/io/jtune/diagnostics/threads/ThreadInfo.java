package io.jtune.diagnostics.threads;

import java.util.List;

/**
 * One thread of a HotSpot thread dump.
 *
 * @param name the thread's name, without the quotes
 * @param number the Java thread number ({@code #12}), or -1 when not printed (VM-internal
 *     threads, JDK 7 and older)
 * @param daemon true for a daemon thread
 * @param state the {@code java.lang.Thread.State} line, or null for a VM-internal thread such as
 *     "VM Thread" or "GC task thread#0", which has no such line
 * @param cpuMs CPU time the thread has used ({@code cpu=}, JDK 11+), or null
 * @param elapsedS seconds since the thread started ({@code elapsed=}, JDK 11+), or null
 * @param frames the stack, top first, as printed after "at ", e.g.
 *     {@code java.lang.Thread.sleep(java.base@17.0.15/Native Method)}
 * @param locks the lock lines in the order printed
 * @param nid the native (OS) thread id ({@code nid=0x..}, on Linux the TID of
 *     /proc/PID/task/TID), or -1 when not printed
 * @param virtual true for a virtual thread (listed only by {@code Thread.dump_to_file})
 * @param carrier for a mounted virtual thread, the name of its carrier; for a carrier in a
 *     HotSpot dump, "#N" of the virtual thread it carries (a carrier has no state line of its
 *     own there and is read as RUNNABLE; the mounted thread's frames are left out); else null
 */
public record ThreadInfo(
    String name,
    long number,
    boolean daemon,
    Thread.State state,
    Double cpuMs,
    Double elapsedS,
    List<String> frames,
    List<ThreadLock> locks,
    long nid,
    boolean virtual,
    String carrier) {

  public ThreadInfo {
    frames = List.copyOf(frames);
    locks = List.copyOf(locks);
  }

  /** A platform thread whose native id is not known. */
  public ThreadInfo(String name, long number, boolean daemon, Thread.State state, Double cpuMs, Double elapsedS,
      List<String> frames, List<ThreadLock> locks) {
    this(name, number, daemon, state, cpuMs, elapsedS, frames, locks, -1, false, null);
  }

  /** True when this is a virtual thread mounted on a carrier, or a carrier carrying one. */
  public boolean mountedVirtual() {
    return carrier != null;
  }

  /**
   * True for a platform thread whose top frame is {@code Continuation.run}: a carrier running a
   * virtual thread, in a dump that does not say which (Thread.dump_to_file in text, or JSON
   * before JDK 25: the virtual thread's frames are its own, the carrier's stack ends there).
   */
  public boolean runsVirtualThread() {
    return !virtual && topFrame() != null && topFrame().contains("jdk.internal.vm.Continuation.run(");
  }

  /** The name and number, "name #12", that tells the same thread apart in several dumps. */
  public String key() {
    return number < 0 ? name : name + " #" + number;
  }

  /** The top frame, or null when no stack was printed. */
  public String topFrame() {
    return frames.isEmpty() ? null : frames.get(0);
  }

  /** The topmost frame outside the JDK (see {@link #isJdkFrame}), or null when there is none. */
  public String topApplicationFrame() {
    for (String frame : frames) {
      if (!isJdkFrame(frame)) {
        return frame;
      }
    }
    return null;
  }

  /**
   * Frames a pool's thread sits in while it waits for its next task (an idle worker, or a reserved
   * thread parked until work is handed to it).
   */
  public static final List<String> WAIT_FOR_WORK_FRAMES = List.of(
      "ThreadPoolExecutor.getTask(", "ForkJoinPool.awaitWork(", "ScheduledThreadPoolExecutor$DelayedWorkQueue.take(",
      "LinkedBlockingQueue.take(", "LinkedBlockingQueue.poll(", "ArrayBlockingQueue.take(", "ArrayBlockingQueue.poll(",
      "SynchronousQueue.take(", "SynchronousQueue.poll(", "LinkedTransferQueue.take(", "LinkedTransferQueue.poll(",
      "TaskQueue.take(", "TaskQueue.poll(", "EPoll.wait(", "EPollArrayWrapper.epollWait(", ".waitForTask(",
      ".reservedWait(");

  /** Whether one of the top frames is a pool's wait for its next task (see {@link #WAIT_FOR_WORK_FRAMES}). */
  public boolean waitsForWork() {
    for (int i = 0; i < Math.min(12, frames.size()); i++) {
      String frame = frames.get(i);
      for (String idle : WAIT_FOR_WORK_FRAMES) {
        if (frame.contains(idle)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The lock the thread waits to enter or parks on: its first {@code waiting to lock},
   * {@code waiting to re-lock} or {@code parking to wait for} line, or null.
   */
  public ThreadLock awaitedLock() {
    for (ThreadLock lock : locks) {
      switch (lock.kind()) {
        case WAITING_TO_LOCK, WAITING_TO_RELOCK, PARKED_ON -> {
          return lock;
        }
        default -> { }
      }
    }
    return null;
  }

  /**
   * True when the thread holds the object at {@code address}: a {@code locked} or owned
   * synchronizer line names it and no {@code waiting on} / {@code waiting to re-lock} line does
   * (a thread in {@code Object.wait()} still shows {@code - locked} for the monitor it released).
   */
  public boolean holds(String address) {
    boolean held = false;
    for (ThreadLock lock : locks) {
      if (lock.address().equals(address)) {
        switch (lock.kind()) {
          case LOCKED, OWNS -> held = true;
          case WAITING_ON, WAITING_TO_RELOCK -> {
            return false;
          }
          default -> { }
        }
      }
    }
    return held;
  }

  /**
   * True for a frame of the JDK's own code: classes in {@code java.}, {@code jdk.}, {@code sun.}
   * and {@code com.sun.} (which holds the JDK's XML parser).
   */
  public static boolean isJdkFrame(String frame) {
    return frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.")
        || frame.startsWith("com.sun.");
  }
}
