package io.jtune.experiment.report;

import io.jtune.common.units.ByteSize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.NmtProbe;
import io.jtune.diagnostics.nmt.ResidentSet;
import java.util.Locale;

/** The native memory a run's JVM had at the end of its measured window, in words. */
public final class NativeMemoryText {
  /** What the figures are and what they cost, once per report. */
  public static final String ABOUT = "Native memory at the end of each measured window (Native Memory Tracking, "
      + NmtProbe.FLAG + ", on the baseline's runs only: committed bytes, beside the kernel's RSS). Non-heap is what a"
      + " container's memory limit must hold besides -Xmx; a committed heap not yet touched counts in NMT and not in"
      + " RSS, the JVM's own code and native libraries in RSS (file-backed) and not in NMT. The anonymous memory outside"
      + " the heap is what NMT's non-heap should explain; glibc's malloc keeps memory the JVM freed (measured by"
      + " trimming it at the window's end), which NMT no longer counts.";

  private NativeMemoryText() {}

  /** "heap 256.0 MB, non-heap 95.1 MB (metaspace 14.7 MB, code 9.2 MB, 34 threads 2.6 MB, ...)". */
  public static String summary(NativeMemory m) {
    String s = String.format(Locale.US, "heap %s, non-heap %s (metaspace and class space %s, code cache %s, %s %s, GC %s,"
        + " compiler %s, internal %s, other/direct %s, rest %s); committed %s",
        ByteSize.human(m.heapBytes()), ByteSize.human(m.nonHeapBytes()), ByteSize.human(m.metaspaceBytes()),
        ByteSize.human(m.codeCacheBytes()), m.threads() >= 0 ? m.threads() + " threads" : "threads",
        ByteSize.human(m.threadBytes()), ByteSize.human(m.gcBytes()), ByteSize.human(m.compilerBytes()),
        ByteSize.human(m.internalBytes()), ByteSize.human(m.otherBytes()), ByteSize.human(m.restBytes()),
        ByteSize.human(m.totalCommittedBytes()));
    if (m.rssBytes() > 0) {
      s += String.format(Locale.US, ", RSS %s (committed %+.1f %% of RSS)", ByteSize.human(m.rssBytes()),
          m.committedVsRssPct());
    }
    return m.resident() == null ? s : s + "; " + resident(m);
  }

  /**
   * "RSS is anonymous 133.3 MB + file-backed 24.3 MB; outside the heap (36.6 MB of it resident)
   * 96.7 MB anonymous: NMT's non-heap -21.3 % of it, with malloc's free memory 17.8 MB -2.9 %".
   */
  public static String resident(NativeMemory m) {
    ResidentSet r = m.resident();
    String s = String.format(Locale.US, "RSS is anonymous %s + file-backed %s (not in NMT: the JVM's code, the modules"
        + " image, libraries)", ByteSize.human(r.anonBytes()), ByteSize.human(r.fileBytes()));
    if (r.shmemBytes() > 0) {
      s += " + shared " + ByteSize.human(r.shmemBytes());
    }
    if (r.heapResidentBytes() < 0) {
      return s;
    }
    s += String.format(Locale.US, "; outside the heap (%s of it resident) %s anonymous: NMT's non-heap %+.1f %% of it",
        ByteSize.human(r.heapResidentBytes()), ByteSize.human(r.anonOutsideHeapBytes()), m.nonHeapVsAnonPct());
    if (r.mallocFreeBytes() >= 0) {
      s += String.format(Locale.US, ", with glibc malloc's free memory %s %+.1f %%", ByteSize.human(r.mallocFreeBytes()),
          m.accountedVsAnonPct());
    }
    return s;
  }
}
