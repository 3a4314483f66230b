package io.jtune.experiment.report;

import io.jtune.common.units.CpuQuantity;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.run.RunResult;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What limits a service whose GC is small, from its baseline runs at one load level: threads
 * queueing for one lock, the CPU, or requests waiting on something that is neither (I/O,
 * downstream calls, pools); none of them is a healthy service at that load.
 *
 * <ul>
 *   <li>lock: in the median baseline run's thread dump at least {@value #LOCK_SHARE_PCT} % of the
 *       Java threads (and at least {@value #LOCK_MIN_THREADS}) are BLOCKED on one lock;
 *   <li>CPU: the JVM uses at least {@value #CPU_SATURATED_PCT} % of the cores it has: the
 *       container's CPU limit when the runs had one (the CFS quota, not the host's cores);
 *   <li>wait: a typical request (p50) takes at least {@value #WAIT_FACTOR} times the CPU it costs
 *       (process CPU / throughput): the requests in flight at this load (Little's law, throughput x p50),
 *       the fewest threads that serve it, and optimal threads = (CPU + wait) / CPU x cores, the most
 *       worth having before the cores are the limit;
 *   <li>host: requests wait as above while the host's other processes (neither the service nor
 *       jtune) used at least {@value #OTHERS_PCT} % of the cores and, with the service, at least
 *       {@value #CPU_SATURATED_PCT} %: the requests queued for CPU the host gave to others.
 * </ul>
 *
 * @param kind lock, cpu, wait, host or none
 * @param evidence the numbers, in words; empty for none
 * @param advice what to do, in words
 */
record Bottleneck(Kind kind, String evidence, String advice) {
  /** What limits the service. */
  enum Kind { LOCK, CPU, WAIT, HOST, NONE }

  static final int LOCK_SHARE_PCT = 20;
  static final int LOCK_MIN_THREADS = 3;
  static final int CPU_SATURATED_PCT = 85;
  static final int WAIT_FACTOR = 5;
  static final int OTHERS_PCT = 25;

  /**
   * The CPU a service has: the container's CPU limit when its runs had one, else the host's cores.
   *
   * @param n how many cores
   * @param words for the reports: {@code 2 cores}, {@code a CPU limit of 1}
   * @param limited whether a CPU limit set it
   */
  record Cores(double n, String words, boolean limited) {
    static Cores of(CpuQuantity limit) {
      if (limit != null) {
        return new Cores(limit.cores(), "a CPU limit of " + limit, true);
      }
      int host = Runtime.getRuntime().availableProcessors();
      return new Cores(host, host + (host == 1 ? " core" : " cores"), false);
    }
  }

  /** The bottleneck seen in the baseline's runs {@code base} at a level whose report is {@code b}. */
  static Bottleneck of(CandidateReport b, List<RunResult> base, Cores has) {
    double cores = has.n();
    // the median run's dump: one dump caught at a bad moment is not contention
    List<RunResult.ThreadsSeen> dumps = base.stream().map(RunResult::threads)
        .filter(x -> x != null && x.javaThreads() > 0)
        .sorted(Comparator.comparingDouble(x -> x.topLock() == null ? 0 : (double) x.blockedOnTopLock() / x.javaThreads()))
        .toList();
    RunResult.ThreadsSeen t = dumps.isEmpty() ? null : dumps.get((dumps.size() - 1) / 2);
    if (t != null && t.topLock() != null && t.blockedOnTopLock() >= LOCK_MIN_THREADS
        && 100.0 * t.blockedOnTopLock() >= LOCK_SHARE_PCT * t.javaThreads()) {
      return new Bottleneck(Kind.LOCK, "thread dump: " + t.topLock(),
          "threads queue for one lock: take it out of the request path (a lock-free or per-thread object, a"
              + " smaller critical section), not JVM flags");
    }
    double cpu = b.mean(Metric.CPU);
    double rps = b.mean(Metric.THROUGHPUT);
    double p50 = b.mean(Metric.P50);
    if (Double.isNaN(cpu) || !(rps > 0)) {
      return new Bottleneck(Kind.NONE, "", "");
    }
    double cpuMsPerRequest = cpu / 100 / rps * 1000;
    if (cpu >= CPU_SATURATED_PCT * cores) {
      double throttled = b.mean(Metric.THROTTLED_PCT);
      return new Bottleneck(Kind.CPU, String.format(Locale.US, "the JVM used %.0f %% of %.0f %% CPU (%s) at %,.0f"
          + " req/s: %.2f ms of CPU per request caps throughput near %s %s / %.2f ms = %,.0f req/s%s", cpu,
          100 * cores, has.words(), rps, cpuMsPerRequest, num(cores), cores == 1 ? "core" : "cores", cpuMsPerRequest, cores * 1000 / cpuMsPerRequest,
          Double.isNaN(throttled) ? "" : String.format(Locale.US, "; the quota throttled it in %.0f %% of its 100 ms"
              + " periods", throttled)),
          has.limited()
              ? "the service is CPU-bound at its container's CPU limit: raise the limit (or spread the load over more"
                  + " pods), or cut the CPU each request costs (profile it: a JFR recording, 'jtune jfr'); more threads"
                  + " only add response time"
              : "the service is CPU-bound: cut the CPU each request costs (profile it: a JFR recording, 'jtune jfr') or"
                  + " add cores; more threads only add response time");
    }
    double others = b.mean(Metric.OTHERS_CPU);
    if (p50 >= WAIT_FACTOR * cpuMsPerRequest && others >= OTHERS_PCT * cores
        && cpu + others >= CPU_SATURATED_PCT * cores) {
      return new Bottleneck(Kind.HOST, String.format(Locale.US, "a typical request takes %.1f ms (p50) of which about"
          + " %.2f ms is CPU, while other processes on the host used %.0f %% and the JVM %.0f %% of %.0f %% CPU (%s)",
          p50, cpuMsPerRequest, others, cpu, 100 * cores, has.words()),
          "the requests queued for CPU the host gave to other processes: these runs measure the host, not the service;"
              + " measure again where the service has its cores to itself ('jtune host' shows the host; pin or isolate"
              + " the service and the load), and tune nothing on these numbers");
    }
    if (p50 >= WAIT_FACTOR * cpuMsPerRequest) {
      double wait = p50 - cpuMsPerRequest;
      return new Bottleneck(Kind.WAIT, String.format(Locale.US, "a typical request takes %.1f ms (p50) of which"
          + " about %.2f ms is CPU (the JVM uses %.0f %% of %.0f %% CPU at %,.0f req/s): requests wait %.1f ms on"
          + " something else", p50, cpuMsPerRequest, cpu, 100 * cores, rps, wait),
          String.format(Locale.US, "requests wait on I/O, downstream calls or pools, not on GC: at %,.0f req/s about"
              + " %.0f requests are in flight (Little's law: %,.0f req/s x %.1f ms), the fewest threads that serve this"
              + " load without a queue (besides the server's own, and before headroom for bursts); optimal threads ="
              + " (CPU + wait) / CPU x cores = (%.2f + %.1f) / %.2f x %s = %.0f concurrent requests, the most worth"
              + " having before the cores are the limit; or cut the wait", rps, rps * p50 / 1000, rps, p50,
              cpuMsPerRequest, wait, cpuMsPerRequest, num(cores), (cpuMsPerRequest + wait) / cpuMsPerRequest * cores));
    }
    return new Bottleneck(Kind.NONE, String.format(Locale.US, "the JVM used %.0f %% of %.0f %% CPU at %,.0f req/s"
        + " (%.2f ms of CPU per request, p50 %.1f ms), and no lock held many threads", cpu, 100 * cores, rps,
        cpuMsPerRequest, p50), "");
  }

  /** A number of cores as people write it: {@code 2}, {@code 0.5}. */
  static String num(double cores) {
    return cores == Math.rint(cores) ? Long.toString((long) cores) : String.format(Locale.US, "%.3f", cores)
        .replaceAll("0+$", "");
  }
}
