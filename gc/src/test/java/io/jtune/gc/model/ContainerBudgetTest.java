package io.jtune.gc.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContainerBudgetTest {
  private static final long MB = 1L << 20;

  @Test
  void heapIsTheLimitLessNonHeapLessHeadroom() {
    // 60 MB besides the collector, which took 2 % of a 128 MB heap
    ContainerBudget b = ContainerBudget.measured(512 * MB, "--memory-limit", 60 * MB, (long) (0.02 * 128 * MB), 128 * MB);
    assertThat(b.headroomBytes()).isEqualTo((long) (51.2 * MB));
    // (512 - 60 - 51.2) / 1.02 = 392.9 -> 384 (16 MB steps)
    assertThat(b.heapBytes()).isEqualTo(384 * MB);
    assertThat(b.heapBytes() + b.nonHeapBytes() + b.headroomBytes()).isLessThanOrEqualTo(512 * MB);
    assertThat(b.measured()).isTrue();
    assertThat(b.explain()).contains("512.0 MB container limit (--memory-limit)").contains("a heap of at most 384.0 MB");
  }

  /**
   * The kernel charges what is resident: RSS less the heap larger than NMT's non-heap (the JVM's code,
   * C libraries, malloc's free memory, which NMT does not see) is what the budget keeps; smaller
   * (a heap committed but not touched), NMT's figure stands. Figures of the lab's container-default-heap
   * baseline: NMT 54 MB besides the collector, RSS less the heap 84 MB.
   */
  @Test
  void theResidentSetLessTheHeapCountsWhenItIsTheLarger() {
    ContainerBudget nmt = ContainerBudget.measured(512 * MB, "x", 54 * MB, 0, 128 * MB, -1);
    ContainerBudget rss = ContainerBudget.measured(512 * MB, "x", 54 * MB, 0, 128 * MB, 84 * MB);
    // (512 - 54 - 51.2) = 406.8 -> 400; (512 - 84 - 51.2) = 376.8 -> 368
    assertThat(nmt.heapBytes()).isEqualTo(400 * MB);
    assertThat(rss.heapBytes()).isEqualTo(368 * MB);
    assertThat(rss.nonHeapSource()).contains("resident set less the heap: 84.0 MB", "Native Memory Tracking counted 54.0 MB");
    ContainerBudget untouched = ContainerBudget.measured(512 * MB, "x", 54 * MB, 0, 128 * MB, 20 * MB);
    assertThat(untouched.heapBytes()).isEqualTo(400 * MB);
    assertThat(untouched.nonHeapSource()).startsWith("measured by Native Memory Tracking");
  }

  @Test
  void smallLimitsKeepAtLeast32MbHeadroomAndTooSmallOnesNoHeap() {
    assertThat(ContainerBudget.headroom(200 * MB)).isEqualTo(32 * MB);
    ContainerBudget none = ContainerBudget.estimated(128 * MB, "x", -1);
    assertThat(none.heapBytes()).isEqualTo(-1);
    assertThat(none.explain()).contains("no room for a heap");
  }

  @Test
  void anEstimateSaysSoAndUsesTheLoggedMetaspace() {
    ContainerBudget b = ContainerBudget.estimated(1024 * MB, "x", 80 * MB);
    assertThat(b.measured()).isFalse();
    assertThat(b.nonHeapSource()).startsWith("estimated, not measured: metaspace 104.0 MB (the log's peak + 25 %)");
    // (1024 - (104 + 96) - 102.4) / 1.05 = 687.2 -> 672
    assertThat(b.heapBytes()).isEqualTo(672 * MB);
  }

  @Test
  void theModelNeverProposesMoreHeapThanTheBudget() {
    ContainerBudget b = ContainerBudget.measured(320 * MB, "x", 60 * MB, 0, 300 * MB);
    MemoryModel m = new MemoryModel(MemoryModel.LiveSet.UNKNOWN, 10, 1, -1, "", new MemoryModel.Capacities(300 * MB,
        "-Xmx", 300 * MB, 100 * MB, "log", 200 * MB, -1, -1, 320 * MB, -1), 200, 1, 5, 1, true, false, 0, null)
        .withContainer(b);
    assertThat(m.heapLimit()).isEqualTo(b.heapBytes());
    assertThat(m.targetHeap()).isEqualTo(b.heapBytes()).isLessThan(300 * MB);
  }
}
