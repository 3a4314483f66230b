package io.jtune.diagnostics.nmt;

import io.jtune.common.JtuneException;
import io.jtune.runtime.process.Jcmd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes a running JVM's native memory: {@code jcmd PID VM.native_memory detail} (the JVM started
 * with {@code -XX:NativeMemoryTracking=detail}; at the summary level, {@code VM.native_memory summary})
 * and, right after, the resident pages of each category's committed ranges (/proc/PID/pagemap, see
 * {@link ResidentBreakdown}), its resident set from /proc split as the kernel counts it (anonymous,
 * file-backed, shared), the heap's resident part (the heap's range from {@code jcmd PID
 * GC.heap_info}, its pages from /proc/PID/smaps), and the free memory glibc's malloc held:
 * {@code jcmd PID System.trim_native_heap} asks glibc to give its free pages back (malloc_trim),
 * and the anonymous memory that left is that free memory. The trim changes nothing the service
 * computes and only lowers its resident set; it is taken last, at the end of the measured window.
 *
 * <p>Why the detail level: NMT counts memory committed and the kernel pages touched, and only the
 * detail level says where each category's memory lies (its virtual memory map), so only with it can
 * each category be counted in resident terms. What it costs beside the summary level: each malloc
 * the JVM makes records its call site (a short native stack walk) and the JVM keeps a table of
 * sites; both levels put a 16-byte header on each malloc. A service in steady state mallocs little
 * (the JIT's arenas reuse their chunks); jtune's measurement of both levels on the lab is in
 * experiment/README.md ("Native memory").
 */
public final class NmtProbe {
  /** The JVM option that turns NMT on at the detail level. */
  public static final String FLAG = "-XX:NativeMemoryTracking=detail";

  private static final Duration TIMEOUT = Duration.ofSeconds(20);

  private NmtProbe() {}

  /**
   * The native memory of JVM {@code pid}; the raw outputs saved to {@code saveTo} (the NMT summary)
   * and beside it ({@code resident-memory.txt}: the heap's range and the trim) when not null.
   * Throws {@link JtuneException} with one line when jcmd fails or NMT is off.
   */
  public static NativeMemory take(long pid, Path saveTo) {
    List<String> evidence = new ArrayList<>();
    HeapRange range = heapRange(pid, evidence);
    List<String> lines = List.of();
    try {
      lines = Jcmd.runWhole(pid, "VM.native_memory detail", TIMEOUT);
    } catch (JtuneException e) {
      // NMT at the summary level may refuse the detail report: the summary below says why if it is off
    }
    NmtRegions regions = NmtRegions.parse(lines);
    if (regions == null) {
      // NMT at the summary level: no address ranges to read
      lines = Jcmd.runWhole(pid, "VM.native_memory summary", TIMEOUT);
    }
    long peak = ProcMemory.peakRssBytes(pid);
    NmtSummary summary;
    try {
      summary = NmtSummary.parse(NmtRegions.summaryPart(lines));
    } catch (IllegalArgumentException e) {
      throw new JtuneException("native memory of JVM " + pid + ": " + e.getMessage());
    }
    ResidentBreakdown.Mapped mapped = null;
    if (regions != null) {
      try {
        mapped = ResidentBreakdown.read(pid, summary, regions);
      } catch (IOException e) {
        evidence.add("# /proc/" + pid + "/pagemap: " + e.getMessage());
      }
    }
    ResidentSet resident = resident(pid, range, evidence);
    if (saveTo != null) {
      try {
        Files.write(saveTo, lines, StandardCharsets.UTF_8);
        Files.write(saveTo.resolveSibling("resident-memory.txt"), evidence, StandardCharsets.UTF_8);
      } catch (IOException e) {
        // the raw text is evidence; the breakdown below is the result
      }
    }
    return NativeMemory.of(summary, resident, peak, mapped == null ? null : mapped.with(resident));
  }

  private static HeapRange heapRange(long pid, List<String> evidence) {
    try {
      List<String> info = Jcmd.run(pid, "GC.heap_info", TIMEOUT);
      evidence.add("# jcmd " + pid + " GC.heap_info");
      evidence.addAll(info);
      return HeapRange.parse(info);
    } catch (JtuneException e) {
      evidence.add("# GC.heap_info: " + e.getMessage());
      return null;
    }
  }

  /** The resident set split, the heap's part, then glibc's free memory (trimmed); each -1 when not known. */
  static ResidentSet resident(long pid, HeapRange range, List<String> evidence) {
    ResidentSet r = range == null ? ProcMemory.resident(pid, -1, -1)
        : ProcMemory.resident(pid, range.fromAddress(), range.toAddress());
    evidence.add(String.format("# /proc/%d: VmRSS %d, RssAnon %d, RssFile %d, RssShmem %d, heap resident %d bytes",
        pid, r.rssBytes(), r.anonBytes(), r.fileBytes(), r.shmemBytes(), r.heapResidentBytes()));
    if (r.anonBytes() < 0) {
      return r;
    }
    try {
      List<String> trim = Jcmd.run(pid, "System.trim_native_heap", TIMEOUT);
      evidence.add("# jcmd " + pid + " System.trim_native_heap");
      evidence.addAll(trim);
      long after = ProcMemory.anonBytes(pid);
      boolean trimmed = trim.stream().anyMatch(l -> l.contains("Trim native heap:") && !l.contains("not"));
      if (trimmed && after >= 0) {
        evidence.add(String.format("# /proc/%d after the trim: RssAnon %d bytes", pid, after));
        // the service runs on meanwhile: what it allocated in between is not glibc's free memory
        return r.withMallocFree(Math.max(0, r.anonBytes() - after));
      }
    } catch (JtuneException e) {
      evidence.add("# System.trim_native_heap: " + e.getMessage());
    }
    return r;
  }
}
