package io.jtune.lab;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadInfo;
import java.util.Collection;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code /stats}: the lab's own view as JSON: requests served and in flight, latency per
 * endpoint, JVM uptime, collections per collector and memory pools after the last GC (from
 * the MXBeans), process CPU time, where {@code /work}'s time went, worker thread states and
 * the lab's settings.
 */
final class StatsEndpoint {
  private final Collection<EndpointStats> endpoints;
  private final LongAdder inFlight;
  private final String settingsJson;
  private final WorkEndpoint work;

  StatsEndpoint(Collection<EndpointStats> endpoints, LongAdder inFlight, String settingsJson, WorkEndpoint work) {
    this.endpoints = endpoints;
    this.inFlight = inFlight;
    this.settingsJson = settingsJson;
    this.work = work;
  }

  String handle() {
    StringBuilder sb = new StringBuilder(2048);
    long served = 0;
    for (EndpointStats e : endpoints) {
      served += e.count();
    }
    sb.append("{\"requests\":").append(served)
        .append(",\"inFlight\":").append(inFlight.sum() - 1)
        .append(",\"uptimeMs\":").append(ManagementFactory.getRuntimeMXBean().getUptime())
        .append(",\"processCpuNanos\":").append(processCpuNanos())
        .append(",\"settings\":").append(settingsJson)
        .append(",\"endpoints\":{");
    String sep = "";
    for (EndpointStats e : endpoints) {
      sb.append(sep).append('"').append(e.path()).append("\":").append(e.toJson());
      sep = ",";
    }
    sb.append("},\"workPhases\":").append(work.phasesJson());
    sb.append(",\"gc\":{");
    sep = "";
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      sb.append(sep).append('"').append(gc.getName()).append("\":{\"count\":")
          .append(gc.getCollectionCount()).append(",\"timeMs\":").append(gc.getCollectionTime()).append('}');
      sep = ",";
    }
    sb.append("},\"pools\":{");
    sep = "";
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage now = pool.getUsage();
      MemoryUsage afterGc = pool.getCollectionUsage();
      sb.append(sep).append('"').append(pool.getName()).append("\":{\"usedBytes\":").append(now.getUsed())
          .append(",\"committedBytes\":").append(now.getCommitted())
          .append(",\"afterGcBytes\":").append(afterGc == null ? -1 : afterGc.getUsed()).append('}');
      sep = ",";
    }
    sb.append("},\"workerThreads\":").append(workerThreadStates()).append("}\n");
    return sb.toString();
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }

  /** Counts of the request worker threads by state, from a thread dump without stacks. */
  private static String workerThreadStates() {
    int total = 0;
    int runnable = 0;
    int blocked = 0;
    int waiting = 0;
    for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false, 0)) {
      if (!t.getThreadName().contains("-exec-")) {
        continue;
      }
      total++;
      switch (t.getThreadState()) {
        case RUNNABLE -> runnable++;
        case BLOCKED -> blocked++;
        default -> waiting++;
      }
    }
    return String.format(Locale.US, "{\"total\":%d,\"runnable\":%d,\"blocked\":%d,\"waiting\":%d}",
        total, runnable, blocked, waiting);
  }
}
