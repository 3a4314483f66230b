package io.jtune.experiment.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Metric;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search's option texts: parameter values and ranges, the SLO, the objective; each bad text one line. */
class SearchOptionsParsingTest {
  @Test
  void aListKeepsItsOrderAndARangeDoublesUpToItsEnd() {
    assertThat(ParamSpec.parse("threads=8,16,32,64,128").values()).containsExactly("8", "16", "32", "64", "128");
    assertThat(ParamSpec.parse("threads=8..128").values()).containsExactly("8", "16", "32", "64", "128");
    // the end is tried itself when the doubling passes it
    assertThat(ParamSpec.parse("cache-mb=10..100").values()).containsExactly("10", "20", "40", "80", "100");
    assertThat(ParamSpec.parse("pool = 4, 6").values()).containsExactly("4", "6");
    assertThat(ParamSpec.parse("mode=fast,safe").describe()).isEqualTo("mode=fast,safe");
  }

  @Test
  void aSmallerValueIsCheaperUnlessTheParameterSaysOtherwise() {
    ParamSpec threads = ParamSpec.parse("threads=8..32");
    assertThat(threads.cheaper()).isEqualTo(ParamSpec.Cheaper.SMALLER);
    assertThat(threads.cost("8")).isLessThan(threads.cost("32"));
    assertThat(threads.integers()).isTrue();
    ParamSpec batch = ParamSpec.parse("batch=10,100,1000:larger-is-cheaper");
    assertThat(batch.values()).containsExactly("10", "100", "1000");
    assertThat(batch.cost("1000")).isLessThan(batch.cost("10"));
    assertThat(batch.describe()).isEqualTo("batch=10,100,1000:larger-is-cheaper");
    assertThat(ParamSpec.parse(batch.describe())).isEqualTo(batch);
    assertThat(ParamSpec.parse("threads=8..32:smaller-is-cheaper")).isEqualTo(threads);
    // names cost in the order given; fractions are numbers but have no midpoint to probe
    ParamSpec mode = ParamSpec.parse("mode=fast,safe");
    assertThat(mode.cost("fast")).isLessThan(mode.cost("safe"));
    assertThat(mode.integers()).isFalse();
    assertThat(ParamSpec.parse("ratio=0.5,0.75").integers()).isFalse();
  }

  @Test
  void badParametersAreOneLineErrors() {
    for (String[] bad : new String[][] {
        {"threads", "NAME=V1,V2"}, {"threads=8", "at least two values"}, {"threads=8,8", "given twice"},
        {"Threads=8,16", "lower-case letter"}, {"port=1,2", "jtune fills"}, {"threads=8,a b", "value 'a b'"},
        {"threads=128..8", "1 <= FROM < TO"}, {"threads=0..8", "1 <= FROM < TO"}, {"threads=1..x", "two whole numbers"},
        {"threads=1..100000", "at most 12"}, {"threads=8,;rm", "value ';rm'"},
        {"threads=8,16:cheaper", "larger-is-cheaper"}}) {
      assertThatThrownBy(() -> ParamSpec.parse(bad[0])).as(bad[0]).isInstanceOf(JtuneException.class)
          .hasMessageContaining(bad[1]).hasMessageNotContaining("\n");
    }
  }

  @Test
  void anSloIsALatencyBoundAnErrorBoundOrBoth() {
    Slo s = Slo.parse("p99<=50ms,errors<=0.1%");
    assertThat(s.latency()).isEqualTo(Metric.P99);
    assertThat(s.latencyMs()).isEqualTo(50);
    assertThat(s.errorsPct()).isEqualTo(0.1);
    assertThat(s.met(50, 0.1)).isTrue();
    assertThat(s.met(50.1, 0)).isFalse();
    assertThat(s.met(10, 0.2)).isFalse();
    Slo seconds = Slo.parse("p999 <= 1.5s");
    assertThat(seconds.latency()).isEqualTo(Metric.P999);
    assertThat(seconds.latencyMs()).isEqualTo(1500);
    assertThat(seconds.errorsPct()).isNaN();
    assertThat(seconds.met(1499, 50)).isTrue();
    assertThat(Slo.parse("errors<=1%").latency()).isNull();
  }

