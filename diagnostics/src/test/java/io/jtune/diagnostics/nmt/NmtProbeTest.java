package io.jtune.diagnostics.nmt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real child JVM with a pre-touched heap: NMT's committed total is close to its RSS. */
class NmtProbeTest {
  /** A child JVM that says it is ready and waits. */
  public static final class Idle {
    public static void main(String[] args) throws Exception {
      System.out.println("ready");
      System.out.flush();
      Thread.sleep(60_000);
    }
  }

  private static Process start(List<String> flags) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(flags);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Idle.class.getName()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    assertThat(r.readLine()).isEqualTo("ready");
    return p;
  }

  @Test
  @Timeout(60)
  void committedTotalBesideRss(@TempDir Path dir) throws Exception {
    Process p = start(List.of(NmtProbe.FLAG, "-Xms128m", "-Xmx128m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC"));
    try {
      NativeMemory m = NmtProbe.take(p.pid(), dir.resolve("nmt.txt"));
      assertThat(Files.readString(dir.resolve("nmt.txt"))).contains("Native Memory Tracking:");
      assertThat(m.heapBytes()).isEqualTo(128L << 20);
      assertThat(m.threads()).isGreaterThan(5);
      assertThat(m.metaspaceBytes()).isPositive();
      assertThat(m.rssBytes()).isPositive();
      // a touched heap is resident: the committed total and RSS agree within a quarter (libjvm.so's
      // own pages count in RSS only, a committed but untouched code cache in NMT only)
      assertThat(Math.abs(m.committedVsRssPct())).isLessThan(25);
      // the kernel's split adds up to the resident set; the JVM's code is file-backed
      ResidentSet r = m.resident();
      assertThat(r.anonBytes() + r.fileBytes() + r.shmemBytes()).isEqualTo(r.rssBytes());
      assertThat(r.fileBytes()).isPositive();
      // the pre-touched heap is resident page for page, found by its range in GC.heap_info and smaps
      assertThat(r.heapResidentBytes()).isBetween(124L << 20, 128L << 20);
      assertThat(r.anonOutsideHeapBytes()).isEqualTo(r.anonBytes() - r.heapResidentBytes());
      // this JDK (17.0.9 and later, glibc) trims the C heap: glibc's free memory is measured
      assertThat(r.mallocFreeBytes()).isNotNegative();
      assertThat(m.nonHeapVsAnonPct()).isFinite();
      assertThat(m.unaccountedBytes()).isEqualTo(r.anonOutsideHeapBytes() - m.nonHeapBytes() - r.mallocFreeBytes());
      assertThat(Files.readString(dir.resolve("resident-memory.txt"))).contains("GC.heap_info", "def new generation",
          "System.trim_native_heap");
      assertThat(m.lines()).anyMatch(l -> l.contains("file-backed")).anyMatch(l -> l.contains("heap resident"));
    } finally {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  @Timeout(60)
  void residentBreakdownMatchesTheResidentSet(@TempDir Path dir) throws Exception {
    // G1 commits its 256 MB heap and its structures at start and touches little of them while idle
    Process p = start(List.of("-XX:NativeMemoryTracking=detail", "-Xms256m", "-Xmx256m", "-XX:+UseG1GC"));
    try {
      NativeMemory m = NmtProbe.take(p.pid(), dir.resolve("nmt.txt"));
      ResidentBreakdown b = m.residentBreakdown();
      assertThat(b).isNotNull();
      // committed is far from resident here: comparing them would be off by more than half
      assertThat(m.committedVsRssPct()).isGreaterThan(50);
      ResidentBreakdown.Part heap = b.part("Java Heap");
      assertThat(heap.mappedCommittedBytes()).isEqualTo(256L << 20);
      // the heap's resident pages from the page map agree with smaps over its range (read apart)
      assertThat(Math.abs(heap.residentBytes() - m.resident().heapResidentBytes())).isLessThan(2L << 20);
      assertThat(heap.residentBytes()).isLessThan(128L << 20);
      ResidentBreakdown.Part gc = b.part("GC");
      assertThat(gc.mappedResidentBytes()).isLessThan(gc.mappedCommittedBytes());
      ResidentBreakdown.Part threads = b.part("Thread");
      assertThat(threads.mappedResidentBytes()).isPositive().isLessThanOrEqualTo(threads.mappedCommittedBytes());
      // the CDS archive's pages read from its file are not counted twice
      assertThat(b.fileOutsideNmtBytes()).isPositive().isLessThan(m.resident().fileBytes());
      assertThat(b.nmtResidentBytes() + b.extrasBytes() + b.unexplainedBytes()).isEqualTo(b.rssBytes());
      // like with like: NMT resident and the named parts explain the resident set within 10 %
      assertThat(Math.abs(b.explainedVsRssPct())).isLessThan(10);
      assertThat(m.lines()).anyMatch(l -> l.contains("NMT total")).anyMatch(l -> l.contains("file-backed outside NMT"));
      assertThat(Files.readString(dir.resolve("nmt.txt"))).contains("Virtual memory map:");
    } finally {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  @Timeout(60)
  void withoutNmtOneLine() throws Exception {
    Process p = start(List.of("-Xmx64m", "-XX:+UseSerialGC"));
    try {
      assertThatThrownBy(() -> NmtProbe.take(p.pid(), null)).isInstanceOf(JtuneException.class)
          .hasMessageContaining("Native Memory Tracking");
    } finally {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
