package io.jtune.experiment.report;

import io.jtune.common.units.ByteSize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.NmtProbe;
import java.util.Locale;

/** The native memory a run's JVM had at the end of its measured window, in words. */
public final class NativeMemoryText {
  /** What the figures are and what they cost, once per report. */
  public static final String ABOUT = "Native memory at the end of each measured window (Native Memory Tracking, "
      + NmtProbe.FLAG + ", on the baseline's runs only: committed bytes, beside the kernel's RSS). Non-heap is what a"
      + " container's memory limit must hold besides -Xmx; a committed heap not yet touched counts in NMT and not in"
      + " RSS, the JVM's own code and native libraries in RSS and not in NMT.";

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
    return s;
  }
}
