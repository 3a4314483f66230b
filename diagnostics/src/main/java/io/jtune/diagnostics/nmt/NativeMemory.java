package io.jtune.diagnostics.nmt;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A JVM's memory as Native Memory Tracking saw it at one moment, in the parts a container's memory
 * limit must hold, beside the resident set the kernel counted at the same moment. Bytes
 * committed; -1 when not known. The heap is what {@code -Xmx} bounds; everything else ({@link
 * #nonHeapBytes()}) is the budget a container limit must leave besides it.
 *
 * <p>NMT counts memory the JVM committed, the kernel's RSS the pages touched: a heap committed but
 * not yet touched (no -Xms = -Xmx with -XX:+AlwaysPreTouch, a young generation not filled yet)
 * counts in NMT and not in RSS; the JVM's own code (libjvm.so), the C library and native code
 * outside the JVM (JNI libraries' malloc) count in RSS and not in NMT.
 *
 * @param totalReservedBytes address space reserved
 * @param totalCommittedBytes memory committed, every category
 * @param heapBytes the Java heap
 * @param metaspaceBytes metaspace and class space ("Metaspace" and "Class" categories)
 * @param classSpaceBytes the compressed class space alone, or -1
 * @param metaspaceUsedBytes metaspace in use (metadata plus class space), or -1
 * @param codeCacheBytes the code cache and the JIT's code structures ("Code")
 * @param threadBytes threads: stacks and their C heap ("Thread"; "Thread Stack" too on JDK 8-10)
 * @param threadStackBytes thread stacks alone, or -1
 * @param threads the thread count, or -1
 * @param gcBytes the collector's structures ("GC", and "GCCardSet" on JDK 18+: remembered sets,
 *     card tables, mark bitmaps)
 * @param compilerBytes the JIT compilers' memory ("Compiler")
 * @param internalBytes the JVM's internal structures ("Internal")
 * @param otherBytes "Other": direct ByteBuffers and Unsafe.allocateMemory
 * @param restBytes every other category (symbols, arenas, the CDS archive, NMT's own, modules...)
 * @param nmtBytes NMT's own bookkeeping (part of the rest)
 * @param rssBytes the resident set (/proc VmRSS) at the same moment, or -1
 * @param peakRssBytes the peak resident set so far (/proc VmHWM), or -1
 * @param resident the resident set split as the kernel counts it, the heap's resident part and
 *     glibc's free memory, or null (read before jtune split it)
 * @param residentBreakdown NMT's categories in resident terms beside the RSS, or null (NMT at the
 *     summary level: no address ranges)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NativeMemory(long totalReservedBytes, long totalCommittedBytes, long heapBytes, long metaspaceBytes,
    long classSpaceBytes, long metaspaceUsedBytes, long codeCacheBytes, long threadBytes, long threadStackBytes,
    int threads, long gcBytes, long compilerBytes, long internalBytes, long otherBytes, long restBytes, long nmtBytes,
    long rssBytes, long peakRssBytes, ResidentSet resident, ResidentBreakdown residentBreakdown) {

  /** The breakdown of an NMT summary, beside the resident set (VmRSS only) read at the same moment. */
  public static NativeMemory of(NmtSummary s, long rssBytes, long peakRssBytes) {
    return of(s, new ResidentSet(rssBytes, -1, -1, -1, -1, -1), peakRssBytes, null);
  }

  /** The breakdown of an NMT summary, beside the resident set read right after it. */
  public static NativeMemory of(NmtSummary s, ResidentSet r, long peakRssBytes) {
    return of(s, r, peakRssBytes, null);
  }

  /** The breakdown of an NMT summary, beside the resident set read right after it and the resident breakdown or null. */
  public static NativeMemory of(NmtSummary s, ResidentSet r, long peakRssBytes, ResidentBreakdown breakdown) {
    long heap = s.committed("Java Heap");
    long meta = s.committed("Metaspace") + s.committed("Class");
    long code = s.committed("Code");
    long thread = s.committed("Thread") + s.committed("Thread Stack");
    long gc = s.committed("GC") + s.committed("GCCardSet");
    long compiler = s.committed("Compiler");
    long internal = s.committed("Internal");
    long other = s.committed("Other");
    long rest = s.committedBytes() - heap - meta - code - thread - gc - compiler - internal - other;
    long used = s.metadataUsedBytes() >= 0 && s.classSpaceUsedBytes() >= 0
        ? s.metadataUsedBytes() + s.classSpaceUsedBytes() : s.metadataUsedBytes();
    return new NativeMemory(s.reservedBytes(), s.committedBytes(), heap, meta, s.classSpaceCommittedBytes(), used, code,
        thread, s.stackCommittedBytes(), s.threads(), gc, compiler, internal, other, Math.max(0, rest),
        s.committed("Native Memory Tracking"), r.rssBytes(), peakRssBytes, r.anonBytes() >= 0 ? r : null, breakdown);
  }

  /** Everything committed besides the heap: the non-heap budget a container limit must hold. */
  public long nonHeapBytes() {
    return totalCommittedBytes - heapBytes;
  }

  /** NMT's committed total against the resident set, percent of the RSS (+: NMT counts more), or NaN. */
  public double committedVsRssPct() {
    return rssBytes > 0 ? 100.0 * (totalCommittedBytes - rssBytes) / rssBytes : Double.NaN;
  }

  /**
   * NMT's non-heap against the anonymous memory outside the heap (the part of the resident set NMT
   * should explain), percent of the latter (-: NMT counts less), or NaN when not known.
   */
  public double nonHeapVsAnonPct() {
    long anon = resident == null ? -1 : resident.anonOutsideHeapBytes();
    return anon > 0 ? 100.0 * (nonHeapBytes() - anon) / anon : Double.NaN;
  }

  /**
   * NMT's non-heap plus glibc's free memory against the anonymous memory outside the heap, percent
   * of the latter, or NaN when either is not known.
   */
  public double accountedVsAnonPct() {
    long anon = resident == null ? -1 : resident.anonOutsideHeapBytes();
    return anon > 0 && resident.mallocFreeBytes() >= 0
        ? 100.0 * (nonHeapBytes() + resident.mallocFreeBytes() - anon) / anon : Double.NaN;
  }

  /**
   * Anonymous memory outside the heap that neither NMT nor glibc's free memory accounts for (C
   * libraries' and JNI code's own malloc, malloc's per-chunk overhead); negative when NMT counts committed pages not yet
   * touched; {@link Long#MIN_VALUE} when not known.
   */
  public long unaccountedBytes() {
    long anon = resident == null ? -1 : resident.anonOutsideHeapBytes();
    return anon >= 0 ? anon - nonHeapBytes() - Math.max(0, resident.mallocFreeBytes()) : Long.MIN_VALUE;
  }

  /** The breakdown as aligned text lines, largest parts first after the heap. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(row("heap", heapBytes, ""));
    out.add(row("metaspace + class space", metaspaceBytes, metaspaceUsedBytes >= 0
        ? "used " + ByteSize.human(metaspaceUsedBytes) + (classSpaceBytes >= 0 ? ", class space "
            + ByteSize.human(classSpaceBytes) + " committed" : "") : ""));
    out.add(row("code cache", codeCacheBytes, ""));
    out.add(row("threads", threadBytes, (threads >= 0 ? threads + " threads" : "")
        + (threadStackBytes >= 0 ? ", stacks " + ByteSize.human(threadStackBytes) : "")));
    out.add(row("GC structures", gcBytes, ""));
    out.add(row("compiler", compilerBytes, ""));
    out.add(row("internal", internalBytes, ""));
    out.add(row("other (direct buffers)", otherBytes, ""));
    out.add(row("the rest", restBytes, "symbols, arenas, CDS archive, NMT's own " + ByteSize.human(nmtBytes)));
    out.add(row("committed total", totalCommittedBytes, "non-heap " + ByteSize.human(nonHeapBytes())));
    if (rssBytes > 0) {
      out.add(row("RSS (/proc)", rssBytes, String.format(Locale.US, "committed total %+.1f %% of it%s",
          committedVsRssPct(), peakRssBytes > 0 ? ", peak RSS " + ByteSize.human(peakRssBytes) : "")));
    }
    if (resident != null) {
      out.addAll(residentLines());
    }
    if (residentBreakdown != null) {
      out.addAll(residentBreakdown.lines());
    }
    return out;
  }

  /** The resident set's split beside NMT: anonymous (what NMT should explain) and file-backed (what it never sees). */
  public List<String> residentLines() {
    List<String> out = new ArrayList<>();
    ResidentSet r = resident;
    out.add(row("  anonymous", r.anonBytes(), "what the JVM and the C libraries wrote: NMT should explain this"));
    if (r.heapResidentBytes() >= 0) {
      out.add(row("    heap resident", r.heapResidentBytes(), "of " + ByteSize.human(heapBytes) + " committed"));
      long outside = r.anonOutsideHeapBytes();
      out.add(row("    outside the heap", outside, String.format(Locale.US, "NMT's non-heap %s is %+.1f %% of it",
          ByteSize.human(nonHeapBytes()), nonHeapVsAnonPct())));
      if (r.mallocFreeBytes() >= 0) {
        out.add(row("      malloc's free memory", r.mallocFreeBytes(), "glibc held it free; it gave it back when"
            + " trimmed (System.trim_native_heap)"));
        out.add(row("      not accounted", unaccountedBytes(), String.format(Locale.US, "NMT's non-heap and malloc's"
            + " free memory are %+.1f %% of the anonymous memory outside the heap", accountedVsAnonPct())));
      }
    }
    out.add(row("  file-backed", r.fileBytes(), "the JVM's code (libjvm.so), the modules image, C libraries: never in"
        + " NMT; charged to a container as page cache, which the kernel can reclaim"));
    if (r.shmemBytes() > 0) {
      out.add(row("  shared memory", r.shmemBytes(), "ZGC's heap, /dev/shm"));
    }
    return out;
  }

  private static String row(String name, long bytes, String note) {
    String s = String.format(Locale.US, "%-24s %10s", name, ByteSize.human(bytes));
    return note.isEmpty() ? s : s + "   " + note;
  }
}
