package io.jtune.diagnostics.nmt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The virtual memory map of a real NMT detail report (JDK 17, G1, 256 MB heap, idle). */
class NmtRegionsTest {
  private static final long KB = 1024;

  private static long mapped(NmtRegions r, String category) {
    return r.regions().stream().filter(g -> g.category().equals(category)).mapToLong(NmtRegions.Region::bytes).sum();
  }

  @Test
  void committedRangesByCategoryAddUpToTheSummarysMappedParts() throws Exception {
    List<String> lines = Files.readAllLines(Path.of("../testdata/nmt/idle-g1-256m-detail-jdk17.txt"));
    NmtRegions r = NmtRegions.parse(lines);
    // the summary's "mmap: committed=" of each category, and the Thread category's "stack: committed="
    assertThat(mapped(r, "Java Heap")).isEqualTo(262144 * KB);
    assertThat(mapped(r, "GC")).isEqualTo(42532 * KB);
    assertThat(mapped(r, "Code")).isEqualTo(7548 * KB);
    assertThat(mapped(r, "Class")).isEqualTo(128 * KB);
    assertThat(mapped(r, "Metaspace")).isEqualTo(192 * KB);
    assertThat(mapped(r, "Shared class space")).isEqualTo(12060 * KB);
    assertThat(mapped(r, "Thread Stack")).isEqualTo(840 * KB);
    // the malloc sites after the map are not ranges; the summary before it parses as a summary
    assertThat(r.regions()).allMatch(g -> g.to() > g.from());
    NmtSummary s = NmtSummary.parse(NmtRegions.summaryPart(lines));
    assertThat(s.committed("GC")).isEqualTo(47412 * KB);
    assertThat(s.stackCommittedBytes()).isEqualTo(840 * KB);
  }

  @Test
  void aSummaryReportHasNoMap() throws Exception {
    assertThat(NmtRegions.parse(Files.readAllLines(Path.of("../testdata/nmt/lab-api-idle-g1-jdk17.txt")))).isNull();
  }
}
