package io.jtune.diagnostics.jfr;

import java.util.List;

/**
 * What a JFR recording says about a JVM's run: GC pauses and heap, lock contention, hot methods,
 * allocation, safepoints, CPU load and threads.
 *
 * @param file the recording
 * @param durationS from its first to its last event
 * @param gc pauses and heap
 * @param locks contended locks (monitor enter, monitor wait, parking), most time first
 * @param hotMethods the methods on top of the sampled stacks, most samples first
 * @param executionSamples all execution samples taken
 * @param allocations allocation by class, most bytes first
 * @param allocationSites allocation by the frame that allocated, most bytes first
 * @param safepoints safepoint count and time
 * @param cpu the machine's and the JVM's CPU use
 * @param threads thread counts
 */
public record JfrSummary(String file, double durationS, Gc gc, List<Lock> locks, List<HotMethod> hotMethods,
    long executionSamples, List<Allocation> allocations, List<Allocation> allocationSites, Safepoints safepoints,
    Cpu cpu, Threads threads) {

  public JfrSummary {
    locks = List.copyOf(locks);
    hotMethods = List.copyOf(hotMethods);
    allocations = List.copyOf(allocations);
    allocationSites = List.copyOf(allocationSites);
  }

  /**
   * @param collections jdk.GarbageCollection events
   * @param pauseCount jdk.GCPhasePause events: one per stop-the-world pause
   * @param pauseTotalMs their total duration
   * @param pauseMaxMs the longest
   * @param longestCollectionMs the longest collection's sum of pauses
   * @param heapUsedAfterMaxBytes the highest heap use after a collection (jdk.GCHeapSummary "After GC")
   * @param heapCommittedMaxBytes the highest committed heap
   * @param collectors collector names seen (young, old)
   */
  public record Gc(long collections, long pauseCount, double pauseTotalMs, double pauseMaxMs, double longestCollectionMs,
      long heapUsedAfterMaxBytes, long heapCommittedMaxBytes, List<String> collectors) {
    public Gc {
      collectors = List.copyOf(collectors);
    }
  }

  /**
   * @param className the class of the lock object (the monitor's, or the parked-on blocker's)
   * @param kind "monitor enter", "monitor wait" or "park"
   * @param count events (each a wait longer than the recording's threshold, 20 ms by default)
   * @param totalMs time waited
   * @param topFrame the waiting code: the first frame of the waiting thread's stack outside the JDK's own locking code
   */
  public record Lock(String className, String kind, long count, double totalMs, String topFrame) {}

  /** @param method "Class.method" of the top frame; @param samples how often; @param pct of all samples */
  public record HotMethod(String method, long samples, double pct) {}

  /** @param name a class or an allocating frame; @param bytes sampled weight; @param pct of the total */
  public record Allocation(String name, long bytes, double pct) {}

  /** @param count safepoints; @param totalMs time in them; @param maxMs the longest */
  public record Safepoints(long count, double totalMs, double maxMs) {}

  /**
   * @param machineTotalMaxPct the highest machine CPU load seen (jdk.CPULoad machineTotal)
   * @param jvmMeanPct the JVM's mean CPU load (user + system)
   * @param samples jdk.CPULoad events
   */
  public record Cpu(double machineTotalMaxPct, double jvmMeanPct, long samples) {}

  /** @param activeMax the most live Java threads seen; @param daemonMax the most daemon threads */
  public record Threads(long activeMax, long daemonMax) {}
}
