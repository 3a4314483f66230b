package io.jtune.gc.event;

/**
 * Memory areas across one collection. Any component may be null when the log does not report
 * it. {@code young} is eden plus survivors; {@code survivor} is reported separately where the log
 * has it (G1 "Survivors: 1M->2M", Serial/Parallel tenuring output).
 */
public record HeapChange(
    MemoryUsage young, MemoryUsage survivor, MemoryUsage old, MemoryUsage heap, MemoryUsage metaspace) {

  /** Only the whole heap is known (e.g. `-Xlog:gc` or `-verbose:gc` lines). */
  public static HeapChange heapOnly(MemoryUsage heap) {
    return new HeapChange(null, null, null, heap, null);
  }
}
