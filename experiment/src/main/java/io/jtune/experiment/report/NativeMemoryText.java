package io.jtune.experiment.report;

import io.jtune.common.units.ByteSize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.NmtProbe;
import io.jtune.diagnostics.nmt.ResidentBreakdown;
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
      + " trimming it at the window's end), which NMT no longer counts. Like with like: with NMT at the detail level"
      + " each category counts in resident terms (the resident pages of the ranges it mapped, from /proc/PID/pagemap;"
      + " malloc'd memory as NMT reports it), beside the parts NMT cannot see, named, against the RSS.";

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
    s = m.resident() == null ? s : s + "; " + resident(m);
    return m.residentBreakdown() == null ? s : s + "; " + breakdown(m.residentBreakdown());
  }

  /**
   * "like with like: NMT resident 150.2 MB (of 210.4 MB committed) + file-backed outside NMT 24.3 MB
   * + malloc's free memory 15.1 MB = 189.6 MB, -3.1 % of RSS".
   */
  public static String breakdown(ResidentBreakdown b) {
    return String.format(Locale.US, "like with like: NMT resident %s (of %s committed; %s) + file-backed outside NMT %s"
        + (b.mallocFreeBytes() >= 0 ? " + malloc's free memory " + ByteSize.human(b.mallocFreeBytes()) : "")
        + " = %s, %s of RSS", ByteSize.human(b.nmtResidentBytes()), ByteSize.human(b.nmtCommittedBytes()),
        largest(b), ByteSize.human(b.fileOutsideNmtBytes()), ByteSize.human(b.nmtResidentBytes() + b.extrasBytes()),
        b.explainedVsRssPct() == null ? "-" : String.format(Locale.US, "%+.1f %%", b.explainedVsRssPct()));
  }

  /** The mapped categories whose resident part differs most from their committed part. */
  private static String largest(ResidentBreakdown b) {
    return b.parts().stream().filter(p -> p.mappedCommittedBytes() > 0)
        .sorted((x, y) -> Long.compare(y.committedBytes() - y.residentBytes(), x.committedBytes() - x.residentBytes()))
        .limit(3).map(p -> p.category() + " " + ByteSize.human(p.residentBytes()) + " of " + ByteSize.human(
            p.committedBytes())).collect(java.util.stream.Collectors.joining(", "));
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
