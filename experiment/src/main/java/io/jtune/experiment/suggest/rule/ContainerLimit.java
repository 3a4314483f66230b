package io.jtune.experiment.suggest.rule;

import io.jtune.common.units.ByteSize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.ResidentBreakdown;
import io.jtune.diagnostics.nmt.ResidentSet;
import java.util.ArrayList;
import java.util.List;
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
      // the resident set at the same moment, less the heap's resident part (its committed size when
      // not known) and the collector's structures: what the kernel charges beyond what NMT counts
      // (their committed sizes when not known: the budget holds them in full, as a full heap touches them)
      ResidentSet r = measured.resident();
      ResidentBreakdown b = measured.residentBreakdown();
      long heap = b != null && b.part("Java Heap") != null ? b.part("Java Heap").residentBytes()
          : r != null && r.heapResidentBytes() >= 0 ? r.heapResidentBytes() : measured.heapBytes();
      long gc = b != null ? resident(b, "GC") + resident(b, "GCCardSet") : measured.gcBytes();
      long rssOther = measured.rssBytes() > 0 && measured.heapBytes() > 0
          ? measured.rssBytes() - heap - gc : -1;
      return ContainerBudget.measured(memoryBytes, memorySource, measured.nonHeapBytes() - measured.gcBytes(),
          measured.gcBytes(), measured.heapBytes(), rssOther, residentParts(measured));
    }
    return ContainerBudget.estimated(memoryBytes, memorySource, metaspacePeakBytes);
  }

  private static long resident(ResidentBreakdown b, String category) {
    ResidentBreakdown.Part p = b.part(category);
    return p == null ? 0 : p.residentBytes();
  }

  /**
   * What the resident set outside the heap holds, part by part, in words, or null when it was not
   * split: NMT's non-heap, glibc malloc's free memory, the file-backed pages, and what none of them
   * accounts for.
   */
  static String residentParts(NativeMemory m) {
    ResidentSet r = m.resident();
    if (r == null || r.heapResidentBytes() < 0) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    parts.add("Native Memory Tracking's non-heap " + ByteSize.human(m.nonHeapBytes()));
    if (r.mallocFreeBytes() >= 0) {
      parts.add("memory glibc's malloc held free after the JVM released it " + ByteSize.human(r.mallocFreeBytes())
          + " (it gave it back when trimmed)");
    }
    parts.add("file-backed pages " + ByteSize.human(r.fileBytes()) + " (the JVM's code, the modules image, C libraries:"
        + " charged as page cache, which the kernel can reclaim under pressure; counted to be safe)");
    if (r.shmemBytes() > 0) {
      parts.add("shared memory " + ByteSize.human(r.shmemBytes()));
    }
    long rest = m.unaccountedBytes();
    if (rest != Long.MIN_VALUE) {
      parts.add(rest >= 0 ? ByteSize.human(rest) + " none of these accounts for (native libraries' own malloc,"
          + " malloc's per-chunk overhead)" : "less " + ByteSize.human(-rest) + " NMT counts committed but not touched");
    }
    return String.join(", ", parts);
  }

  /** The whole cores a CPU limit gives (at least 1), or -1 without one. */
  public int wholeCpus() {
    return hasCpuLimit() ? Math.max(1, (int) Math.ceil(cpus - 1e-9)) : -1;
  }
}