  @Test
  void badSlosAreOneLineErrors() {
    for (String[] bad : new String[][] {
        {"", "empty"}, {"p99<50ms", "'p99<50ms' is not a bound"}, {"p98<=50ms", "not a bound"},
        {"p99<=50", "not a bound"}, {"p99<=50ms,p95<=20ms", "one latency bound"}, {"errors<=200%", "at most 100%"},
        {"p99<=0ms", "above 0"}, {"errors<=1%,errors<=2%", "one error bound"}}) {
      assertThatThrownBy(() -> Slo.parse(bad[0])).as(bad[0]).isInstanceOf(JtuneException.class)
          .hasMessageContaining(bad[1]).hasMessageNotContaining("\n");
    }
  }

  @Test
  void theFourObjectives() {
    assertThat(Objective.parse("latency").metric()).isEqualTo(Metric.P99);
    assertThat(Objective.parse("Throughput").metric()).isEqualTo(Metric.THROUGHPUT);
    assertThat(Objective.parse("footprint").sizesMemory()).isTrue();
    assertThat(Objective.parse("cost").sizesMemory()).isTrue();
    assertThat(Objective.parse("latency").sizesMemory()).isFalse();
    assertThatThrownBy(() -> Objective.parse("speed")).hasMessageContaining("latency, throughput, footprint or cost");
  }

  @Test
  void pricesDefaultToOpenCostsAndPriceCoresAndGibibytesPerHour() {
    Prices d = Prices.of(null, null);
    assertThat(d).isEqualTo(Prices.DEFAULT);
    assertThat(d.describe()).contains("0.0316 per core-hour").contains("OpenCost");
    // 2 cores and 1.5 GiB for an hour
    assertThat(d.perHour(2, 3L << 29)).isCloseTo(2 * 0.031611 + 1.5 * 0.004237, org.assertj.core.data.Offset
        .offset(1e-9));
    Prices given = Prices.of(0.05, null);
    assertThat(given.perCoreHour()).isEqualTo(0.05);
    assertThat(given.perGbHour()).isEqualTo(Prices.DEFAULT_GB_HOUR);
    assertThat(given.source()).contains("--price-core given").contains("OpenCost");
    assertThatThrownBy(() -> Prices.of(-1.0, null)).isInstanceOf(JtuneException.class).hasMessageContaining("0 or more");
  }

