import java.io.FileInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A program with known thread facts, run with the JDK's source launcher ({@code java
 * DumpScenarios.java [--parent-pid PID]}) so that its thread dumps can be taken in every format:
 *
 * <ul>
 *   <li>pool "http-nio-8080-exec-1..5": exec-1 holds the monitor of a SharedParser and sleeps,
 *       exec-2..5 are BLOCKED entering it (4 of 5 workers; the pool is exhausted);
 *   <li>"rl-holder" holds a ReentrantLock and sleeps, "rl-waiter-1..3" are parked on it;
 *   <li>"deadlock-mon-a" and "deadlock-mon-b": a monitor deadlock;
 *   <li>"deadlock-rl-a" and "deadlock-rl-b": a ReentrantLock deadlock;
 *   <li>"pool-1-thread-1..3": an idle fixed thread pool;
 *   <li>"spinner": a thread burning CPU;
 *   <li>on JDK 21+, "vt-sleeper-1..3": virtual threads sleeping (unmounted), and "vt-reader": a
 *       virtual thread blocked opening a FIFO no one writes to, so it stays mounted on its carrier.
 * </ul>
 *
 * Prints "ready" once everything is in place, then "tick N" lines (application output around
 * SIGQUIT dumps). Exits when the process given by --parent-pid exits.
 */
public final class DumpScenarios {
  static final class SharedParser {
    synchronized void parse() throws InterruptedException {
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  interface Body {
    void run() throws Exception;
  }

  static volatile long sink;

  public static void main(String[] args) throws Exception {
    List<String> a = List.of(args);
    if (a.contains("--parent-pid")) {
      Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(a.get(a.indexOf("--parent-pid") + 1)));
      start("parent-watch", () -> {
        parent.ifPresent(p -> p.onExit().join());
        System.exit(0);
      });
    }
    List<Thread> settle = new ArrayList<>();
    SharedParser parser = new SharedParser();
    Thread exec1 = start("http-nio-8080-exec-1", parser::parse);
    await(exec1, Thread.State.TIMED_WAITING);
    for (int i = 2; i <= 5; i++) {
      settle.add(start("http-nio-8080-exec-" + i, parser::parse));
    }
    ReentrantLock shared = new ReentrantLock();
    Thread holder = start("rl-holder", () -> {
      shared.lock();
      Thread.sleep(Long.MAX_VALUE);
    });
    await(holder, Thread.State.TIMED_WAITING);
    for (int i = 1; i <= 3; i++) {
      settle.add(start("rl-waiter-" + i, shared::lock));
    }
    Object m1 = new Object();
    Object m2 = new Object();
    settle.add(start("deadlock-mon-a", () -> cross(m1, m2)));
    settle.add(start("deadlock-mon-b", () -> cross(m2, m1)));
    ReentrantLock l1 = new ReentrantLock();
    ReentrantLock l2 = new ReentrantLock();
    settle.add(start("deadlock-rl-a", () -> cross(l1, l2)));
    settle.add(start("deadlock-rl-b", () -> cross(l2, l1)));
    ExecutorService idle = Executors.newFixedThreadPool(3);
    ((ThreadPoolExecutor) idle).prestartAllCoreThreads();
    start("spinner", () -> {
      while (true) {
        sink += System.nanoTime() % 7;
      }
    });
    int virtual = startVirtual();
    for (Thread t : settle) {
      while (t.getState() != Thread.State.BLOCKED && t.getState() != Thread.State.WAITING) {
        Thread.sleep(1);
      }
    }
    Thread.sleep(200);
    System.out.println("ready " + System.getProperty("java.vm.version") + " virtual=" + virtual);
    for (long i = 0; ; i++) {
      System.out.println("tick " + i);
      Thread.sleep(500);
    }
  }

  private static void cross(Object first, Object second) throws InterruptedException {
    synchronized (first) {
      Thread.sleep(100);
      synchronized (second) {
        sink++;
      }
    }
  }

  private static void cross(ReentrantLock first, ReentrantLock second) throws InterruptedException {
    first.lock();
    Thread.sleep(100);
    second.lock();
  }

  /**
   * Three sleeping virtual threads and one mounted virtual thread through reflection (this file also
   * runs on JDK 17); how many were started: 0 when there are none.
   */
  private static int startVirtual() throws Exception {
    Method ofVirtual;
    try {
      ofVirtual = Thread.class.getMethod("ofVirtual");
    } catch (NoSuchMethodException e) {
      return 0;
    }
    Class<?> builderType = Class.forName("java.lang.Thread$Builder");
    Method name = builderType.getMethod("name", String.class);
    Method start = builderType.getMethod("start", Runnable.class);
    for (int i = 1; i <= 3; i++) {
      Object builder = name.invoke(ofVirtual.invoke(null), "vt-sleeper-" + i);
      start.invoke(builder, (Runnable) () -> {
        try {
          Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    Path dir = Files.createTempDirectory("dump-scenarios");
    Path fifo = dir.resolve("fifo");
    if (new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() != 0) {
      return 3;
    }
    Object builder = name.invoke(ofVirtual.invoke(null), "vt-reader");
    Thread reader = (Thread) start.invoke(builder, (Runnable) () -> {
      try (FileInputStream in = new FileInputStream(fifo.toFile())) {
        sink += in.read();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    while (reader.getState() != Thread.State.RUNNABLE) {
      Thread.sleep(1);
    }
    Thread.sleep(100);
    Files.delete(fifo); // the open() keeps waiting on the FIFO; its name goes
    Files.delete(dir);
    return 4;
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

  private static void await(Thread t, Thread.State state) throws InterruptedException {
    while (t.getState() != state) {
      Thread.sleep(1);
    }
  }
}
