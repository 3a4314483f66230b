package io.jtune.gc.model;

import io.jtune.common.units.ByteSize;
import java.util.Locale;

/**
 * The heap a container's memory limit allows: the limit less the JVM's non-heap memory less
 * headroom, never more. The kernel counts the whole process against the limit, not the heap: a
 * heap that leaves the rest too little room ends with the OOM killer's SIGKILL, no
 * OutOfMemoryError and no stack trace.
 *
 * <p>Non-heap is measured (Native Memory Tracking's committed total less the heap, the largest a
 * run showed) when jtune ran the service; otherwise it is an estimate, stated as one. The
 * collector's structures grow with the heap (card tables, mark bitmaps, G1's remembered sets), so
 * a measured GC share is scaled to the heap the budget gives.
 *
 * <p>Headroom: {@value #HEADROOM_SHARE_PCT} % of the limit, at least {@value #MIN_HEADROOM_MB} MB.
 * Non-heap is measured at one moment while the memory the kernel charges keeps moving: threads
 * come and go with the load, direct buffers and glibc's malloc arenas grow, the code cache fills
 * as more code gets hot, and the JVM's own code, the C library and native libraries are resident
 * without NMT counting them; a cgroup v1 memory limit also counts the page cache of the files the
 * service writes (its logs) until the kernel reclaims it.
 *
 * @param limitBytes the container's memory limit
 * @param limitSource where the limit comes from, in words
 * @param nonHeapBytes the non-heap memory the budget keeps (with the GC share at the budget's heap)
 * @param nonHeapSource how it is known: measured or estimated, and from what
 * @param measured whether non-heap was measured (NMT) rather than estimated
 * @param headroomBytes the headroom kept
 * @param heapBytes the largest heap the limit allows (rounded down to 16 MB), or -1 when the limit
 *     leaves none
 */
