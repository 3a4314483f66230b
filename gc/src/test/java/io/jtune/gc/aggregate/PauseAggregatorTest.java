package io.jtune.gc.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The distributions overall, by kind and by cause add up their (cause, kind) cells: every figure
 * must equal what recording each pause into each distribution gives.
 */
class PauseAggregatorTest {
  private static final double[] PERCENTILES = {0, 1, 25, 50, 90, 95, 99, 99.9, 100};
  private static final double[] BOUNDS = {1, 5, 10, 50, 100, 500};

  @Test
  void derivedDistributionsEqualDirectRecording() {
    PauseAggregator agg = new PauseAggregator(50, false);
    PauseDistribution all = new PauseDistribution();
    Map<PauseKind, PauseDistribution> byKind = new HashMap<>();
    Map<String, PauseDistribution> byCause = new HashMap<>();
    String[] causes = {"Allocation Failure", null, "System.gc()", "G1 Evacuation Pause"};
    PauseKind[] kinds = {PauseKind.YOUNG, PauseKind.YOUNG, PauseKind.FULL, PauseKind.MIXED, PauseKind.REMARK};
    Random r = new Random(7);
    for (int i = 0; i < 5000; i++) {
      PauseKind kind = kinds[r.nextInt(kinds.length)];
      String cause = causes[r.nextInt(causes.length)];
      double ms = Math.exp(r.nextGaussian() * 2) * (kind == PauseKind.FULL ? 100 : 5);
      GcEvent e = new GcPause(i, i, GcEvent.NO_EPOCH, kind, "x", cause, ms, null, null, null, null, null, i);
      agg.accept(e);
      all.record(ms);
      byKind.computeIfAbsent(kind, k -> new PauseDistribution()).record(ms);
      byCause.computeIfAbsent(cause == null ? "(not logged)" : cause, k -> new PauseDistribution()).record(ms);
      if (i == 2500) {
        // asking midway must not freeze the sums
        assertSame(agg.all(), all);
      }
    }
    assertSame(agg.all(), all);
    assertThat(agg.byKind()).hasSize(byKind.size());
    byKind.forEach((k, d) -> assertSame(agg.byKind().get(k), d));
    assertThat(agg.byCause()).hasSize(byCause.size());
    agg.byCause().forEach(e -> assertSame(e.getValue(), byCause.get(e.getKey())));
    assertThat(agg.causeCount("System.gc()")).isEqualTo(byCause.get("System.gc()").count());
  }

  private static void assertSame(PauseDistribution actual, PauseDistribution expected) {
    assertThat(actual.count()).isEqualTo(expected.count());
    assertThat(actual.totalMs()).isEqualTo(expected.totalMs());
    assertThat(actual.maxMs()).isEqualTo(expected.maxMs());
    for (double p : PERCENTILES) {
      assertThat(actual.percentileMs(p)).as("p%s", p).isEqualTo(expected.percentileMs(p));
    }
    assertThat(actual.bucketCounts(BOUNDS)).isEqualTo(expected.bucketCounts(BOUNDS));
  }
}
