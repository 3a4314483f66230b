package io.jtune.diagnostics.threads.analysis;

/**
 * CPU time one thread used between two moments.
 *
 * @param thread the thread's name
 * @param cpuMs CPU milliseconds used in the interval
 * @param intervalS the interval's length in seconds
 * @param source where the times come from: "cpu=" (the dumps' headers) or "/proc" (the kernel's
 *     per-thread counters of /proc/PID/task/TID/stat)
 */
public record CpuUse(String thread, double cpuMs, double intervalS, String source) {

  /** The share of one core the thread used, in percent. */
  public double pctOfCore() {
    return intervalS > 0 ? cpuMs / (intervalS * 10) : Double.NaN;
  }
}
