package io.jtune.load;

/**
 * The thread-count formulas for a service whose requests take {@code cpuMs} of CPU and
 * wait {@code waitMs} (IO): optimal threads = ((wait + CPU) / CPU) x cores; beyond the optimum
 * throughput stays at cores / CPU and RT = (N / N_opt) x RT at the optimum.
 *
 * @param cpuMs CPU time per request
 * @param waitMs time per request not on a CPU: response time at the lowest load minus {@code cpuMs}
 * @param cores CPU cores serving the requests
 * @param optimalThreads ((waitMs + cpuMs) / cpuMs) x cores
 * @param rtAtOptimumMs response time at the optimum: waitMs + cpuMs
 * @param maxThroughputRps cores x 1000 / cpuMs
 */
public record OptimalThreads(
    double cpuMs, double waitMs, int cores, double optimalThreads, double rtAtOptimumMs, double maxThroughputRps) {

  /** The formulas for a measured or given CPU time per request and the response time at the lowest load. */
  public static OptimalThreads of(double cpuMs, double lowLoadRtMs, int cores) {
    double wait = Math.max(0, lowLoadRtMs - cpuMs);
    double rt = wait + cpuMs;
    return new OptimalThreads(cpuMs, wait, cores, rt / cpuMs * cores, rt, cores * 1000.0 / cpuMs);
  }

  /** Predicted response time at concurrency n: flat up to the optimum, then (n / N_opt) x RT_opt. */
  public double predictedRtMs(int n) {
    return n <= optimalThreads ? rtAtOptimumMs : n / optimalThreads * rtAtOptimumMs;
  }

  /** Predicted throughput at concurrency n: n / RT up to the optimum, then cores / CPU. */
  public double predictedThroughputRps(int n) {
    return Math.min(n * 1000.0 / rtAtOptimumMs, maxThroughputRps);
  }
}
