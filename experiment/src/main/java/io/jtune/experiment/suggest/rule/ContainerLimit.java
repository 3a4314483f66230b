package io.jtune.experiment.suggest.rule;

import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.gc.model.ContainerBudget;

/**
 * The container a service runs in, as the advice reads it: its memory and CPU limits (where each
 * comes from), the native memory measured inside it (Native Memory Tracking on the baseline, the
 * largest non-heap seen) and how much its CPU quota throttled. -1 / NaN / null when not known.
 *
 * @param memoryBytes the memory limit, -1 without one
 * @param memorySource where the limit comes from ("--memory-limit", "--container-memory-limit")
 * @param cpus the CPU limit in cores (1.5), NaN without one
 * @param measured the native memory measured with the largest non-heap, or null
 * @param throttledPeriodsPct the share of CFS periods the quota throttled, percent, NaN when not measured
 */
public record ContainerLimit(long memoryBytes, String memorySource, double cpus, NativeMemory measured,
    double throttledPeriodsPct) {
  /** No limit known, nothing measured. */
  public static final ContainerLimit NONE = new ContainerLimit(-1, "", Double.NaN, null, Double.NaN);

  /** Throttled periods from this share (percent) make GC thread counts worth fixing to the quota. */
  public static final double THROTTLED_PCT = 5;

  /** A memory limit (bytes, -1 none) and a CPU limit (cores, NaN or 0 none) given by {@code source}. */
  public static ContainerLimit of(long memoryBytes, double cpus, String source) {
    return new ContainerLimit(memoryBytes > 0 ? memoryBytes : -1, source, cpus > 0 ? cpus : Double.NaN, null,
        Double.NaN);
  }

  /** With native memory measured in the container: kept when its non-heap is the largest so far. */
  public ContainerLimit withNativeMemory(NativeMemory m) {
    if (m == null || measured != null && measured.nonHeapBytes() >= m.nonHeapBytes()) {
      return this;
    }
    return new ContainerLimit(memoryBytes, memorySource, cpus, m, throttledPeriodsPct);
  }

  /** With the share of CFS periods the CPU quota throttled, percent. */
  public ContainerLimit withThrottling(double pct) {
    return new ContainerLimit(memoryBytes, memorySource, cpus, measured, pct);
  }

  /** Whether a memory limit is known. */
  public boolean hasMemoryLimit() {
    return memoryBytes > 0;
  }

  /** Whether a CPU limit is known. */
  public boolean hasCpuLimit() {
    return cpus > 0;
  }

  /**
   * The heap budget of the memory limit: from the measured native memory, else an estimate from
   * {@code metaspacePeakBytes} (the log's); null without a memory limit.
   */
  public ContainerBudget budget(long metaspacePeakBytes) {
    if (!hasMemoryLimit()) {
      return null;
    }
    if (measured != null) {
      // the resident set at the same moment, less the heap and the collector's structures: what the
      // kernel charges beyond what NMT counts
      long rssOther = measured.rssBytes() > 0 && measured.heapBytes() > 0
          ? measured.rssBytes() - measured.heapBytes() - measured.gcBytes() : -1;
      return ContainerBudget.measured(memoryBytes, memorySource, measured.nonHeapBytes() - measured.gcBytes(),
          measured.gcBytes(), measured.heapBytes(), rssOther);
    }
    return ContainerBudget.estimated(memoryBytes, memorySource, metaspacePeakBytes);
  }

  /** The whole cores a CPU limit gives (at least 1), or -1 without one. */
  public int wholeCpus() {
    return hasCpuLimit() ? Math.max(1, (int) Math.ceil(cpus - 1e-9)) : -1;
  }
}
