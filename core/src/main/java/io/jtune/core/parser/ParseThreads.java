package io.jtune.core.parser;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that read parts of large files, one per core, shared by every read in the JVM
 * (daemon threads, started on first use). System properties: {@code jtune.parallel=false}
 * reads every file in one pass on the calling thread (the reference the parallel path is tested
 * against); {@code jtune.parallel.threads} sets the number of threads (default: the cores this
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

  static long partBytes() {
    return Math.max(1, Long.getLong("jtune.parallel.part", DEFAULT_PART));
  }

  /** Whether a file of {@code size} bytes is read in parts. */
  static boolean worthIt(long size) {
    return !"false".equalsIgnoreCase(System.getProperty("jtune.parallel")) && threads() > 1
        && size >= Long.getLong("jtune.parallel.min", 2 * partBytes())
        && size / LineNumbers.MAX_PARTS < LineNumbers.MAX_PART_BYTES / 2; // past 2 TB line numbers would not fit
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
