package io.jtune.gc.parser.unified;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.CycleFacts;
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
import io.jtune.gc.parser.ParseReport;
import io.jtune.gc.parser.ParserContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One test per line shape, with lines copied from real logs (the corpus and {@code
 * unified/real}); every expected value is read off the quoted text.
 */
class UnifiedLineRulesTest {
  private static final long K = 1024;
  private static final long M = 1024 * 1024;

  private final ParseReport report = new ParseReport();
  private final List<GcEvent> events = new ArrayList<>();

  private void parse(String text) {
    UnifiedLogParser parser = new UnifiedLogParser(new ParserContext(report), events::add);
    long n = 0;
    for (String l : text.split("\n")) {
      parser.accept(Line.of(l, ++n));
    }
    parser.endOfSource();
    parser.endOfInput();
  }

  private <T extends GcEvent> List<T> all(Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  private GcPause onlyPause() {
    assertThat(all(GcPause.class)).hasSize(1);
    return all(GcPause.class).get(0);
  }

  private JvmInfo info() {
    JvmInfo merged = JvmInfo.EMPTY;
    for (JvmInfo i : all(JvmInfo.class)) {
      merged = merged.merge(i);
    }
    return merged;
  }

  @Test
  void g1YoungPauseJdk17WithRegionsMetaspaceAndCpu() {
    parse("""
        [0.006s][info][gc,init] Heap Region Size: 1M
        [2022-01-29T16:34:51.644+0000][235ms][info][gc,start    ] GC(6) Pause Young (Normal) (G1 Evacuation Pause)
        [2022-01-29T16:34:51.645+0000][236ms][info][gc,task     ] GC(6) Using 1 workers of 1 for evacuation
        [2022-01-29T16:34:51.649+0000][240ms][info][gc,phases   ] GC(6)   Pre Evacuate Collection Set: 1.0ms
        [2022-01-29T16:34:51.650+0000][241ms][info][gc,phases   ] GC(6)   Merge Heap Roots: 0.1ms
        [2022-01-29T16:34:51.650+0000][241ms][info][gc,phases   ] GC(6)   Evacuate Collection Set: 2.3ms
        [2022-01-29T16:34:51.651+0000][242ms][info][gc,phases   ] GC(6)   Post Evacuate Collection Set: 0.9ms
        [2022-01-29T16:34:51.651+0000][242ms][info][gc,phases   ] GC(6)   Other: 1.3ms
        [2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Eden regions: 6->0(6)
        [2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Survivor regions: 1->1(1)
        [2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Old regions: 7->13
        [2022-01-29T16:34:51.653+0000][244ms][info][gc,heap     ] GC(6) Archive regions: 2->2
        [2022-01-29T16:34:51.653+0000][244ms][info][gc,heap     ] GC(6) Humongous regions: 0->0
        [2022-01-29T16:34:51.654+0000][245ms][info][gc,metaspace] GC(6) Metaspace: 258K(448K)->258K(448K) NonClass: 242K(320K)->242K(320K) Class: 15K(128K)->15K(128K)
        [2022-01-29T16:34:51.654+0000][245ms][info][gc          ] GC(6) Pause Young (Normal) (G1 Evacuation Pause) 14M->14M(46M) 9.772ms
        [2022-01-29T16:34:51.654+0000][246ms][info][gc,cpu      ] GC(6) User=0.01s Sys=0.00s Real=0.01s
        """);
    GcPause p = onlyPause();
    assertThat(p.gcId()).isEqualTo(6);
    assertThat(p.uptimeS()).isEqualTo(0.235);
    assertThat(p.epochMs()).isEqualTo(Instant.parse("2022-01-29T16:34:51.644Z").toEpochMilli());
    assertThat(p.kind()).isEqualTo(PauseKind.YOUNG);
    assertThat(p.name()).isEqualTo("Pause Young (Normal)");
    assertThat(p.cause()).isEqualTo("G1 Evacuation Pause");
    assertThat(p.durationMs()).isEqualTo(9.772);
    assertThat(p.memory().heap()).isEqualTo(MemoryUsage.of(14 * M, 14 * M, 46 * M));
    assertThat(p.memory().young()).isEqualTo(MemoryUsage.of((6 + 1) * M, (0 + 1) * M, (6 + 1) * M));
    assertThat(p.memory().survivor()).isEqualTo(MemoryUsage.of(M, M, M));
    assertThat(p.memory().old()).isEqualTo(MemoryUsage.of((7 + 2 + 0) * M, (13 + 2 + 0) * M, -1));
    assertThat(p.memory().metaspace()).isEqualTo(MemoryUsage.of(258 * K, 258 * K, 448 * K));
    assertThat(p.times()).isEqualTo(new CpuTimes(0.01, 0.00, 0.01));
    assertThat(p.phasesMs()).containsOnly(entry("Pre Evacuate Collection Set", 1.0), entry("Merge Heap Roots", 0.1),
        entry("Evacuate Collection Set", 2.3), entry("Post Evacuate Collection Set", 0.9), entry("Other", 1.3));
    assertThat(p.anomalies()).isEmpty();
    assertThat(p.line()).isEqualTo(2);
    assertThat(info().regionSizeBytes()).isEqualTo(M);
    assertThat(report.unparsed()).isZero();
    assertThat(report.gcLines()).isEqualTo(16);
  }

  @Test
  void g1Jdk11DebugPhasesTenuringAndToSpaceExhausted() {
    parse("""
        [11.845s][info ][gc,start      ] GC(326) Pause Young (Normal) (G1 Evacuation Pause)
        [11.845s][debug][gc,age        ] GC(326) Desired survivor size 1048576 bytes, new threshold 1 (max threshold 15)
        [11.846s][trace][gc,age        ] GC(326) Age table with threshold 1 (max threshold 15)
        [11.846s][trace][gc,age        ] GC(326) - age   1:     801400 bytes,     801400 total
        [11.846s][info ][gc            ] GC(326) To-space exhausted
        [11.846s][info ][gc,phases     ] GC(326)   Pre Evacuate Collection Set: 0.0ms
        [11.846s][debug][gc,phases     ] GC(326)     Prepare TLABs: 0.0ms
        [11.846s][info ][gc,phases     ] GC(326)   Evacuate Collection Set: 0.8ms
        [11.846s][debug][gc,phases     ] GC(326)     Ext Root Scanning (ms):   Min:  0.0, Avg:  0.1, Max:  0.2, Diff:  0.2, Sum:  0.8, Workers: 8
        [11.846s][debug][gc,phases     ] GC(326)     Update RS (ms):           Min:  0.0, Avg:  0.0, Max:  0.0, Diff:  0.0, Sum:  0.0, Workers: 8
        [11.846s][debug][gc,phases     ] GC(326)       Scanned Cards:            Min: 0, Avg:  1.1, Max: 4, Diff: 4, Sum: 9, Workers: 8
        [11.846s][debug][gc,phases     ] GC(326)     Scan RS (ms):             Min:  0.0, Avg:  0.0, Max:  0.0, Diff:  0.0, Sum:  0.0, Workers: 8
        [11.846s][debug][gc,phases     ] GC(326)     AOT Root Scanning (ms):   skipped
        [11.846s][debug][gc,phases     ] GC(326)     GC Worker Total (ms):     Min:  0.0, Avg:  0.5, Max:  0.8, Diff:  0.8, Sum:  4.0, Workers: 8
        [11.846s][info ][gc,phases     ] GC(326)   Post Evacuate Collection Set: 0.1ms
        [11.846s][debug][gc,phases     ] GC(326)     Evacuation Failure: 0.1ms
        [11.846s][info ][gc,phases     ] GC(326)   Other: 0.2ms
        [11.846s][info ][gc,metaspace  ] GC(326) Metaspace: 15867K->15867K(1064960K)
        [11.846s][info ][gc            ] GC(326) Pause Young (Normal) (G1 Evacuation Pause) 61M->52M(64M) 1.479ms
        [11.846s][info ][gc,cpu        ] GC(326) User=0.01s Sys=0.00s Real=0.00s
        """);
    GcPause p = onlyPause();
    assertThat(p.uptimeS()).isEqualTo(11.845);
    assertThat(p.durationMs()).isEqualTo(1.479);
    assertThat(p.memory().heap()).isEqualTo(MemoryUsage.of(61 * M, 52 * M, 64 * M));
    assertThat(p.memory().metaspace()).isEqualTo(MemoryUsage.of(15867 * K, 15867 * K, 1064960 * K));
    assertThat(p.tenuring()).isEqualTo(new Tenuring(1048576, 1, 15, 801400));
    assertThat(p.anomalies()).containsExactly(Anomaly.TO_SPACE_EXHAUSTED);
    assertThat(p.phasesMs()).contains(entry("Update RS", 0.0), entry("Scan RS", 0.0), entry("Ext Root Scanning", 0.1),
        entry("GC Worker Total", 0.5), entry("Evacuate Collection Set", 0.8), entry("Evacuation Failure", 0.1),
        entry("Other", 0.2), entry("Prepare TLABs", 0.0));
    assertThat(p.phasesMs()).doesNotContainKeys("AOT Root Scanning", "Scanned Cards");
    assertThat(report.unparsed()).isZero();
  }

  @Test
  void g1Jdk25EvacuationFailureAndHumongousCause() {
    parse("""
        [0.137s][info][gc] GC(25) Pause Young (Normal) (G1 Humongous Allocation) (Evacuation Failure: Allocation) 16M->11M(18M) 4.975ms
        """);
    GcPause p = onlyPause();
    assertThat(p.gcId()).isEqualTo(25);
    assertThat(p.name()).isEqualTo("Pause Young (Normal)");
    assertThat(p.cause()).isEqualTo("G1 Humongous Allocation");
    assertThat(p.anomalies()).containsExactlyInAnyOrder(Anomaly.EVACUATION_FAILURE, Anomaly.HUMONGOUS_ALLOCATION);
    assertThat(p.durationMs()).isEqualTo(4.975);
    assertThat(p.uptimeS()).isCloseTo(0.137 - 0.004975, within(1e-12));
    assertThat(p.memory().heap()).isEqualTo(MemoryUsage.of(16 * M, 11 * M, 18 * M));
    assertThat(info().collector()).isEqualTo(Collector.G1);
  }

  @Test
  void g1PauseKindsAndConcurrentCycle() {
    parse("""
        [0.298s][info][gc           ] GC(6) Concurrent Cycle
        [0.301s][info][gc] GC(7) Pause Young (Mixed) (G1 Evacuation Pause) 80M->60M(128M) 3.000ms
        [0.305s][info][gc] GC(8) Pause Young (Prepare Mixed) (G1 Evacuation Pause) 70M->61M(128M) 2.100ms
        [0.306s][info][gc] GC(9) Pause Young (Concurrent Start) (Metadata GC Threshold) 72M->62M(128M) 2.200ms
        [0.307s][info][gc] GC(10) Pause Young (Normal) (GCLocker Initiated GC) 73M->63M(128M) 2.300ms
        [0.309s][info][gc] GC(11) Pause Full (System.gc()) 74M->20M(128M) 20.400ms
        [0.310s][info][gc] GC(6) Pause Remark 46M->46M(138M) 1.314ms
        [0.311s][info][gc] GC(6) Pause Cleanup 46M->46M(138M) 0.014ms
        [0.318s][info][gc            ] GC(6) Concurrent Cycle 20.140ms
        """);
    List<GcPause> pauses = all(GcPause.class).stream()
        .sorted(Comparator.comparingLong(GcPause::gcId).reversed().thenComparingLong(GcPause::line)).toList();
    assertThat(pauses).extracting(GcPause::gcId).containsExactly(11L, 10L, 9L, 8L, 7L, 6L, 6L);
    pauses = List.of(pauses.get(4), pauses.get(3), pauses.get(2), pauses.get(1), pauses.get(0), pauses.get(5),
        pauses.get(6));
    assertThat(pauses).extracting(GcPause::kind).containsExactly(PauseKind.MIXED, PauseKind.YOUNG, PauseKind.YOUNG,
        PauseKind.YOUNG, PauseKind.FULL, PauseKind.REMARK, PauseKind.CLEANUP);
    assertThat(pauses).extracting(GcPause::name).containsExactly("Pause Young (Mixed)", "Pause Young (Prepare Mixed)",
        "Pause Young (Concurrent Start)", "Pause Young (Normal)", "Pause Full", "Pause Remark", "Pause Cleanup");
    assertThat(pauses.get(2).anomalies()).containsExactly(Anomaly.METADATA_THRESHOLD);
    assertThat(pauses.get(3).anomalies()).containsExactly(Anomaly.GC_LOCKER);
    assertThat(pauses.get(4).anomalies()).containsExactly(Anomaly.SYSTEM_GC);
    assertThat(pauses.get(5).cause()).isNull();
    ConcurrentPhase cycle = all(ConcurrentPhase.class).get(0);
    assertThat(cycle.wholeCycle()).isTrue();
    assertThat(cycle.gcId()).isEqualTo(6);
    assertThat(cycle.name()).isEqualTo("Concurrent Cycle");
    assertThat(cycle.durationMs()).isEqualTo(20.140);
    assertThat(cycle.uptimeS()).isEqualTo(0.318);
  }

  @Test
  void serialJdk17GenerationLines() {
    parse("""
        [0.046s][info][gc,start    ] GC(0) Pause Young (Allocation Failure)
        [0.048s][info][gc,heap     ] GC(0) DefNew: 4279K(4928K)->512K(4928K) Eden: 4279K(4416K)->0K(4416K) From: 0K(512K)->512K(512K)
        [0.048s][info][gc,heap     ] GC(0) Tenured: 0K(10944K)->819K(10944K)
        [0.048s][info][gc,metaspace] GC(0) Metaspace: 129K(320K)->129K(320K) NonClass: 125K(192K)->125K(192K) Class: 3K(128K)->3K(128K)
        [0.048s][info][gc          ] GC(0) Pause Young (Allocation Failure) 4M->1M(15M) 2.280ms
        [0.048s][info][gc,cpu      ] GC(0) User=0.00s Sys=0.00s Real=0.01s
        """);
    GcPause p = onlyPause();
    assertThat(p.name()).isEqualTo("Pause Young");
    assertThat(p.cause()).isEqualTo("Allocation Failure");
    assertThat(p.kind()).isEqualTo(PauseKind.YOUNG);
    assertThat(p.uptimeS()).isEqualTo(0.046);
    assertThat(p.durationMs()).isEqualTo(2.280);
    assertThat(p.memory().young()).isEqualTo(MemoryUsage.of(4279 * K, 512 * K, 4928 * K));
    assertThat(p.memory().survivor()).isEqualTo(MemoryUsage.of(0, 512 * K, 512 * K));
    assertThat(p.memory().old()).isEqualTo(MemoryUsage.of(0, 819 * K, 10944 * K));
    assertThat(p.memory().heap()).isEqualTo(MemoryUsage.of(4 * M, M, 15 * M));
    assertThat(p.memory().metaspace()).isEqualTo(MemoryUsage.of(129 * K, 129 * K, 320 * K));
    assertThat(p.times()).isEqualTo(new CpuTimes(0.00, 0.00, 0.01));
    assertThat(info().collector()).isEqualTo(Collector.SERIAL);
  }

  @Test
  void parallelJdk11GenerationLinesAndDebugPhases() {
    parse("""
        [10.045s][info ][gc,start     ] GC(3) Pause Young (Allocation Failure)
        [10.047s][debug][gc,phases    ] GC(3) Scavenge 2.183ms
        [10.048s][debug][gc,phases    ] GC(3) Reference Processing 0.023ms
        [10.048s][debug][gc,age       ] GC(3) Desired survivor size 2621440 bytes, new threshold 7 (max threshold 15)
        [10.048s][info ][gc,heap      ] GC(3) PSYoungGen: 15360K->2548K(17920K)
        [10.048s][info ][gc,heap      ] GC(3) ParOldGen: 8K->1260K(40960K)
        [10.048s][info ][gc,metaspace ] GC(3) Metaspace: 4763K->4763K(1056768K)
        [10.048s][info ][gc           ] GC(3) Pause Young (Allocation Failure) 15M->3M(57M) 2.550ms
        [10.048s][info ][gc,cpu       ] GC(3) User=0.01s Sys=0.00s Real=0.00s
        """);
    GcPause p = onlyPause();
    assertThat(p.memory().young()).isEqualTo(MemoryUsage.of(15360 * K, 2548 * K, 17920 * K));
    assertThat(p.memory().old()).isEqualTo(MemoryUsage.of(8 * K, 1260 * K, 40960 * K));
    assertThat(p.phasesMs()).containsOnly(entry("Scavenge", 2.183), entry("Reference Processing", 0.023));
    assertThat(p.tenuring()).isEqualTo(new Tenuring(2621440, 7, 15, -1));
    assertThat(info().collector()).isEqualTo(Collector.PARALLEL);
  }

  @Test
  void cmsPromotionFailedYoungPauseAroundFullPause() {
    parse("""
        [1.015s][info ][gc,start     ] GC(308) Pause Young (Allocation Failure)
        [1.015s][info ][gc,task      ] GC(308) Using 8 workers of 8 for evacuation
        [1.017s][info ][gc,promotion ] Promotion failed
        [1.017s][info ][gc,start     ] GC(309) Pause Full (Allocation Failure)
        [1.022s][info ][gc             ] GC(309) Pause Full (Allocation Failure) 60M->3M(61M) 4.853ms
        [1.022s][info ][gc,heap        ] GC(308) ParNew: 19433K->0K(19648K)
        [1.022s][info ][gc,heap        ] GC(308) CMS: 42679K->3893K(43712K)
        [1.022s][info ][gc,metaspace   ] GC(308) Metaspace: 5319K->5319K(1056768K)
        [1.022s][info ][gc             ] GC(308) Pause Young (Allocation Failure) 60M->3M(61M) 7.425ms
        [1.022s][info ][gc,cpu         ] GC(308) User=0.02s Sys=0.00s Real=0.00s
        """);
    List<GcPause> pauses = all(GcPause.class);
    assertThat(pauses).extracting(GcPause::gcId, GcPause::kind, GcPause::uptimeS, GcPause::durationMs)
        .containsExactly(tuple(308L, PauseKind.YOUNG, 1.015, 7.425), tuple(309L, PauseKind.FULL, 1.017, 4.853));
    assertThat(pauses.get(0).anomalies()).containsExactly(Anomaly.PROMOTION_FAILED);
    assertThat(pauses.get(0).memory().young()).isEqualTo(MemoryUsage.of(19433 * K, 0, 19648 * K));
    assertThat(pauses.get(0).memory().old()).isEqualTo(MemoryUsage.of(42679 * K, 3893 * K, 43712 * K));
    assertThat(pauses.get(0).times()).isEqualTo(new CpuTimes(0.02, 0.00, 0.00));
    assertThat(pauses.get(1).anomalies()).isEmpty();
    assertThat(info().collector()).isEqualTo(Collector.PARNEW_CMS);
  }

  @Test
  void cmsCycleWithInterleavedYoungPauses() {
    parse("""
        [0.020s][info][gc] Using Concurrent Mark Sweep
        [0.695s][info][gc] GC(18) Pause Initial Mark 61M->61M(150M) 0.136ms
        [0.695s][info][gc] GC(18) Concurrent Mark
        [0.697s][info][gc] GC(18) Concurrent Mark 2.299ms
        [0.697s][info][gc] GC(18) Concurrent Preclean
        [0.697s][info][gc] GC(18) Concurrent Preclean 0.188ms
        [0.697s][info][gc] GC(18) Concurrent Abortable Preclean
        [0.701s][info][gc] GC(19) Pause Young (Allocation Failure) 101M->67M(150M) 2.554ms
        [0.713s][info][gc] GC(20) Pause Young (Allocation Failure) 108M->108M(150M) 9.269ms
        [0.714s][info][gc] GC(18) Concurrent Abortable Preclean 16.163ms
        [0.714s][info][gc] GC(18) Pause Remark 110M->110M(150M) 0.859ms
        [0.715s][info][gc] GC(18) Concurrent Sweep
        [0.715s][info][gc] GC(18) Concurrent Sweep 1.111ms
        [0.715s][info][gc] GC(18) Concurrent Reset
        [0.716s][info][gc] GC(18) Concurrent Reset 0.134ms
        [0.799s][info][gc] GC(22) Pause Full (Allocation Failure) 125M->31M(150M) 9.775ms
        """);
    assertThat(all(GcPause.class)).extracting(GcPause::kind).containsExactly(PauseKind.INITIAL_MARK, PauseKind.YOUNG,
        PauseKind.YOUNG, PauseKind.REMARK, PauseKind.FULL);
    List<ConcurrentPhase> phases = all(ConcurrentPhase.class);
    assertThat(phases).filteredOn(c -> !c.wholeCycle()).extracting(ConcurrentPhase::name, ConcurrentPhase::durationMs)
        .containsExactly(tuple("Concurrent Mark", 2.299),
            tuple("Concurrent Preclean", 0.188),
            tuple("Concurrent Abortable Preclean", 16.163),
            tuple("Concurrent Sweep", 1.111),
            tuple("Concurrent Reset", 0.134));
    ConcurrentPhase cycle = phases.stream().filter(ConcurrentPhase::wholeCycle).findFirst().orElseThrow();
    assertThat(cycle.gcId()).isEqualTo(18);
    assertThat(cycle.uptimeS()).isEqualTo(0.716);
    assertThat(cycle.durationMs()).isCloseTo((0.716 - (0.695 - 0.000136)) * 1000, within(1e-9));
    assertThat(cycle.memory().heap()).isEqualTo(MemoryUsage.of(61 * M, 110 * M, 150 * M));
  }

  @Test
  void zgcSingleGenerationCycleWithStalls() {
    parse("""
        [200.343s][info][gc,start    ] GC(25) Garbage Collection (Allocation Rate)
        [200.344s][info][gc,phases   ] GC(25) Pause Mark Start 0.008ms
        [201.482s][info][gc          ] Allocation Stall (Group1.Backend.CompositeBackend{Tier1}.1) 0.706ms
        [201.507s][info][gc,phases   ] GC(25) Concurrent Mark 1163.494ms
        [201.507s][info][gc,phases   ] GC(25) Pause Mark End 0.011ms
        [201.519s][info][gc,phases   ] GC(25) Pause Relocate Start 0.006ms
        [201.521s][info][gc          ] Relocation Stall (Group1.Backend.CompositeBackend{Tier1}.3) 0.720ms
        [201.657s][info][gc,phases   ] GC(25) Concurrent Relocate 138.752ms
        [201.658s][info][gc,metaspace] GC(25) Metaspace: 17M used, 17M committed, 1040M reserved
        [201.658s][info][gc,heap     ] GC(25)  Capacity:     3884M (98%)        3954M (100%)       3954M (100%)       3954M (100%)       3954M (100%)       3884M (98%)
        [201.658s][info][gc          ] GC(25) Garbage Collection (Allocation Rate) 3334M(84%)->2230M(56%)
        """);
    assertThat(all(GcPause.class)).extracting(GcPause::kind, GcPause::name, GcPause::durationMs).containsExactly(
        tuple(PauseKind.MARK_START, "Pause Mark Start", 0.008),
        tuple(PauseKind.MARK_END, "Pause Mark End", 0.011),
        tuple(PauseKind.RELOCATE_START, "Pause Relocate Start", 0.006));
    assertThat(all(GcPause.class)).allMatch(p -> p.gcId() == 25);
    // the collection's cause is its pauses' cause
    assertThat(all(GcPause.class)).extracting(GcPause::cause).containsOnly("Allocation Rate");
    GcNotice stall = all(GcNotice.class).get(0);
    assertThat(stall.kind()).isEqualTo(GcNotice.Kind.ALLOCATION_STALL);
    assertThat(stall.text()).isEqualTo("Group1.Backend.CompositeBackend{Tier1}.1");
    assertThat(stall.durationMs()).isEqualTo(0.706);
    assertThat(stall.uptimeS()).isEqualTo(201.482);
    ConcurrentPhase cycle = all(ConcurrentPhase.class).stream().filter(ConcurrentPhase::wholeCycle).findFirst().orElseThrow();
    assertThat(cycle.name()).isEqualTo("Garbage Collection (Allocation Rate)");
    assertThat(cycle.durationMs()).isCloseTo((201.658 - 200.343) * 1000, within(1e-6));
    // capacity from the statistics table's Capacity row at Relocate End
    assertThat(cycle.memory().heap()).isEqualTo(MemoryUsage.of(3334 * M, 2230 * M, 3954 * M));
    assertThat(cycle.facts()).isEqualTo(new CycleFacts("Allocation Rate", CycleFacts.Scope.WHOLE_HEAP, 200.343,
        -1, -1, -1, -1));
    assertThat(info().collector()).isEqualTo(Collector.ZGC);
    assertThat(report.unparsed()).isZero();
  }

  @Test
  void zgcGenerationalMinorCollection() {
    parse("""
        [0.070s][info][gc          ] GC(2) Minor Collection (Allocation Rate)
        [0.070s][info][gc,phases   ] GC(2) y: Young Generation
        [0.070s][info][gc,phases   ] GC(2) y: Pause Mark Start 0.007ms
        [0.071s][info][gc,phases   ] GC(2) y: Concurrent Mark 1.081ms
        [0.071s][info][gc,phases   ] GC(2) y: Pause Mark End 0.009ms
        [0.071s][info][gc,phases   ] GC(2) y: Pause Relocate Start 0.005ms
        [0.072s][info][gc,heap     ] GC(2) y: Young Generation Statistics:
        [0.072s][info][gc,phases   ] GC(2) y: Young Generation 36M(56%)->22M(34%) 0.002s
        [0.072s][info][gc          ] GC(2) Minor Collection (Allocation Rate) 36M(56%)->22M(34%) 0.002s
        """);
    assertThat(all(GcPause.class)).extracting(GcPause::kind, GcPause::name, GcPause::durationMs, GcPause::cause)
        .containsExactly(
            tuple(PauseKind.MARK_START, "Pause Mark Start", 0.007, "Allocation Rate"),
            tuple(PauseKind.MARK_END, "Pause Mark End", 0.009, "Allocation Rate"),
            tuple(PauseKind.RELOCATE_START, "Pause Relocate Start", 0.005, "Allocation Rate"));
    // the generation's own summary line ("y: Young Generation ... 0.002s") is no phase
    List<ConcurrentPhase> phases = all(ConcurrentPhase.class);
    assertThat(phases).extracting(ConcurrentPhase::name, ConcurrentPhase::durationMs, ConcurrentPhase::wholeCycle)
        .containsExactly(tuple("young (minor): Concurrent Mark", 1.081, false),
            tuple("Minor Collection (Allocation Rate)", 2.0, true));
    assertThat(phases.get(1).memory().heap()).isEqualTo(MemoryUsage.of(36 * M, 22 * M, -1));
    assertThat(phases.get(1).facts().scope()).isEqualTo(CycleFacts.Scope.MINOR);
    assertThat(info().collector()).isEqualTo(Collector.ZGC_GENERATIONAL);
  }

  @Test
  void zgcCollectionAbortedAtTheEndIsCutOffByExit() {
    parse("""
        [0.096s][info ][gc,phases      ] GC(3) O: Old Generation Aborted
        [0.096s][info ][gc             ] GC(3) Major Collection (Warmup) Aborted
        [0.096s][info ][gc,heap,exit   ] Heap
        """);
    assertThat(all(ConcurrentPhase.class)).isEmpty();
    GcNotice n = all(GcNotice.class).get(0);
    assertThat(n.kind()).isEqualTo(GcNotice.Kind.CYCLE_CUT_OFF);
    assertThat(n.gcId()).isEqualTo(3);
    assertThat(n.text()).isEqualTo("Major Collection (Warmup) Aborted");
    assertThat(n.uptimeS()).isEqualTo(0.096);
    assertThat(report.unparsed()).isZero();
  }

  @Test
  void zgcMajorAndMinorCollectionsBothAbortedAtExitAreBothCutOff() {
    parse("""
        [2.000s][info][gc          ] GC(20) Major Collection (Proactive)
        [2.010s][info][gc          ] GC(21) Minor Collection (Allocation Rate)
        [2.020s][info][gc          ] GC(21) Minor Collection (Allocation Rate) Aborted
        [2.021s][info][gc          ] GC(20) Major Collection (Proactive) Aborted
        [2.022s][info][gc,exit     ] Heap
        """);
    assertThat(all(GcNotice.class)).extracting(GcNotice::kind, GcNotice::gcId).containsExactly(
        tuple(GcNotice.Kind.CYCLE_CUT_OFF, 21L), tuple(GcNotice.Kind.CYCLE_CUT_OFF, 20L));
  }

  @Test
  void zgcCollectionAbortedInTheMiddleOfARunIsCancelled() {
    parse("""
        [1.000s][info][gc          ] GC(7) Minor Collection (Allocation Rate)
        [1.001s][info][gc          ] GC(7) Minor Collection (Allocation Rate) Aborted
        [1.100s][info][gc          ] GC(8) Minor Collection (Proactive)
        [1.120s][info][gc          ] GC(8) Minor Collection (Proactive) 40M(16%)->20M(8%) 0.020s
        """);
    assertThat(all(GcNotice.class)).extracting(GcNotice::kind, GcNotice::gcId)
        .containsExactly(tuple(GcNotice.Kind.CYCLE_CANCELLED, 7L));
  }

  @Test
  void zgcStartWithNoSummaryAtTheEndIsCutOff() {
    parse("""
        [1.000s][info][gc,start    ] GC(4) Garbage Collection (Timer)
        [1.001s][info][gc,phases   ] GC(4) Pause Mark Start 0.004ms
        """);
    GcNotice n = all(GcNotice.class).get(0);
    assertThat(n.kind()).isEqualTo(GcNotice.Kind.CYCLE_CUT_OFF);
    assertThat(n.gcId()).isEqualTo(4);
    assertThat(n.text()).isEqualTo("Garbage Collection (Timer) with no summary before the end of the log");
    assertThat(all(GcPause.class)).extracting(GcPause::cause).containsExactly("Timer");
  }

  @Test
  void zgcGenerationalStatisticsTables() {
    parse("""
        [1.046s][info][gc          ] GC(1) Major Collection (Warmup)
        [1.046s][info][gc,phases   ] GC(1) Y: Young Generation
        [1.046s][info][gc,phases   ] GC(1) Y: Pause Mark Start (Major) 0.012ms
        [1.086s][info][gc,heap     ] GC(1) Y:                Mark Start          Mark End        Relocate Start      Relocate End           High               Low
        [1.086s][info][gc,heap     ] GC(1) Y:  Capacity:      256M (100%)        256M (100%)        256M (100%)        256M (100%)        256M (100%)        256M (100%)
        [1.086s][info][gc,heap     ] GC(1) Y:      Used:       52M (20%)          58M (23%)          50M (20%)          44M (17%)          60M (23%)          32M (12%)
        [1.086s][info][gc,heap     ] GC(1) Y: Young Generation Statistics:
        [1.086s][info][gc,heap     ] GC(1) Y:      Live:         -                 3M (1%)            1M (1%)            1M (0%)
        [1.086s][info][gc,heap     ] GC(1) Y: Allocated:         -                 6M (2%)            8M (3%)           34M (14%)
        [1.086s][info][gc,heap     ] GC(1) Y: Reclaimed:         -                  -                11M (5%)           48M (19%)
        [1.086s][info][gc,heap     ] GC(1) Y:  Promoted:         -                  -                 2M (1%)            2M (1%)
        [1.086s][info][gc,phases   ] GC(1) Y: Young Generation 52M(20%)->44M(17%) 0.040s
        [1.086s][info][gc,phases   ] GC(1) O: Old Generation
        [1.087s][info][gc,phases   ] GC(1) O: Concurrent Mark 0.478ms
        [1.087s][info][gc,phases   ] GC(1) O: Pause Mark End 0.012ms
        [1.096s][info][gc,heap     ] GC(1) O: Old Generation Statistics:
        [1.096s][info][gc,heap     ] GC(1) O:      Live:         -                 5M (2%)            5M (2%)            5M (2%)
        [1.096s][info][gc,heap     ] GC(1) O: Allocated:         -                 0M (0%)            0M (0%)            9M (4%)
        [1.096s][info][gc,heap     ] GC(1) O: Reclaimed:         -                  -                 0M (0%)            4M (2%)
        [1.096s][info][gc,phases   ] GC(1) O: Old Generation 44M(17%)->62M(24%) 0.010s
        [1.096s][info][gc          ] GC(1) Major Collection (Warmup) 52M(20%)->62M(24%) 0.050s
        """);
    ConcurrentPhase cycle = all(ConcurrentPhase.class).stream().filter(ConcurrentPhase::wholeCycle).findFirst().orElseThrow();
    assertThat(cycle.memory().heap()).isEqualTo(MemoryUsage.of(52 * M, 62 * M, 256 * M));
    // live: young 3M + old 5M at Mark End; allocated: the young table's (the old one counts moved objects);
    // reclaimed: young 48M + old 4M; promoted: 2M
    assertThat(cycle.facts()).isEqualTo(new CycleFacts("Warmup", CycleFacts.Scope.MAJOR, 1.046,
        8 * M, 34 * M, 52 * M, 2 * M));
    assertThat(all(ConcurrentPhase.class)).filteredOn(c -> !c.wholeCycle()).extracting(ConcurrentPhase::name)
        .containsExactly("old: Concurrent Mark");
    assertThat(all(GcPause.class)).extracting(GcPause::kind, GcPause::name).containsExactly(
        tuple(PauseKind.MARK_START, "Pause Mark Start (Major)"), tuple(PauseKind.MARK_END, "Pause Mark End"));
    assertThat(report.unparsed()).isZero();
  }

  @Test
  void shenandoahCycleDegeneratedAndCancelled() {
    parse("""
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc       ] Using Shenandoah
        [2022-08-17T00:34:05.115+0800][1.466s][info][gc,start    ] GC(0) Concurrent reset
        [2022-08-17T00:34:05.140+0800][1.491s][info][gc          ] GC(0) Concurrent reset 25.172ms
        [2022-08-17T00:34:05.140+0800][1.492s][info][gc,start    ] GC(0) Pause Init Mark (unload classes)
        [2022-08-17T00:34:05.142+0800][1.493s][info][gc          ] GC(0) Pause Init Mark (unload classes) 1.313ms
        [2022-08-17T00:34:05.155+0800][1.506s][info][gc,start    ] GC(0) Concurrent marking (unload classes)
        [2022-08-17T00:34:05.368+0800][1.720s][info][gc          ] GC(0) Concurrent marking (unload classes) 213.664ms
        [2022-08-17T00:34:05.369+0800][1.720s][info][gc,start    ] GC(0) Pause Final Mark (unload classes)
        [2022-08-17T00:34:05.369+0800][1.720s][info][gc          ] GC(0) Pause Final Mark (unload classes) 0.277ms
        [2022-08-17T00:34:05.373+0800][1.724s][info][gc          ] GC(0) Concurrent cleanup 1593M->1282M(1606M) 0.199ms
        [2022-08-17T00:34:05.412+0800][1.763s][info][gc          ] GC(0) Pause Init Update Refs 0.030ms
        [29.628s][info][gc            ] Cancelling concurrent GC: Allocation Failure
        [2019-09-28T14:33:00.074+0000][8.793s][info][gc,start      ] GC(165) Pause Degenerated GC (Outside of Cycle)
        [2019-09-28T14:33:00.085+0000][8.804s][info][gc            ] GC(165) Pause Degenerated GC (Outside of Cycle) 119M->56M(124M) 11.373ms
        """);
    List<GcPause> pauses = all(GcPause.class);
    assertThat(pauses).extracting(GcPause::kind, GcPause::name).containsExactly(
        tuple(PauseKind.INITIAL_MARK, "Pause Init Mark (unload classes)"),
        tuple(PauseKind.REMARK, "Pause Final Mark (unload classes)"),
        tuple(PauseKind.OTHER, "Pause Init Update Refs"),
        tuple(PauseKind.DEGENERATED, "Pause Degenerated GC (Outside of Cycle)"));
    assertThat(pauses).extracting(GcPause::cause).containsOnlyNulls();
    GcPause degenerated = pauses.get(3);
    assertThat(degenerated.durationMs()).isEqualTo(11.373);
    assertThat(degenerated.uptimeS()).isEqualTo(8.793);
    assertThat(degenerated.memory().heap()).isEqualTo(MemoryUsage.of(119 * M, 56 * M, 124 * M));
    assertThat(degenerated.anomalies()).containsExactly(Anomaly.ALLOCATION_FAILURE_DEGENERATED);
    GcNotice cancelled = all(GcNotice.class).get(0);
    assertThat(cancelled.kind()).isEqualTo(GcNotice.Kind.CYCLE_CANCELLED);
    assertThat(cancelled.text()).isEqualTo("Allocation Failure");
    ConcurrentPhase cycle = all(ConcurrentPhase.class).stream().filter(ConcurrentPhase::wholeCycle).findFirst().orElseThrow();
    assertThat(cycle.gcId()).isZero();
    assertThat(cycle.memory().heap()).isEqualTo(MemoryUsage.of(1593 * M, 1282 * M, 1606 * M));
    assertThat(cycle.durationMs()).isCloseTo((1.763 - 1.466) * 1000, within(1e-6));
    assertThat(all(ConcurrentPhase.class)).filteredOn(c -> !c.wholeCycle()).extracting(ConcurrentPhase::name)
        .containsExactly("Concurrent reset", "Concurrent marking (unload classes)", "Concurrent cleanup");
  }

  @Test
  void safepointLinesOfJdk11AndJdk17() {
    parse("""
        [0.207s][info][safepoint    ] Total time for which application threads were stopped: 0.0072168 seconds, Stopping threads took: 0.0000337 seconds
        [0.208s][info][safepoint    ] Application time: 0.0008991 seconds
        [0.040s][info][safepoint   ] Safepoint "G1TryInitiateConcMark", Time since last: 21556125 ns, Reaching safepoint: 5878 ns, At safepoint: 2363763 ns, Leaving safepoint: 2133 ns, Total: 2371774 ns, Threads: 0 runnable, 10 total
        """);
    List<SafepointPause> s = all(SafepointPause.class);
    assertThat(s).hasSize(2);
    assertThat(s).anySatisfy(p -> {
      assertThat(p.stoppedMs()).isCloseTo(7.2168, within(1e-9));
      assertThat(p.timeToSafepointMs()).isCloseTo(0.0337, within(1e-9));
      assertThat(p.uptimeS()).isEqualTo(0.207);
    });
    assertThat(s).anySatisfy(p -> {
      assertThat(p.stoppedMs()).isCloseTo(2.371774, within(1e-9));
      assertThat(p.timeToSafepointMs()).isCloseTo(0.005878, within(1e-9));
    });
    assertThat(report.gcLines()).isEqualTo(3);
  }

  @Test
  void initLinesBecomeJvmInfo() {
    parse("""
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] Version: 17.0.4+8 (release)
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] CPUs: 12 total, 12 available
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] Memory: 15808M
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] Heap Min Capacity: 7M
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] Heap Initial Capacity: 248M
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] Heap Max Capacity: 3953M
        [2022-08-17T00:34:03.652+0800][0.003s][info][gc,init  ] Heap Region Size: 1M
        [0.008s][info][gc,init] Mode: Generational
        [0.001s][info][arguments] jvm_args: -Xlog:arguments -Xmx64m -XX:+UseSerialGC
        [0.007s][info][gc     ] Using Shenandoah
        [0.008s][info][gc,init] Mode: Generational
        """);
    JvmInfo i = info();
    assertThat(i.version()).isEqualTo("17.0.4+8");
    assertThat(i.cpus()).isEqualTo(12);
    assertThat(i.memoryBytes()).isEqualTo(15808 * M);
    assertThat(i.heapMinBytes()).isEqualTo(7 * M);
    assertThat(i.heapInitialBytes()).isEqualTo(248 * M);
    assertThat(i.heapMaxBytes()).isEqualTo(3953 * M);
    assertThat(i.regionSizeBytes()).isEqualTo(M);
    assertThat(i.commandLineFlags()).containsExactly("-Xlog:arguments", "-Xmx64m", "-XX:+UseSerialGC");
    assertThat(i.collector()).isEqualTo(Collector.SHENANDOAH_GENERATIONAL);
    assertThat(report.unparsed()).isZero();
    assertThat(report.otherText()).isZero();
  }

  @Test
  void decoratorsAreReadByContentInAnyOrder() {
    String msg = " GC(3) Pause Young (Normal) (G1 Evacuation Pause) 20M->10M(64M) 1.500ms";
    String[] decorations = {
        "[1.250s][info][gc]",
        "[1250ms][gc][info]",
        "[1250000000ns][1234][5678]",
        "[2020-01-01T10:00:00.123+0100][gc]",
        "[1577869200123ms][1.250s]",
        "[1577869200123000000ns][1250ms][info][gc]",
        "[2020-01-01T09:00:00.123+0000][12][1.250s]",
    };
    for (String d : decorations) {
      parse(d + msg);
    }
    List<GcPause> p = all(GcPause.class);
    assertThat(p).hasSize(decorations.length).allMatch(x -> x.durationMs() == 1.5 && x.gcId() == 3);
    double start = 1.250 - 0.0015;
    long epochStart = 1577869200123L - 2;
    assertThat(p.get(0).uptimeS()).isCloseTo(start, within(1e-12));
    assertThat(p.get(0).epochMs()).isEqualTo(GcEvent.NO_EPOCH);
    assertThat(p.get(1).uptimeS()).isCloseTo(start, within(1e-12));
    assertThat(p.get(2).uptimeS()).isCloseTo(start, within(1e-12));
    assertThat(p.get(3).uptimeS()).isNaN();
    assertThat(p.get(3).epochMs()).isEqualTo(epochStart);
    assertThat(p.get(4).uptimeS()).isCloseTo(start, within(1e-12));
    assertThat(p.get(4).epochMs()).isEqualTo(epochStart);
    assertThat(p.get(5).epochMs()).isEqualTo(epochStart);
    assertThat(p.get(5).uptimeS()).isCloseTo(start, within(1e-12));
    assertThat(p.get(6).epochMs()).isEqualTo(epochStart);
    assertThat(report.unparsed()).isZero();
  }

  @Test
  void linesOutsideGcAreOtherText() {
    parse("""
        [0.014s][info][os,cpu] CPU:total 4 (initial active 4) (4 cores per cpu, 1 threads per core)
        [0.041s][info][biasedlocking] Aligned thread 0x00007f93e0013d80 to 0x00007f93e0014000
         at bci 0 for thread 0x00007f93e0014000

        [0.100s][info][gc,stats    ] Pause Init Mark (G)                 201 us
        """);
    assertThat(events).isEmpty();
    assertThat(report.otherText()).isEqualTo(4);
    assertThat(report.gcLines()).isEqualTo(1);
    assertThat(report.unparsed()).isZero();
  }

  @Test
  void brokenPauseLineIsNotUnderstood() {
    parse("""
        [0.209s][info][gc] GC(0) Pause Young (Allocation Failure) 41M->38M(150M) 8.822
        """);
    assertThat(events).isEmpty();
    assertThat(report.unparsed()).isEqualTo(1);
  }

  @Test
  void commaDecimalMark() {
    parse("""
        [1,474s][info][gc                ] GC(0) Pause Full (System.gc()) 10M->1M(64M) 3,130ms
        """);
    GcPause p = onlyPause();
    assertThat(p.durationMs()).isEqualTo(3.13);
    assertThat(p.uptimeS()).isCloseTo(1.474 - 0.00313, within(1e-12));
    assertThat(p.cause()).isEqualTo("System.gc()");
  }
}
