package io.jtune.gc.parser.jdk8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.SafepointPause;
import io.jtune.gc.event.Tenuring;
import io.jtune.gc.input.Line;
import io.jtune.gc.input.LineReader;
import io.jtune.gc.parser.ParseReport;
import io.jtune.gc.parser.ParserContext;
import java.io.IOException;
import java.io.InputStream;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One test per record shape, on lines copied from the corpus into {@code src/test/resources/jdk8};
 * every expected number is the one written in the log line.
 */
class Jdk8RecordShapesTest {
  private static final long K = 1024;
  private static final long M = 1024 * 1024;

  /** Events and report of one snippet, read by the parser alone (no timeline shifting). */
  record Parsed(List<GcEvent> events, ParseReport report) {
    List<GcPause> pauses() {
      return events.stream().filter(GcPause.class::isInstance).map(GcPause.class::cast).toList();
    }

    List<ConcurrentPhase> phases() {
      return events.stream().filter(ConcurrentPhase.class::isInstance).map(ConcurrentPhase.class::cast).toList();
    }

    JvmInfo info() {
      JvmInfo i = JvmInfo.EMPTY;
      for (GcEvent e : events) {
        if (e instanceof JvmInfo j) {
          i = i.merge(j);
        }
      }
      return i;
    }
  }

  static Parsed parse(String resource) throws IOException {
    ParseReport report = new ParseReport();
    List<GcEvent> events = new ArrayList<>();
    Jdk8LogParser parser = new Jdk8LogParser(new ParserContext(report), events::add);
    try (InputStream in = Jdk8RecordShapesTest.class.getResourceAsStream("/jdk8/" + resource)) {
      assertThat(in).as(resource).isNotNull();
      LineReader.read(in, parser::accept);
    }
    parser.endOfSource();
    assertThat(report.unparsed()).as("unparsed lines: %s", report.unparsedExamples()).isZero();
    return new Parsed(events, report);
  }

  static MemoryUsage kb(long before, long after, long capacity) {
    return new MemoryUsage(before * K, after * K, capacity * K);
  }

  static long mb(double v) {
    return Math.round(v * M);
  }

  static long epoch(String iso) {
    return OffsetDateTime.parse(iso.replaceFirst("([+-]\\d\\d)(\\d\\d)$", "$1:$2")).toInstant().toEpochMilli();
  }

  static void times(GcPause p, double user, double sys, double real) {
    assertThat(p.times()).isEqualTo(new CpuTimes(user, sys, real));
  }

  @Test
  void parNewSplitByFlsStatisticsAndTenuring() throws IOException {
    Parsed r = parse("cms-parnew-fls-tenuring-heapatgc.log");
    JvmInfo info = r.info();
    assertThat(info.version()).isEqualTo("1.8.0_112-b15");
    assertThat(info.memoryBytes()).isEqualTo(132045448L * K);
    assertThat(info.commandLineFlags()).contains("-XX:CMSInitiatingOccupancyFraction=75");
    assertThat(info.collector()).isEqualTo(Collector.PARNEW_CMS);

    assertThat(r.pauses()).hasSize(1);
    GcPause p = r.pauses().get(0);
    assertThat(p.line()).isEqualTo(13);
    assertThat(p.uptimeS()).isEqualTo(132981.103);
    assertThat(p.epochMs()).isEqualTo(epoch("2017-04-16T10:00:56.844-0700"));
    assertThat(p.kind()).isEqualTo(PauseKind.YOUNG);
    assertThat(p.name()).isEqualTo("ParNew");
    assertThat(p.cause()).isEqualTo("Allocation Failure");
    assertThat(p.durationMs()).isCloseTo(14.2139, within(1e-9));
    assertThat(p.memory().young()).isEqualTo(kb(1607877, 7377, 1800000));
    assertThat(p.memory().heap()).isEqualTo(kb(9081343, 7482545, 15801024));
    assertThat(p.memory().old()).isEqualTo(kb(9081343 - 1607877, 7482545 - 7377, 15801024 - 1800000));
    times(p, 0.31, 0.00, 0.02);
    assertThat(p.tenuring()).isEqualTo(new Tenuring(102400000, 1, 1, 6595712));
    assertThat(p.anomalies()).isEmpty();

    List<SafepointPause> stops = r.events().stream().filter(SafepointPause.class::isInstance)
        .map(SafepointPause.class::cast).toList();
    assertThat(stops).hasSize(1);
    assertThat(stops.get(0).uptimeS()).isEqualTo(132981.118);
    assertThat(stops.get(0).stoppedMs()).isCloseTo(16.5224, within(1e-9));
    assertThat(stops.get(0).timeToSafepointMs()).isCloseTo(0.1465, within(1e-9));
  }

