package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import static io.jtune.gc.finding.FindingsTest.analyze;
import static io.jtune.gc.finding.FindingsTest.corpus;
import static io.jtune.gc.finding.FindingsTest.finding;
import static io.jtune.gc.finding.FindingsTest.required;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.diagnosis.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A finding fires only on evidence of its problem and of a material size: the wrong advice seen on
 * real logs, each shown not to come back.
 */
class FalseAlarmsTest {

  /**
   * "fires CRITICAL premature promotion on a flat 9-13 MB old generation with one 4 MB promotion":
   * a real JDK 17 Serial log where the tenuring threshold drops to 2 on most young GCs, but the
   * old generation stays flat and its only Full GCs are System.gc() calls.
   */
  @Test
  void noPrematurePromotionWhenPromotionDoesNotGrowTheOldGeneration() throws IOException {
    Path log = Path.of("src/test/resources/findings/serial-flat-old-systemgc-jdk17.log").toAbsolutePath();
    // from the log text itself: old after each young GC stays within a few MB, Full GCs are requested
    Pattern tenured = Pattern.compile("Tenured: \\d+K\\(\\d+K\\)->(\\d+)K");
    long low = Long.MAX_VALUE;
    long high = 0;
    long capacityK = 229376;
    for (String line : Files.readAllLines(log)) {
      Matcher m = tenured.matcher(line);
      if (m.find()) {
        long k = Long.parseLong(m.group(1));
        low = Math.min(low, k);
        high = Math.max(high, k);
      }
    }
    assertThat(high - low).isLessThan(capacityK / 10);
    assertThat(Files.readString(log)).contains("new threshold 2 (max threshold 15)").contains("Pause Full (System.gc())")
        .doesNotContain("Pause Full (Allocation Failure)");
    Analysis a = analyze(log);
    assertThat(finding(a, "premature-promotion")).isEmpty();
    assertThat(a.findings()).noneMatch(f -> f.severity() == Severity.CRITICAL);
    assertThat(a.diagnosis().primary()).isEqualTo(Problem.EXPLICIT_GC);
    // young GCs every ~60 ms but 0.4 ms each: a bigger young generation would change little
    assertThat(finding(a, "young-too-small")).isEmpty();
    assertThat(a.memoryModel().youngGrowthRefused()).contains("cost little");
  }

  /** "shows a root-scanning finding for 0.1 ms vs 0.0 ms": scanning must cost a material time per pause. */
  @Test
  void noRootScanningFindingForATenthOfAMillisecond() {
    Analysis a = analyze(corpus(
        "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-jdk17-full-concurrent-cycle-g1-gc-all-safepont,os-cpu.txt"));
    var ph = a.phases();
    assertThat(ph.pausesWithPhases()).isGreaterThanOrEqualTo(5);
    double scanPerPause = ph.totalMsMatching("ext root scanning", "update rs", "scan rs", "merge heap roots",
        "scan heap roots", "code root scanning", "scan hcc", "merge rs", "root region scan") / ph.pausesWithPhases();
    assertThat(scanPerPause).isPositive().isLessThan(RootScanningRule.MIN_SCAN_MS);
    assertThat(finding(a, "root-scanning")).isEmpty();
    // where scanning takes real time it is still found
    Finding real = required(analyze(corpus("gctoolkit-testdata/gctoolkit-gclogs__streaming__rotating.zip")), "root-scanning");
    assertThat(real.severity()).isEqualTo(Severity.WARNING);
  }

  /**
   * "reports a leak with R² 1.00 from two clusters of GCs either side of a 3.5 h gap": a log whose
   * Full GCs sit either side of a 27-hour gap gives no live-set trend, so no growth rate.
   */
  @Test
  void aLiveSetTrendDoesNotBridgeAGapInTheLog() {
    Analysis a = analyze(corpus("gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__details__reference__post17040__gc_with_overflow.log"));
    MemoryModel.LiveSet live = a.memoryModel().live();
    assertThat(live.trendNote()).startsWith("not enough data: a gap of");
    assertThat(live.slopeMBph()).isNaN();
    assertThat(a.memoryModel().liveSetGrows()).isFalse();
    assertThat(a.findings()).noneMatch(f -> f.title().contains("MB/hour"));
  }

  /** "says 'size the heap x2-3' without a value": the heap advice is a concrete -Xmx from the live set. */
  @Test
  void frequentFullGcsGiveAConcreteHeapSize() {
    Analysis a = analyze(corpus("GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt"));
    assertThat(a.findings()).noneMatch(f -> f.recommendation().contains("x 2-3"));
    String xmx = required(a, "heap-too-small").flags().get(0);
    assertThat(xmx).matches("-Xmx\\d+m");
    assertThat(required(a, "frequent-full-gc").recommendation()).contains(xmx).contains("3-4x the live set");
    assertThat(a.diagnosis().primary()).isEqualTo(Problem.HEAP_TOO_SMALL);
    assertThat(a.diagnosis().advice()).contains(xmx);
  }

  /**
   * A JDK 8 ParNew/CMS log whose young GCs come every 12.5 s at p99 35 ms got -Xmn5888m: no young
   * growth when young GCs are rare and short.
   */
  @Test
  void noYoungGrowthWhenYoungGcsAreRareAndShort() {
    Analysis a = analyze(corpus("gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__180__fls__bob.log"));
    MemoryModel m = a.memoryModel();
    assertThat(m.youngIntervalS()).isGreaterThan(MemoryModel.RARE_YOUNG_S);
    assertThat(m.youngP99Ms()).isLessThan(a.pauses().pauseTargetMs());
    assertThat(m.youngGrowthRefused()).contains("rare");
    assertThat(a.findings()).noneMatch(f -> f.flags().stream().anyMatch(x -> x.startsWith("-Xmn")));
  }

  /**
   * The lab's cache-churn scenario got "-Xmn304m next to a 128 MB live cache (Full GCs doubled)":
   * cache entries outlive any young generation the heap allows, so the advice is the cache, not young.
   */
  @Test
  void cacheChurnGetsNoYoungGrowthButTheCacheAdvice() {
    Analysis a = analyze(Path.of("src/test/resources/findings/lab-cache-churn-parallel-jdk17.log").toAbsolutePath());
    MemoryModel m = a.memoryModel();
    assertThat(m.cacheChurn()).startsWith("old-to-young churn");
    assertThat(m.youngGrowthRefused()).contains("churn");
    assertThat(a.findings()).noneMatch(f -> f.flags().stream().anyMatch(x -> x.startsWith("-Xmn")
        || x.startsWith("-XX:SurvivorRatio")));
    assertThat(a.diagnosis().advice()).contains("Bound the cache or move it off the heap");
    assertThat(required(a, "premature-promotion").recommendation()).contains("move it off the heap");
  }

  /** Request data that merely overflows small survivors (the lab's survivor-overflow sizing) is not churn: young grows. */
  @Test
  void survivorOverflowOfRequestDataIsNotCacheChurn() {
    Analysis a = analyze(Path.of("src/test/resources/findings/serial-liveset-jdk17.log").toAbsolutePath());
    assertThat(a.memoryModel().cacheChurn()).isNull();
    assertThat(required(a, "young-too-small").flags()).anyMatch(x -> x.startsWith("-Xmn"));
  }
}
