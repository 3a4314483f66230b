package io.jtune.lab;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * A fixed amount of CPU work per millisecond asked: {@code burn(ms)} runs
 * {@code ms x iterationsPerMs} iterations of a dependent arithmetic chain, so under
 * contention it takes longer, as real business code does (the
 * CPU half of a classic CPU + IO wait test page).
 */
final class CpuBurner {
  /*
   * Calibration measures the thread's own CPU time, not wall time, so other processes on a
   * shared machine slow it down less. Each sample is short (about 5 ms) and the median of the
   * fastest half is kept: preemption only ever makes a sample look slower.
   */
  private static final long SAMPLE_ITERATIONS = 1_000_000;
  private static volatile long sink;

  private final long iterationsPerMs;

  private CpuBurner(long iterationsPerMs) {
    this.iterationsPerMs = iterationsPerMs;
  }

  /** A burner with a known calibration, for reproducible runs across JVMs. */
  static CpuBurner fixed(long iterationsPerMs) {
    if (iterationsPerMs <= 0) {
      throw new IllegalArgumentException("iterations per ms must be positive");
    }
    return new CpuBurner(iterationsPerMs);
  }

  /** A burner calibrated now on this machine (about half a second). */
  static CpuBurner calibrated() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
    for (int i = 0; i < 40; i++) {
      sink = iterate(SAMPLE_ITERATIONS / 4, i);
    }
    long[] nanos = new long[40];
    for (int i = 0; i < nanos.length; i++) {
      long wall = System.nanoTime();
      long cpu = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
      sink = iterate(SAMPLE_ITERATIONS, i);
      nanos[i] = cpuTime ? threads.getCurrentThreadCpuTime() - cpu : System.nanoTime() - wall;
    }
    Arrays.sort(nanos);
    long typical = Math.max(1, nanos[nanos.length / 4]);
    return new CpuBurner(Math.max(1, SAMPLE_ITERATIONS * 1_000_000L / typical));
  }

  long iterationsPerMs() {
    return iterationsPerMs;
  }

  /** Burns {@code ms} milliseconds of one core's worth of work; returns a value to sink. */
  long burn(long ms) {
    if (ms <= 0) {
      return 0;
    }
    long result = iterate(ms * iterationsPerMs, ms);
    sink = result;
    return result;
  }

  private static long iterate(long iterations, long seed) {
    long x = seed | 1;
    for (long i = 0; i < iterations; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
    }
    return x;
  }
}