  @Test
  void cmsCycleWithGcIds() throws IOException {
    Parsed r = parse("cms-gcid-cycle.log");
    List<GcPause> pauses = r.pauses();
    assertThat(pauses).extracting(GcPause::gcId).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 2L, 6L, 7L, 8L);

    GcPause first = pauses.get(0);
    assertThat(first.memory().young()).isEqualTo(kb(8678, 1081, 9792));
    assertThat(first.memory().heap()).isEqualTo(kb(8678, 8064, 31680));
    assertThat(first.durationMs()).isCloseTo(10.6548, within(1e-9));

    GcPause initialMark = pauses.get(2);
    assertThat(initialMark.kind()).isEqualTo(PauseKind.INITIAL_MARK);
    assertThat(initialMark.name()).isEqualTo("CMS-initial-mark");
    assertThat(initialMark.cause()).isEqualTo("CMS Initial Mark");
    assertThat(initialMark.uptimeS()).isEqualTo(0.197);
    assertThat(initialMark.memory().old()).isEqualTo(kb(15645, 15645, 21888));
    assertThat(initialMark.memory().heap()).isEqualTo(kb(18533, 18533, 31680));
    assertThat(initialMark.durationMs()).isCloseTo(1.0369, within(1e-9));

    GcPause remark = pauses.get(6);
    assertThat(remark.kind()).isEqualTo(PauseKind.REMARK);
    assertThat(remark.name()).isEqualTo("CMS-remark");
    assertThat(remark.cause()).isEqualTo("CMS Final Remark");
    assertThat(remark.memory().young()).isEqualTo(kb(1868, 1868, 9792));
    assertThat(remark.memory().old()).isEqualTo(kb(41674, 41674, 42048));
    assertThat(remark.memory().heap()).isEqualTo(kb(43542, 43542, 51840));
    assertThat(remark.durationMs()).isCloseTo(3.9463, within(1e-9));
    times(remark, 0.01, 0.00, 0.01);