  @Test
  void theHeapGridRunsFromTheLiveSetToThreeTimesItOrTheServicesHeap() {
    long mb = 1L << 20;
    // heap-too-small: live set 148 MB, heap 192 MB
    MemoryGrid g = MemoryGrid.heaps(148 * mb, 192 * mb, -1, "cap");
    assertThat(g.steps()).extracting(MemoryGrid.Step::mb).containsExactly(192L, 224L, 256L, 288L, 320L, 352L, 384L,
        416L, 448L);
    assertThat(g.stepMb()).isEqualTo(32);
    assertThat(g.lowWhy()).contains("the live set 148").contains("below it the service cannot run");
    assertThat(g.highWhy()).contains("3x the live set");
    assertThat(g.growth()).isZero();
    assertThat(g.describe()).isEqualTo("heap 192..448 MB in 32 MB steps (9 sizes)");
    // a service with a larger heap of its own: the grid ends there, the step doubles to keep 8 steps or fewer
    MemoryGrid big = MemoryGrid.heaps(120 * mb, 384 * mb, -1, "cap");
    assertThat(big.steps().get(big.steps().size() - 1).mb()).isEqualTo(384);
    assertThat(big.steps().size() - 1).isLessThanOrEqualTo(MemoryGrid.MAX_STEPS);
    assertThat(big.stepMb()).isEqualTo(32);
    // an even step over a quarter of the smallest size (64 MB from 177 MB) gives way to a geometric grid
    assertThat(MemoryGrid.heaps(150 * mb, 640 * mb, -1, "cap").growth()).isGreaterThan(1);
    assertThat(big.highWhy()).contains("the service's own heap");
    // a small live set in a default heap of 6 GB (Tomcat: 51 MB live, the JVM's quarter of 24 GB): an even
    // step of 1 GB would start the grid at 1 GB; the sizes grow geometrically from the smallest instead
    MemoryGrid wide = MemoryGrid.heaps(51 * mb, 6028 * mb, -1, "cap");
    List<Long> sizes = wide.steps().stream().map(MemoryGrid.Step::mb).toList();
    assertThat(sizes.get(0)).isEqualTo(64);
    assertThat(sizes.get(sizes.size() - 1)).isEqualTo(6032);
    for (int i = 1; i < sizes.size(); i++) {
      assertThat(sizes.get(i) % 16).isZero();
      assertThat(sizes.get(i)).isGreaterThan(sizes.get(i - 1));
      // the ratio, and at the small end the 16 MB rounding (64 -> 80 is 1.25x)
      assertThat((double) sizes.get(i) / sizes.get(i - 1)).as("%s", sizes).isLessThanOrEqualTo(1.25 + 1e-9);
    }
    assertThat(sizes).hasSizeBetween(20, 24); // 1 + log2(22): 6 probes bisect it
    assertThat(wide.growth()).isGreaterThan(1).isLessThanOrEqualTo(1.25);
    assertThat(wide.describe()).startsWith("heap 64..6032 MB, each size at most 1.2").endsWith(" sizes)");
    // a cap (the host's share) ends it below
    MemoryGrid capped = MemoryGrid.heaps(148 * mb, 192 * mb, 300 * mb, "the host's share");
    assertThat(capped.steps().get(capped.steps().size() - 1).mb()).isLessThanOrEqualTo(300);
    assertThat(capped.highWhy()).startsWith("the host's share");
    assertThatThrownBy(() -> MemoryGrid.heaps(-1, -1, -1, "")).isInstanceOf(JtuneException.class)
        .hasMessageContaining("needs the service's heap or its live set");
  }

  @Test
  void theLimitGridGivesEachLimitItsHeapByTheBudgetRule() {
    long mb = 1L << 20;
    // the budget rule with 100 MB of non-heap: heap = limit - 100 MB - 10 % of the limit (at least 32 MB)
    java.util.function.LongUnaryOperator heapOf = l -> l - 100 * mb - Math.max(32 * mb, l / 10);
    MemoryGrid g = MemoryGrid.limits(174 * mb, 512 * mb, heapOf, "why");
    assertThat(g.limits()).isTrue();
    assertThat(g.steps().get(g.steps().size() - 1)).isEqualTo(new MemoryGrid.Step(512, 360));
    assertThat(g.steps()).allMatch(s -> s.heapMb() >= 174);
    assertThat(g.steps().get(0).name(true)).startsWith("limit-").contains("-heap-");
    // a small service in a large limit: the limits grow geometrically from the smallest, the limit given last
    MemoryGrid wide = MemoryGrid.limits(60 * mb, 8192 * mb, heapOf, "why");
    assertThat(wide.growth()).isGreaterThan(1);
    assertThat(wide.steps().get(0).heapMb()).isGreaterThanOrEqualTo(60);
    assertThat(wide.steps().get(0).mb()).isLessThan(256);
    assertThat(wide.steps().get(wide.steps().size() - 1)).isEqualTo(new MemoryGrid.Step(8192, 7272));
    for (int i = 1; i < wide.steps().size(); i++) {
      assertThat((double) wide.steps().get(i).mb() / wide.steps().get(i - 1).mb()).isLessThanOrEqualTo(1.25 + 1e-9);
    }
    assertThatThrownBy(() -> MemoryGrid.limits(600 * mb, 512 * mb, heapOf, "why")).isInstanceOf(JtuneException.class)
        .hasMessageContaining("holds no heap");
  }

  @Test
  void aProbeRunsTheServicesFlagsWithItsOwnHeap() {
    MemoryGrid.Step s = new MemoryGrid.Step(256, 256);
    assertThat(MemoryGrid.withHeap(java.util.List.of("-Xms1g", "-XX:+UseG1GC", "-Xmx1g", "-XX:MaxRAMPercentage=75",
        "-Xss512k"), s)).containsExactly("-XX:+UseG1GC", "-Xss512k", "-Xms256m", "-Xmx256m");
  }
}
