package io.jtune.gc.parser;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that read parts of large files, one per core, shared by every read in the JVM
 * (daemon threads, started on first use). System properties: {@code jtune.parallel=false}
 * reads every file in one pass, and the files one after another, on the calling thread (the
 * reference the parallel path is tested against); {@code jtune.parallel.threads} sets the number of threads (default: the cores this
 * JVM may use; with one, files are read in one pass); {@code jtune.parallel.part} the bytes per
 * part (default 2 MB) and {@code jtune.parallel.min} the smallest file read in parts (default
 * two parts' worth).
 */
final class ParseThreads {
  private static final long DEFAULT_PART = 2L << 20;
  private static volatile ExecutorService pool;

  private ParseThreads() {}

  static int threads() {
    Integer t = Integer.getInteger("jtune.parallel.threads");
    return Math.max(1, t != null ? t : Runtime.getRuntime().availableProcessors());
  }

  /**
   * Parts read ahead of the one being merged, beyond the first ({@code jtune.parallel.window}).
   * Default: the threads, at least 8. On an event-dense log the merging thread is the slower
   * one: with only a part per thread ahead the parse threads wait for it while it merges, with
   * 8 they read on (200 MB dense logs on 2 cores: 1.28 -> 1.16 s and 1.67 -> 1.58 s, peak RSS
   * +8 to +12 MB: a part read ahead holds its pauses packed, about 1-2 MB).
   */
  static int window() {
    return Math.max(1, Integer.getInteger("jtune.parallel.window", Math.max(threads(), 8)));
  }

  static long partBytes() {
    return Math.max(1, Long.getLong("jtune.parallel.part", DEFAULT_PART));
  }

  /** Whether reading uses the parse threads at all (more than one, and not switched off). */
  static boolean enabled() {
    return !"false".equalsIgnoreCase(System.getProperty("jtune.parallel")) && threads() > 1;
  }

  /** Whether a file of {@code size} bytes is read in parts. */
  static boolean worthIt(long size) {
    return enabled()
        && size >= Long.getLong("jtune.parallel.min", 2 * partBytes())
        && size / LineNumbers.MAX_PARTS < LineNumbers.MAX_PART_BYTES / 2; // past 2 TB line numbers would not fit
  }

  /** The task's result; what it threw is thrown here (an interrupt while waiting as an InterruptedIOException). */
  static <T> T join(Future<T> f) throws java.io.IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while reading in parallel");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof java.io.IOException io) {
        throw io;
      }
      if (c instanceof RuntimeException re) {
        throw re;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new java.io.IOException(c);
    }
  }

  static <T> Future<T> submit(Callable<T> task) {
    ExecutorService p = pool;
    if (p == null) {
      synchronized (ParseThreads.class) {
        if (pool == null) {
          AtomicInteger n = new AtomicInteger();
          pool = Executors.newFixedThreadPool(threads(), r -> {
            Thread t = new Thread(r, "jtune-parse-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
        }
        p = pool;
      }
    }
    return p.submit(task);
  }
}