    List<ConcurrentPhase> phases = r.phases();
    assertThat(phases).extracting(ConcurrentPhase::name).containsExactly("CMS-concurrent-mark",
        "CMS-concurrent-preclean", "CMS-concurrent-sweep", "CMS-concurrent-reset", "CMS Concurrent Cycle");
    assertThat(phases).extracting(ConcurrentPhase::gcId).containsOnly(2L);
    assertThat(phases.get(0).durationMs()).isCloseTo(13, within(1e-9));
    assertThat(phases.get(0).uptimeS()).isEqualTo(0.212);
    assertThat(phases.get(3).durationMs()).isCloseTo(18, within(1e-9));
    ConcurrentPhase cycle = phases.get(4);
    assertThat(cycle.wholeCycle()).isTrue();
    assertThat(cycle.durationMs()).isCloseTo((0.253 - 0.197) * 1000, within(1e-9));
  }

  @Test
  void parNewPromotionFailedThenConcurrentModeFailure() throws IOException {
    Parsed r = parse("cms-promotion-failed-cmf.log");
    List<GcEvent> e = r.events().stream().filter(x -> !(x instanceof JvmInfo)).toList();
    GcPause p = (GcPause) e.get(0);
    assertThat(p.uptimeS()).isEqualTo(76.705);
    assertThat(p.kind()).isEqualTo(PauseKind.FULL);
    assertThat(p.name()).isEqualTo("CMS");
    assertThat(p.anomalies()).containsExactlyInAnyOrder(Anomaly.PROMOTION_FAILED, Anomaly.CONCURRENT_MODE_FAILURE);
    assertThat(p.durationMs()).isCloseTo(566.8144, within(1e-9));
    assertThat(p.memory().young()).isEqualTo(kb(19050, 19049, 19136));
    assertThat(p.memory().old()).isEqualTo(kb(105741, 83134, 107776));
    assertThat(p.memory().heap()).isEqualTo(kb(113450, 83134, 126912));
    assertThat(p.memory().metaspace()).isEqualTo(kb(16953, 15596, 28412));
    times(p, 0.64, 0.00, 0.56);
    assertThat(p.tenuring()).isEqualTo(new Tenuring(1081344, 1, 4, 2161000));

    ConcurrentPhase glued = (ConcurrentPhase) e.get(1);
    assertThat(glued.name()).isEqualTo("CMS-concurrent-abortable-preclean");
    assertThat(glued.uptimeS()).isEqualTo(76.774);
    assertThat(glued.durationMs()).isCloseTo(1209, within(1e-9));

    GcPause initialMark = (GcPause) e.get(2);
    assertThat(initialMark.uptimeS()).isEqualTo(77.379);
    assertThat(initialMark.memory().old()).isEqualTo(kb(83134, 83134, 107776));
    assertThat(initialMark.memory().heap()).isEqualTo(kb(91852, 91852, 126912));
  }

  @Test
  void cmsFullGcWithPermGen() throws IOException {
    GcPause p = parse("cms-full-system.log").pauses().get(0);
    assertThat(p.kind()).isEqualTo(PauseKind.FULL);
    assertThat(p.name()).isEqualTo("Full GC");
    assertThat(p.cause()).isEqualTo("System");
    assertThat(p.anomalies()).containsExactly(Anomaly.SYSTEM_GC);
    assertThat(p.memory().old()).isEqualTo(kb(0, 1711, 63872));
    assertThat(p.memory().heap()).isEqualTo(kb(16847, 1711, 83008));
    assertThat(p.memory().metaspace()).isEqualTo(kb(9604, 9550, 21248));
    assertThat(p.durationMs()).isCloseTo(35.8684, within(1e-9));
    times(p, 0.04, 0.00, 0.04);
  }

  @Test
  void serialJdk14() throws IOException {
    Parsed r = parse("serial-jdk14.log");
    assertThat(r.info().collector()).isEqualTo(Collector.SERIAL);
    List<GcPause> p = r.pauses();
    assertThat(p).extracting(GcPause::kind).containsExactly(PauseKind.YOUNG, PauseKind.FULL, PauseKind.FULL);
    assertThat(p).extracting(GcPause::name).containsExactly("DefNew", "Full GC", "Tenured");
    assertThat(p.get(0).memory().young()).isEqualTo(kb(1534, 128, 1664));
    assertThat(p.get(0).memory().heap()).isEqualTo(kb(1534, 276, 16256));
    assertThat(p.get(0).durationMs()).isCloseTo(8.4272, within(1e-9));
    assertThat(p.get(1).memory().old()).isEqualTo(kb(5634, 5492, 14592));
    assertThat(p.get(1).durationMs()).isCloseTo(285.8561, within(1e-9));
    assertThat(p.get(2).memory().young()).isEqualTo(kb(1855, 125, 1856));
    assertThat(p.get(2).memory().old()).isEqualTo(kb(14638, 9916, 14720));
    assertThat(p.get(2).memory().heap()).isEqualTo(kb(16358, 9916, 16576));
    assertThat(p.get(2).durationMs()).isCloseTo(814.2078, within(1e-9));
    assertThat(p.get(2).times()).isNull();
  }

  @Test
  void parallelYoungSplitByTenuringAndFullWithMetaspace() throws IOException {
    Parsed r = parse("parallel-tenuring-metadata-full.log");
    assertThat(r.info().collector()).isEqualTo(Collector.PARALLEL);
    List<GcPause> p = r.pauses();
    assertThat(p).hasSize(2);
    GcPause young = p.get(0);
    assertThat(young.line()).isEqualTo(2);
    assertThat(young.uptimeS()).isEqualTo(19.826);
    assertThat(young.kind()).isEqualTo(PauseKind.YOUNG);
    assertThat(young.name()).isEqualTo("PSYoungGen");
    assertThat(young.cause()).isEqualTo("Metadata GC Threshold");
    assertThat(young.anomalies()).containsExactly(Anomaly.METADATA_THRESHOLD);
    assertThat(young.memory().young()).isEqualTo(kb(261208, 35323, 394752));
    assertThat(young.memory().heap()).isEqualTo(kb(560832, 346520, 1094144));
    assertThat(young.durationMs()).isCloseTo(52.0677, within(1e-9));
    times(young, 0.09, 0.00, 0.05);
    assertThat(young.tenuring()).isEqualTo(new Tenuring(126353408, 1, 15, -1));

    GcPause full = p.get(1);
    assertThat(full.uptimeS()).isEqualTo(19.878);
    assertThat(full.kind()).isEqualTo(PauseKind.FULL);
    assertThat(full.name()).isEqualTo("Full GC");
    assertThat(full.memory().young()).isEqualTo(kb(35323, 0, 394752));
    assertThat(full.memory().old()).isEqualTo(kb(311196, 228948, 699392));
    assertThat(full.memory().heap()).isEqualTo(kb(346520, 228948, 1094144));
    assertThat(full.memory().metaspace()).isEqualTo(kb(89867, 89864, 1134592));
    assertThat(full.durationMs()).isCloseTo(878.6175, within(1e-9));
    times(full, 1.65, 0.00, 0.88);

    SafepointPause stop = (SafepointPause) r.events().get(r.events().size() - 1);
    assertThat(stop.stoppedMs()).isCloseTo(935.2913, within(1e-9));
    assertThat(stop.timeToSafepointMs()).isCloseTo(4.0420, within(1e-9));
    assertThat(stop.epochMs()).isEqualTo(epoch("2017-12-06T13:17:47.881-0500"));
  }

  @Test
  void g1YoungInitialMarkWithDetailsAndConcurrentCycle() throws IOException {
    Parsed r = parse("g1-young-initial-mark-cycle.log");
    assertThat(r.info().collector()).isEqualTo(Collector.G1);
    List<GcPause> pauses = r.pauses();
    assertThat(pauses).extracting(GcPause::kind)
        .containsExactly(PauseKind.YOUNG, PauseKind.REMARK, PauseKind.CLEANUP);
    GcPause p = pauses.get(0);
    assertThat(p.name()).isEqualTo("GC pause (G1 Evacuation Pause) (young) (initial-mark)");
    assertThat(p.cause()).isEqualTo("G1 Evacuation Pause");
    assertThat(p.uptimeS()).isEqualTo(0.290);
    assertThat(p.durationMs()).isCloseTo(11.5587, within(1e-9));
    assertThat(p.phasesMs()).containsEntry("Parallel Time", 11.2).containsEntry("Ext Root Scanning", 0.4)
        .containsEntry("Update RS", 0.0).containsEntry("Scan RS", 0.0).containsEntry("Code Root Scanning", 0.0)
        .containsEntry("Object Copy", 10.5).containsEntry("Termination", 0.0).containsEntry("Code Root Fixup", 0.0)
        .containsEntry("Clear CT", 0.1).containsEntry("Other", 0.3).containsEntry("GC Worker Total", 11.1)
        .containsEntry("Choose CSet", 0.0).containsEntry("Ref Proc", 0.1)
        .doesNotContainKeys("GC Worker Start", "GC Worker End", "Processed Buffers");
    // [Eden: 15.0M(15.0M)->0.0B(10.0M) Survivors: 2048.0K->3072.0K Heap: 71.1M(96.0M)->71.2M(103.0M)]
    assertThat(p.memory().young()).isEqualTo(new MemoryUsage(15 * M + 2048 * K, 3072 * K, 10 * M + 3072 * K));
    assertThat(p.memory().survivor()).isEqualTo(new MemoryUsage(2048 * K, 3072 * K, -1));
    assertThat(p.memory().heap()).isEqualTo(new MemoryUsage(mb(71.1), mb(71.2), 103 * M));
    assertThat(p.memory().old()).isEqualTo(new MemoryUsage(mb(71.1) - 15 * M - 2048 * K, mb(71.2) - 3072 * K,
        103 * M - 10 * M - 3072 * K));
    times(p, 0.03, 0.03, 0.02);

    assertThat(pauses.get(1).name()).isEqualTo("GC remark");
    assertThat(pauses.get(1).durationMs()).isCloseTo(1.0462, within(1e-9));
    times(pauses.get(1), 0.00, 0.00, 0.00);
    assertThat(pauses.get(2).name()).isEqualTo("GC cleanup");
    assertThat(pauses.get(2).memory().heap()).isEqualTo(new MemoryUsage(75 * M, 25 * M, 103 * M));
    assertThat(pauses.get(2).durationMs()).isCloseTo(0.4412, within(1e-9));

    List<ConcurrentPhase> phases = r.phases();
    assertThat(phases).extracting(ConcurrentPhase::name).containsExactly("concurrent-root-region-scan",
        "concurrent-mark", "concurrent-cleanup", "Concurrent Mark Cycle");
    assertThat(phases).extracting(ConcurrentPhase::durationMs).containsExactly(0.1729, 1.1728, 0.095,
        (0.305 - 0.290) * 1000);
    assertThat(phases.get(3).wholeCycle()).isTrue();
  }

  @Test
  void g1FullGcWithEdenLine() throws IOException {
    GcPause p = parse("g1-full-eden.log").pauses().get(0);
    assertThat(p.kind()).isEqualTo(PauseKind.FULL);
    assertThat(p.name()).isEqualTo("Full GC");
    assertThat(p.cause()).isEqualTo("System.gc()");
    assertThat(p.anomalies()).containsExactly(Anomaly.SYSTEM_GC);
    assertThat(p.durationMs()).isCloseTo(23.346, within(1e-9));
    // [Eden: 18.0M(24.0M)->0.0B(5120.0K) Survivors: 0.0B->0.0B Heap: 17.2M(256.0M)->3758.6K(13.0M)]
    assertThat(p.memory().young()).isEqualTo(new MemoryUsage(18 * M, 0, 5120 * K));
    assertThat(p.memory().heap()).isEqualTo(new MemoryUsage(mb(17.2), Math.round(3758.6 * K), 13 * M));
    times(p, 0.02, 0.01, 0.02);
  }

  @Test
  void g1ToSpaceExhausted() throws IOException {
    GcPause p = parse("g1-to-space-exhausted.log").pauses().get(0);
    assertThat(p.name()).isEqualTo("GC pause (G1 Evacuation Pause) (young)");
    assertThat(p.kind()).isEqualTo(PauseKind.YOUNG);
    assertThat(p.anomalies()).containsExactly(Anomaly.TO_SPACE_EXHAUSTED);
    assertThat(p.durationMs()).isCloseTo(170.967, within(1e-9));
    assertThat(p.phasesMs()).containsEntry("Parallel Time", 155.0).containsEntry("Update RS", 73.7)
        .containsEntry("Scan RS", 67.4).containsEntry("SATB Filtering", 0.0).containsEntry("Other", 15.7);
    assertThat(p.memory().heap()).isEqualTo(new MemoryUsage(mb(1010.5), mb(1019.0), 1024 * M));
    assertThat(p.memory().survivor()).isEqualTo(new MemoryUsage(7168 * K, 7168 * K, -1));
    times(p, 1.26, 0.01, 0.17);
  }

  @Test
  void g1HumongousWithConcurrentPhasesInsideTheRecord() throws IOException {
    Parsed r = parse("g1-humongous-mixed.log");
    GcPause p = r.pauses().get(0);
    assertThat(p.name()).isEqualTo("GC pause (G1 Humongous Allocation) (young)");
    assertThat(p.cause()).isEqualTo("G1 Humongous Allocation");
    assertThat(p.anomalies()).containsExactly(Anomaly.HUMONGOUS_ALLOCATION);
    assertThat(p.uptimeS()).isEqualTo(160770.873);
    assertThat(p.epochMs()).isEqualTo(epoch("2015-05-01T11:26:29.687+0200"));
    assertThat(p.durationMs()).isCloseTo(47.0136, within(1e-9));
    assertThat(p.phasesMs()).containsEntry("Root Region Scan Waiting", 14.6).containsEntry("Object Copy", 8.9);
    assertThat(p.memory().heap()).isEqualTo(new MemoryUsage(mb(29.9 * 1024), mb(29.9 * 1024), 32 * 1024 * M));
    times(p, 0.26, 0.00, 0.05);
    ConcurrentPhase scan = r.phases().get(0);
    assertThat(r.events().indexOf(scan)).isGreaterThan(r.events().indexOf(p));
    assertThat(scan.name()).isEqualTo("concurrent-root-region-scan");
    assertThat(scan.uptimeS()).isEqualTo(160770.887);
    assertThat(scan.durationMs()).isCloseTo(15.7002, within(1e-9));
  }

  @Test
  void g1Jdk6WithoutDetails() throws IOException {
    Parsed r = parse("g1-jdk6-verbose.log");
    List<GcPause> p = r.pauses();
    assertThat(p).hasSize(14);
    assertThat(p.get(0).name()).isEqualTo("GC pause (young)");
    assertThat(p.get(0).memory().heap()).isEqualTo(kb(4096, 3936, 16 * 1024));
    assertThat(p.get(0).durationMs()).isCloseTo(12.1737, within(1e-9));
    GcPause initialMark = p.get(3);
    assertThat(initialMark.name()).isEqualTo("GC pause (young) (initial-mark)");
    assertThat(initialMark.kind()).isEqualTo(PauseKind.YOUNG);
    assertThat(initialMark.memory().heap()).isEqualTo(kb(10080, 10080, 16 * 1024));
    assertThat(initialMark.durationMs()).isCloseTo(1.3065, within(1e-9));
    GcPause exhausted = p.get(11);
    assertThat(exhausted.uptimeS()).isEqualTo(15.925);
    assertThat(exhausted.anomalies()).containsExactly(Anomaly.TO_SPACE_EXHAUSTED);
    assertThat(exhausted.memory().heap()).isEqualTo(new MemoryUsage(254 * M, 255 * M, 256 * M));
    GcPause full = p.get(12);
    assertThat(full.kind()).isEqualTo(PauseKind.FULL);
    assertThat(full.memory().heap()).isEqualTo(new MemoryUsage(255 * M, 32 * M, 109 * M));
    assertThat(full.durationMs()).isCloseTo(58.527, within(1e-9));

    assertThat(r.phases()).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo("concurrent-mark");
      assertThat(c.durationMs()).isCloseTo(12.667, within(1e-9));
    });
    List<GcNotice> notices = r.events().stream().filter(GcNotice.class::isInstance).map(GcNotice.class::cast)
        .toList();
    assertThat(notices).singleElement().satisfies(n -> {
      assertThat(n.kind()).isEqualTo(GcNotice.Kind.CONCURRENT_MARK_ABORT);
      assertThat(n.uptimeS()).isEqualTo(15.987);
    });
  }

  @Test
  void incrementalCms() throws IOException {
    Parsed r = parse("icms-parnew.log");
    assertThat(r.info().iCms()).isTrue();
    GcPause p = r.pauses().get(0);
    assertThat(p.name()).isEqualTo("ParNew");
    assertThat(p.memory().young()).isEqualTo(kb(161583, 18496, 166528));
    assertThat(p.memory().heap()).isEqualTo(kb(184106, 69091, 3127232));
    assertThat(p.durationMs()).isCloseTo(159.095, within(1e-9));
    times(p, 0.23, 0.01, 0.16);
  }

  @Test
  void cmsRemarkWithScavengeBeforeRemark() throws IOException {
    List<GcPause> p = parse("cms-scavenge-before-remark.log").pauses();
    // the young collection runs inside the remark pause: a phase of it, not a pause of its own
    assertThat(p).extracting(GcPause::kind).containsExactly(PauseKind.REMARK);
    GcPause remark = p.get(0);
    assertThat(remark.name()).isEqualTo("CMS-remark");
    assertThat(remark.line()).isEqualTo(1);
    assertThat(remark.phases().asMap()).containsOnlyKeys("ParNew");
    assertThat(remark.phases().asMap().get("ParNew")).isCloseTo(15.0024, within(1e-9));
    // the stop starts from the heap the nested collection found, the young generation ends where it left it
    assertThat(remark.memory().young()).isEqualTo(kb(56903, 8704, 78656));
    assertThat(remark.memory().old()).isEqualTo(kb(145234 - 56903, 91502, 174784));
    assertThat(remark.memory().heap()).isEqualTo(kb(145234, 100206, 253440));
    assertThat(remark.durationMs()).isCloseTo(29.0615, within(1e-9));
    times(remark, 0.20, 0.00, 0.02);
  }

  @Test
  void verboseGcWithoutDetails() throws IOException {
    List<GcPause> p = parse("no-details.log").pauses();
    assertThat(p).extracting(GcPause::kind).containsExactly(PauseKind.YOUNG, PauseKind.FULL);
    assertThat(p).extracting(GcPause::name).containsExactly("GC", "Full GC");
    assertThat(p.get(0).uptimeS()).isEqualTo(28.940);
    assertThat(p.get(0).memory().heap()).isEqualTo(kb(17024, 2610, 83008));
    assertThat(p.get(0).memory().young()).isNull();
    assertThat(p.get(0).durationMs()).isCloseTo(10.8498, within(1e-9));
    assertThat(p.get(1).memory().heap()).isEqualTo(kb(19308, 10518, 83008));
    assertThat(p.get(1).durationMs()).isCloseTo(110.0901, within(1e-9));
  }

  @Test
  void shenandoahJdk8() throws IOException {
    Parsed r = parse("shenandoah-jdk8.log");
    JvmInfo info = r.info();
    assertThat(info.collector()).isEqualTo(Collector.SHENANDOAH);
    assertThat(info.version()).isEqualTo("1.8.0-internal-cuieilong_2022_08_16_16_23-b00");
    assertThat(info.heapInitialBytes()).isEqualTo(261544064L);
    assertThat(info.heapMaxBytes()).isEqualTo(4184705024L);

    List<GcPause> p = r.pauses();
    assertThat(p).extracting(GcPause::kind)
        .containsExactly(PauseKind.INITIAL_MARK, PauseKind.REMARK, PauseKind.DEGENERATED);
    assertThat(p).extracting(GcPause::name)
        .containsExactly("Pause Init Mark", "Pause Final Mark", "Pause Degenerated GC");
    assertThat(p).extracting(GcPause::durationMs).containsExactly(3.341, 4.423, 184.489);
    assertThat(p.get(2).anomalies()).containsExactly(Anomaly.ALLOCATION_FAILURE_DEGENERATED);
    assertThat(p.get(2).memory().heap()).isEqualTo(new MemoryUsage(3941 * M, 1733 * M, 3966 * M));
    assertThat(p.get(0).uptimeS()).isEqualTo(2.472);

    List<ConcurrentPhase> c = r.phases();
    assertThat(c).extracting(ConcurrentPhase::name).containsExactly("Concurrent reset", "Concurrent marking",
        "Concurrent precleaning", "Concurrent cleanup", "Concurrent evacuation");
    assertThat(c).extracting(ConcurrentPhase::durationMs).containsExactly(0.333, 866.393, 0.789, 0.092, 214.757);
    assertThat(c.get(3).memory().heap()).isEqualTo(new MemoryUsage(1613 * M, 1361 * M, 1636 * M));
  }

  @Test
  void parallelWithAdaptiveSizePolicyInsideRecords() throws IOException {
    Parsed r = parse("parallel-adaptive-size-full.log");
    assertThat(r.info().collector()).isEqualTo(Collector.PARALLEL);
    List<GcPause> p = r.pauses();
    assertThat(p).extracting(GcPause::kind).containsExactly(PauseKind.YOUNG, PauseKind.YOUNG, PauseKind.FULL);
    assertThat(p).extracting(GcPause::uptimeS).containsExactly(0.175, 0.192, 0.208);
    assertThat(p.get(0).memory().young()).isEqualTo(kb(16420, 2657, 19136));
    assertThat(p.get(0).memory().heap()).isEqualTo(kb(16420, 15919, 62848));
    assertThat(p.get(0).durationMs()).isCloseTo(10.9211, within(1e-9));
    GcPause full = p.get(2);
    assertThat(full.name()).isEqualTo("Full GC");
    assertThat(full.memory().young()).isEqualTo(kb(2657, 0, 35584));
    assertThat(full.memory().old()).isEqualTo(kb(29366, 31933, 66688));
    assertThat(full.memory().heap()).isEqualTo(kb(32023, 31933, 102272));
    assertThat(full.memory().metaspace()).isEqualTo(kb(2612, 2612, 21248));
    assertThat(full.durationMs()).isCloseTo(7.8451, within(1e-9));
    times(full, 0.00, 0.00, 0.01);
  }

  @Test
  void cmsConcurrentModeInterrupted() throws IOException {
    Parsed r = parse("cms-concurrent-mode-interrupted.log");
    GcPause p = r.pauses().get(0);
    assertThat(p.uptimeS()).isEqualTo(77.480);
    assertThat(p.kind()).isEqualTo(PauseKind.FULL);
    assertThat(p.name()).isEqualTo("Full GC");
    assertThat(p.anomalies()).containsExactly(Anomaly.CONCURRENT_MODE_INTERRUPTED);
    assertThat(p.memory().old()).isEqualTo(kb(83134, 85198, 107776));
    assertThat(p.memory().heap()).isEqualTo(kb(92654, 85198, 126912));
    assertThat(p.memory().metaspace()).isEqualTo(kb(15604, 15604, 28412));
    assertThat(p.durationMs()).isCloseTo(611.9507, within(1e-9));
    times(p, 0.61, 0.00, 0.61);
    assertThat(r.phases()).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo("CMS-concurrent-mark");
      assertThat(c.uptimeS()).isEqualTo(77.616);
      assertThat(c.durationMs()).isCloseTo(224, within(1e-9));
    });
  }

  @Test
  void rotationHeaderLines() throws IOException {
    Parsed r = parse("rotation-header.log");
    assertThat(r.report().gcLines()).isEqualTo(5);
    assertThat(r.pauses()).isEmpty();
    JvmInfo info = r.info();
    assertThat(info.version()).isEqualTo("1.8.0_45-b15");
    assertThat(info.memoryBytes()).isEqualTo(16664956L * K);
    assertThat(info.collector()).isEqualTo(Collector.PARNEW_CMS);
    assertThat(info.heapInitialBytes()).isEqualTo(838860800L);
    assertThat(info.heapMaxBytes()).isEqualTo(838860800L);
  }

  @Test
  void g1MixedWithTenuringAndStoppedTime() throws IOException {
    Parsed r = parse("g1-mixed-tenuring.log");
    GcPause p = r.pauses().get(0);
    assertThat(p.kind()).isEqualTo(PauseKind.MIXED);
    assertThat(p.name()).isEqualTo("GC pause (mixed)");
    assertThat(p.cause()).isNull();
    assertThat(p.uptimeS()).isEqualTo(371.533);
    assertThat(p.durationMs()).isCloseTo(6.877, within(1e-9));
    assertThat(p.tenuring()).isEqualTo(new Tenuring(1048576, 1, 15, 7499152));
    assertThat(p.phasesMs()).containsEntry("Parallel Time", 6.4).containsEntry("Ext Root Scanning", 1.2)
        .containsEntry("Update RS", 0.1).containsEntry("Scan RS", 0.3).containsEntry("Object Copy", 4.6)
        .containsEntry("GC Worker Other", 0.1).containsEntry("GC Worker Total", 6.3)
        .containsEntry("Code Root Fixup", 0.0).containsEntry("Clear CT", 0.1).containsEntry("Other", 0.4)
        .containsEntry("Free CSet", 0.0);
    // [Eden: 4096.0K(4096.0K)->0.0B(60.0M) Survivors: 9216.0K->2048.0K Heap: 161.9M(266.0M)->158.9M(266.0M)]
    assertThat(p.memory().young()).isEqualTo(new MemoryUsage(4096 * K + 9216 * K, 2048 * K, 60 * M + 2048 * K));
    assertThat(p.memory().survivor()).isEqualTo(new MemoryUsage(9216 * K, 2048 * K, -1));
    assertThat(p.memory().heap()).isEqualTo(new MemoryUsage(mb(161.9), mb(158.9), 266 * M));
    times(p, 0.05, 0.00, 0.01);
    List<SafepointPause> stops = r.events().stream().filter(SafepointPause.class::isInstance)
        .map(SafepointPause.class::cast).toList();
    assertThat(stops).hasSize(3);
    assertThat(stops.get(0).stoppedMs()).isCloseTo(7.087, within(1e-9));
    assertThat(stops.get(1).stoppedMs()).isCloseTo(0.096, within(1e-9));
    assertThat(stops.get(2).stoppedMs()).isCloseTo(0.070, within(1e-9));
    assertThat(stops.get(0).uptimeS()).isEqualTo(371.540);
    assertThat(stops.get(0).timeToSafepointMs()).isNaN();
  }

  @Test
  void everyLineIsReportedOnce() throws IOException {
    for (String f : Set.of("cms-parnew-fls-tenuring-heapatgc.log", "g1-humongous-mixed.log",
        "shenandoah-jdk8.log", "parallel-tenuring-metadata-full.log")) {
      ParseReport report = parse(f).report();
      long lines;
      try (InputStream in = Jdk8RecordShapesTest.class.getResourceAsStream("/jdk8/" + f)) {
        long[] n = {0};
        LineReader.read(in, (Line l) -> n[0]++);
        lines = n[0];
      }
      assertThat(report.gcLines() + report.otherText()).as(f).isEqualTo(lines);
    }
  }
}