public record ContainerBudget(long limitBytes, String limitSource, long nonHeapBytes, String nonHeapSource,
    boolean measured, long headroomBytes, long heapBytes) {

  /** Headroom, percent of the limit. */
  public static final int HEADROOM_SHARE_PCT = 10;
  /** The least headroom, MB. */
  public static final int MIN_HEADROOM_MB = 32;
  /** The code cache an estimate assumes committed, MB (a service's hot code, well below the 240 MB reserved). */
  public static final int EST_CODE_MB = 32;
  /** Thread stacks and their C heap an estimate assumes, MB (200 threads touch 100-200 KB of stack each). */
  public static final int EST_THREADS_MB = 32;
  /** Symbols, arenas, internal structures, the CDS archive and direct buffers an estimate assumes, MB. */
  public static final int EST_REST_MB = 32;
  /** Metaspace an estimate assumes when the log shows none, MB. */
  public static final int EST_METASPACE_MB = 48;
  /** The collector's structures as a share of the heap an estimate assumes (card tables, bitmaps; G1's remembered sets). */
  public static final double EST_GC_SHARE = 0.05;

  private static final long MB = 1L << 20;

  /**
   * The budget from measured native memory: the non-heap parts except the collector's, and the
   * collector's share of the measured heap (scaled to the budget's heap).
   *
   * @param nonHeapOtherBytes committed non-heap less the collector's structures (the largest measured)
   * @param gcBytes the collector's structures measured
   * @param measuredHeapBytes the heap they were measured at
   */
  public static ContainerBudget measured(long limitBytes, String limitSource, long nonHeapOtherBytes, long gcBytes,
      long measuredHeapBytes) {
    return measured(limitBytes, limitSource, nonHeapOtherBytes, gcBytes, measuredHeapBytes, -1);
  }

  /**
   * As {@link #measured(long, String, long, long, long)}, with the resident set's view of the same
   * moment: {@code rssOtherBytes} is RSS less the committed heap and the collector's structures
   * (-1 when not measured). The kernel charges the limit with what is resident, and RSS holds what
   * Native Memory Tracking does not see (the JVM's own code and the C libraries, malloc's free lists
   * and arenas): when it is the larger, it is the non-heap the budget keeps. A heap committed but
   * not yet touched makes it the smaller, and then NMT's figure stands.
   */
  public static ContainerBudget measured(long limitBytes, String limitSource, long nonHeapOtherBytes, long gcBytes,
      long measuredHeapBytes, long rssOtherBytes) {
    return measured(limitBytes, limitSource, nonHeapOtherBytes, gcBytes, measuredHeapBytes, rssOtherBytes, null);
  }

  /**
   * As {@link #measured(long, String, long, long, long, long)}, with what the resident set outside
   * the heap holds in words ({@code rssParts}, null when it was not split): the budget names each
   * part it keeps.
   */
  public static ContainerBudget measured(long limitBytes, String limitSource, long nonHeapOtherBytes, long gcBytes,
      long measuredHeapBytes, long rssOtherBytes, String rssParts) {
    double gcShare = measuredHeapBytes > 0 ? (double) gcBytes / measuredHeapBytes : EST_GC_SHARE;
    boolean byRss = rssOtherBytes > nonHeapOtherBytes;
    long other = byRss ? rssOtherBytes : nonHeapOtherBytes;
    String how = byRss && rssParts != null
        ? String.format(Locale.US, "measured on the baseline as its resident set less the resident heap: %s besides the"
            + " collector's structures; the resident set outside the heap is %s", ByteSize.human(other), rssParts)
        : byRss
        ? String.format(Locale.US, "measured on the baseline as its resident set less the heap: %s besides the"
            + " collector's structures (Native Memory Tracking counted %s; the rest is what it does not see: the JVM's"
            + " code, C libraries, malloc's free memory)", ByteSize.human(other), ByteSize.human(nonHeapOtherBytes))
        : String.format(Locale.US, "measured by Native Memory Tracking on the baseline: %s besides the collector's"
            + " structures", ByteSize.human(other));
    return solve(limitBytes, limitSource, other, gcShare, true, String.format(Locale.US,
        "%s, which took %s (%.1f %% of its %s heap)", how, ByteSize.human(gcBytes), 100 * gcShare,
        ByteSize.human(measuredHeapBytes)));
  }

  /** The budget from an estimate of non-heap (no NMT measurement): stated part by part. */
  public static ContainerBudget estimated(long limitBytes, String limitSource, long metaspacePeakBytes) {
    long meta = estimatedMetaspaceBytes(metaspacePeakBytes);
    long other = estimatedNonHeapBytes(metaspacePeakBytes);
    return solve(limitBytes, limitSource, other, EST_GC_SHARE, false, String.format(Locale.US,
        "estimated, not measured: metaspace %s (%s), code cache %d MB, threads %d MB, symbols/internal/direct buffers"
        + " %d MB, the collector's structures %.0f %% of the heap; run the service under jtune (tune or experiment)"
        + " to measure it with Native Memory Tracking", ByteSize.human(meta), metaspacePeakBytes > 0
            ? "the log's peak + 25 %" : "none logged: a typical service's", EST_CODE_MB, EST_THREADS_MB, EST_REST_MB,
        100 * EST_GC_SHARE));
  }

  /** Metaspace as the estimate counts it: the log's peak + 25 %, or a typical service's when none was logged. */
  private static long estimatedMetaspaceBytes(long metaspacePeakBytes) {
    return metaspacePeakBytes > 0 ? MemoryModel.roundUp(metaspacePeakBytes * 1.25, 8) : EST_METASPACE_MB * MB;
  }

  /**
   * Non-heap besides the collector's structures when it was not measured: metaspace (the log's
   * peak + 25 %, or a typical service's), code cache, thread stacks and the rest, as
   * {@link #estimated} counts it.
   */
  public static long estimatedNonHeapBytes(long metaspacePeakBytes) {
    return estimatedMetaspaceBytes(metaspacePeakBytes) + (EST_CODE_MB + EST_THREADS_MB + EST_REST_MB) * MB;
  }

  private static ContainerBudget solve(long limit, String limitSource, long other, double gcShare, boolean measured,
      String source) {
    long headroom = headroom(limit);
    // heap + other + gcShare x heap + headroom = limit
    double heap = (limit - other - headroom) / (1 + gcShare);
    long rounded = heap < 16 * MB ? -1 : (long) (heap / (16 * MB)) * 16 * MB;
    long nonHeap = other + Math.round(gcShare * Math.max(0, rounded));
    return new ContainerBudget(limit, limitSource, nonHeap, source, measured, headroom, rounded);
  }

  /** The headroom a limit keeps: {@value #HEADROOM_SHARE_PCT} % of it, at least {@value #MIN_HEADROOM_MB} MB. */
  public static long headroom(long limitBytes) {
    return Math.max(MIN_HEADROOM_MB * MB, limitBytes * HEADROOM_SHARE_PCT / 100);
  }

  /** Whether a heap of {@code heapBytes} fits this budget. */
  public boolean fits(long heapBytes) {
    return heapBytes > 0 && heapBytes <= heapBytes();
  }

  /** "512.0 MB limit - 61.3 MB non-heap (measured ...) - 51.2 MB headroom = heap at most 384.0 MB". */
  public String explain() {
    return String.format(Locale.US, "the %s container limit (%s) less %s non-heap (%s) less %s headroom (%d %% of the"
        + " limit, at least %d MB: threads, buffers, malloc arenas and the code cache grow after a measurement, and"
        + " the JVM's own code and native libraries are resident without NMT counting them) leaves %s",
        ByteSize.human(limitBytes), limitSource, ByteSize.human(nonHeapBytes), nonHeapSource,
        ByteSize.human(headroomBytes), HEADROOM_SHARE_PCT, MIN_HEADROOM_MB,
        heapBytes > 0 ? "a heap of at most " + ByteSize.human(heapBytes) : "no room for a heap");
  }
}
