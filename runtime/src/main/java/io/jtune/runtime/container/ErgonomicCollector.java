package io.jtune.runtime.container;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The collector a HotSpot JVM (JDK 9 and later) picks when no flag names one: G1 on what it calls
 * a server-class machine, at least {@value #SERVER_CPUS} active processors and at least 1792 MB of
 * physical memory (2 GB less 256 MB), Serial otherwise. Inside a container both come from its
 * limits: the active processors are the CPU limit rounded up (a CFS quota of 0.5 cores gives 1, of
 * 1.5 cores 2; {@code -XX:ActiveProcessorCount} overrides it), the physical memory is the memory
 * limit. So a container with fewer cores or less memory can change the collector itself, and with
 * it the GC and compiler threads, which follow the active processors.
 */
public final class ErgonomicCollector {
  /** Fewer active processors than this: Serial. */
  public static final int SERVER_CPUS = 2;
  /** Less physical memory than this: Serial. */
  public static final long SERVER_MEMORY_BYTES = (2048L - 256) << 20;

  private ErgonomicCollector() {}

  /**
   * The processors a JVM sees under {@code limits} on a host of {@code hostCpus}: the CPU limit
   * rounded up, at most the host's; {@code activeProcessorCount} ({@code -XX:ActiveProcessorCount},
   * null when not given) wins over both.
   */
  public static int activeProcessors(ContainerLimits limits, int hostCpus, Integer activeProcessorCount) {
    if (activeProcessorCount != null && activeProcessorCount > 0) {
      return activeProcessorCount;
    }
    if (limits.cpus() == null) {
      return hostCpus;
    }
    return (int) Math.max(1, Math.min(hostCpus, Math.ceil(limits.cpus().millis() / 1000.0)));
  }

  /** "G1" or "Serial": the collector a JVM without a collector flag picks under {@code limits}. */
  public static String of(ContainerLimits limits, int hostCpus, long hostMemoryBytes, Integer activeProcessorCount) {
    return why(limits, hostCpus, hostMemoryBytes, activeProcessorCount) == null ? "G1" : "Serial";
  }

  /**
   * Why the JVM picks Serial under {@code limits} ("0.5 CPUs give it 1 active processor, fewer than
   * 2"), or null when it picks G1.
   */
  public static String why(ContainerLimits limits, int hostCpus, long hostMemoryBytes, Integer activeProcessorCount) {
    int cpus = activeProcessors(limits, hostCpus, activeProcessorCount);
    long memory = limits.memory() != null ? limits.memory().bytes() : hostMemoryBytes;
    if (cpus < SERVER_CPUS) {
      String from = activeProcessorCount != null && activeProcessorCount > 0 ? "-XX:ActiveProcessorCount"
          : limits.cpus() != null ? limits.cpus() + (limits.cpus().millis() == 1000 ? " CPU" : " CPUs") : "the host";
      return from + (from.endsWith("CPUs") ? " give" : " gives") + " it " + cpus
          + " active processor" + (cpus == 1 ? "" : "s") + ", fewer than " + SERVER_CPUS;
    }
    if (memory > 0 && memory < SERVER_MEMORY_BYTES) {
      return String.format(Locale.ROOT, "%s is under %d MB", limits.memory() != null ? "memory " + limits.memory()
          : "the host's memory", SERVER_MEMORY_BYTES >> 20);
    }
    return null;
  }

  /** This host's processors as the JVM running jtune sees them. */
  public static int hostCpus() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** This host's physical memory, or 0 when the JVM does not say. */
  public static long hostMemoryBytes() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 0;
  }
}
