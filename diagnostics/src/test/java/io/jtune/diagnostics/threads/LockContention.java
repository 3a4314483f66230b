package io.jtune.diagnostics.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A program that ThreadDumpsTest runs as a child JVM: one thread {@code holder} holds a lock
 * and sleeps, N threads {@code contender-i} wait for it, and a thread {@code waiter} sits in
 * {@code wait()} on the same object. Prints {@code ready <java.vm.version>} once every contender
 * is blocked.
 *
 * <p>Arguments: {@code monitor N} (a {@code synchronized} method of {@link SharedParser}) or
 * {@code reentrant N} (a {@link ReentrantLock}); {@code chatter} (a thread printing a line
 * every 5 ms); {@code reserved} (a pool's reserved thread {@code reserved-0} parked in its
 * {@code waitForTask} on the pool's lock, which {@code pool-owner} holds: an idle thread waiting for
 * work, as a server's reserved-thread executor keeps one); {@code --parent-pid PID} (exit when that
 * process exits).
 */
public final class LockContention {
  private LockContention() {}

  /** The shared object the threads contend for, like one synchronized XML parser all requests wait for. */
  static final class SharedParser {
    private final ReentrantLock lock = new ReentrantLock();

    synchronized void parse() throws InterruptedException {
      Thread.sleep(Long.MAX_VALUE);
    }

    void parseWithLock() throws InterruptedException {
      lock.lock();
      try {
        Thread.sleep(Long.MAX_VALUE);
      } finally {
        lock.unlock();
      }
    }

    synchronized void idle() throws InterruptedException {
      wait();
    }
  }

  /** A pool that keeps a thread in reserve, parked until work is handed to it. */
  static final class ReservedPool {
    final ReentrantLock lock = new ReentrantLock();

    void own() throws InterruptedException {
      lock.lock();
      try {
        Thread.sleep(Long.MAX_VALUE);
      } finally {
        lock.unlock();
      }
    }

    void waitForTask() {
      lock.lock();
      lock.unlock();
    }
  }

  public static void main(String[] args) throws Exception {
    List<String> a = List.of(args);
    if (a.contains("--parent-pid")) {
      Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(a.get(a.indexOf("--parent-pid") + 1)));
      start("parent-watch", () -> {
        parent.ifPresent(p -> p.onExit().join());
        System.exit(0);
      });
    }
    boolean monitor = a.contains("monitor");
    int n = Integer.parseInt(a.get(a.indexOf(monitor ? "monitor" : "reentrant") + 1));
    SharedParser parser = new SharedParser();
    Thread waiter = start("waiter", () -> parser.idle());
    awaitState(waiter, Thread.State.WAITING);
    Thread holder = start("holder", monitor ? parser::parse : parser::parseWithLock);
    awaitState(holder, Thread.State.TIMED_WAITING);
    List<Thread> contenders = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      contenders.add(start("contender-" + i, monitor ? parser::parse : parser::parseWithLock));
    }
    for (Thread t : contenders) {
      awaitState(t, monitor ? Thread.State.BLOCKED : Thread.State.WAITING);
    }
    if (a.contains("reserved")) {
      ReservedPool pool = new ReservedPool();
      Thread owner = start("pool-owner", pool::own);
      awaitState(owner, Thread.State.TIMED_WAITING);
      awaitState(start("reserved-0", pool::waitForTask), Thread.State.WAITING);
    }
    if (a.contains("chatter")) {
      start("chatter", () -> {
        for (long i = 0; ; i++) {
          System.out.println("chatter " + i);
          Thread.sleep(5);
        }
      });
    }
    System.out.println("ready " + System.getProperty("java.vm.version"));
    Thread.sleep(Long.MAX_VALUE);
  }

  private interface Body {
    void run() throws Exception;
  }

  private static Thread start(String name, Body body) {
    Thread t = new Thread(() -> {
      try {
        body.run();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
    while (t.getState() != state) {
      Thread.sleep(1);
    }
  }
}
