package io.jtune.diagnostics.nmt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Real outputs of {@code jcmd PID VM.native_memory summary} from JDK 17 and JDK 25 (testdata/nmt). */
class NmtSummaryTest {
  private static final Path DIR = Path.of("../testdata/nmt");
  private static final long KB = 1024;

  private static NmtSummary read(String name) throws IOException {
    return NmtSummary.parse(Files.readAllLines(DIR.resolve(name)));
  }

  @Test
  void jdk17() throws IOException {
    NmtSummary s = read("lab-api-idle-g1-jdk17.txt");
    assertThat(s.reservedBytes()).isEqualTo(1738405 * KB);
    assertThat(s.committedBytes()).isEqualTo(361297 * KB);
    assertThat(s.committed("Java Heap")).isEqualTo(262144 * KB);
    assertThat(s.threads()).isEqualTo(35);
    assertThat(s.stackCommittedBytes()).isEqualTo(2452 * KB);
    assertThat(s.metadataUsedBytes()).isEqualTo(12336 * KB);
    assertThat(s.classSpaceUsedBytes()).isEqualTo(1460 * KB);
    assertThat(s.classSpaceCommittedBytes()).isEqualTo(1600 * KB);
    // every category printed, in order; their committed sizes add up to the total within rounding
    assertThat(s.categories().keySet()).startsWith("Java Heap", "Class", "Thread", "Code", "GC", "Compiler");
    long sum = s.categories().values().stream().mapToLong(NmtSummary.Category::committedBytes).sum();
    assertThat(Math.abs(sum - s.committedBytes())).isLessThan(s.categories().size() * KB);
  }

  @Test
  void jdk25() throws IOException {
    NmtSummary s = read("lab-api-idle-g1-jdk25.txt");
    assertThat(s.committedBytes()).isEqualTo(363060 * KB);
    assertThat(s.threads()).isEqualTo(34); // "threads #34" from JDK 21 on
    assertThat(s.stackCommittedBytes()).isEqualTo(2516 * KB);
    assertThat(s.committed("GCCardSet")).isEqualTo(KB);
    assertThat(s.metadataUsedBytes()).isEqualTo(12707 * KB);
    assertThat(s.classSpaceUsedBytes()).isEqualTo(1467 * KB);
  }

  @Test
  void breakdownOfJdk25() throws IOException {
    NativeMemory m = NativeMemory.of(read("lab-api-idle-g1-jdk25.txt"), 114848 * KB, 114848 * KB);
    assertThat(m.heapBytes()).isEqualTo(262144 * KB);
    assertThat(m.metaspaceBytes()).isEqualTo((12909 + 1802) * KB);
    assertThat(m.gcBytes()).isEqualTo((42298 + 1) * KB);
    assertThat(m.threadBytes()).isEqualTo(2634 * KB);
    assertThat(m.otherBytes()).isEqualTo(58 * KB);
    assertThat(m.nmtBytes()).isEqualTo(927 * KB);
    // the parts and the rest are the committed total
    long parts = m.heapBytes() + m.metaspaceBytes() + m.codeCacheBytes() + m.threadBytes() + m.gcBytes()
        + m.compilerBytes() + m.internalBytes() + m.otherBytes() + m.restBytes();
    assertThat(parts).isEqualTo(m.totalCommittedBytes());
    assertThat(m.nonHeapBytes()).isEqualTo((363060 - 262144) * KB);
    // an idle JVM has committed a heap it has not touched: NMT counts it, RSS does not
    assertThat(m.committedVsRssPct()).isGreaterThan(100);
    assertThat(m.lines()).anySatisfy(l -> assertThat(l).startsWith("threads").contains("34 threads"));
  }

  @Test
  void scaleInMegabytes() {
    NmtSummary s = NmtSummary.parse(List.of("Total: reserved=1697MB, committed=352MB",
        "-                 Java Heap (reserved=256MB, committed=256MB)"));
    assertThat(s.committedBytes()).isEqualTo(352L << 20);
    assertThat(s.committed("Java Heap")).isEqualTo(256L << 20);
    assertThat(s.threads()).isEqualTo(-1);
  }

  @Test
  void nmtOffIsOneLine() {
    assertThatThrownBy(() -> NmtSummary.parse(List.of("12345:", "Native memory tracking is not enabled")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-XX:NativeMemoryTracking=summary");
    assertThatThrownBy(() -> NmtSummary.parse(List.of("hello")))
        .hasMessageContaining("not the output of");
  }
}
