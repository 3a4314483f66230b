package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The run that settles a heap that filled, on real logs of the lab's store-bound scenario (a store
 * of 14,000 entries of 8 KiB keyed by a UUID per request): at -Xmx128m its heap fills; at twice
 * the heap, three times as long, its live set levels off at the store's bound. The session-leak
 * scenario's log stands for a run whose live set keeps rising.
 */
class StoreBoundTest {
  private static final long MB = 1L << 20;

  private static Analysis analyze(String log) {
    return GcAnalyzer.analyze(List.of(Path.of("../testdata/casebook").resolve(log).toString()),
        new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
  }

  @Test
  void aLiveSetThatLevelsOffAtTwiceTheHeapIsAStoreNotALeak() {
    Analysis filled = analyze("store-bound.log.gz");
    assertThat(filled.diagnosis().primary().code()).isEqualTo("memory-leak");
    assertThat(filled.model().live().saturates()).isTrue();
    Analysis larger = analyze("store-bound-larger-heap.log.gz");
    StoreBound s = StoreBound.of(List.of("-Xmx256m"), 256 * MB, 128 * MB, larger, null, null, -1);
    assertThat(s.levelsOff()).isTrue();
    assertThat(s.liveBytes()).isBetween(110 * MB, 160 * MB);
    // the memory model's rule: 3-4x the live set, rounded up to 64 MB
    assertThat(s.heapForLive()).isEqualTo(larger.model().heapForLiveSet()).isGreaterThan(3 * s.liveBytes());
    assertThat(s.evidence()).contains("levelled off at", "-Xmx256m", "not a leak", "lower the store's bound");
    // within a container, the heap the limit allows caps it
    StoreBound capped = StoreBound.of(List.of("-Xmx256m"), 256 * MB, 128 * MB, larger, null, null, 320 * MB);
    assertThat(capped.heapForLive()).isEqualTo(320 * MB);
  }

  /**
   * What grew in the lab's session-leak scenario between two real class histograms of one run
   * (testdata/class-histogram/lab-session-leak-*.txt, see its README).
   */
  static io.jtune.experiment.run.ClassGrowth labSessionLeak() throws java.io.IOException {
    Path dir = Path.of("../testdata/class-histogram");
    return io.jtune.experiment.run.ClassGrowth.of(
        io.jtune.experiment.run.ClassHistogram.parse(java.nio.file.Files.readAllLines(dir.resolve("lab-session-leak-start.txt"))),
        io.jtune.experiment.run.ClassHistogram.parse(java.nio.file.Files.readAllLines(dir.resolve("lab-session-leak-end.txt"))),
        LAB_SESSION_LEAK_S);
  }

  /** Seconds between the two lab histograms (the run's result.json said so). */
  static final double LAB_SESSION_LEAK_S = 3.011;

  @Test
  void aLeakAtTheLargerHeapNamesWhatGrewByItsClassHistograms() throws Exception {
    StoreBound s = StoreBound.of(List.of("-Xmx512m"), 512 * MB, 256 * MB, analyze("session-leak.log"), null, null, -1,
        labSessionLeak().words(Baseline.GAINERS));
    assertThat(s.levelsOff()).isFalse();
    assertThat(s.evidence()).contains("kept rising", "a leak (", "flags are not the fix. What grew between the end of the"
        + " warm-up and the end of the window (class histograms ").contains("[B +")
        .contains("; the first class outside the JDK: org.apache.catalina.session.StandardSession +287 instances +24.7 KB;")
        .endsWith(".");
  }

  @Test
  void aLiveSetThatKeepsRisingAtTheLargerHeapIsALeak() {
    Analysis leak = analyze("session-leak.log");
    StoreBound s = StoreBound.of(List.of("-Xmx512m"), 512 * MB, 256 * MB, leak, null, null, -1);
    assertThat(s.levelsOff()).isFalse();
    assertThat(s.heapForLive()).isEqualTo(-1);
    assertThat(s.evidence()).contains("kept rising", "a leak");
    // and a live set still rising at the end of the run is one, whatever the log's diagnosis
    StoreBound rising = StoreBound.of(List.of("-Xmx256m"), 256 * MB, 128 * MB, analyze("store-bound-larger-heap.log.gz"),
        "old after GC rose 40 MB in the last third", null, -1);
    assertThat(rising.levelsOff()).isFalse();
  }

  @Test
  void theSuggestionGetsAHeapSizedForTheStoreUnlessACandidateHasOne() {
    Analysis larger = analyze("store-bound-larger-heap.log.gz");
    StoreBound s = StoreBound.of(List.of("-Xmx256m"), 256 * MB, 128 * MB, larger, null, null, -1);
    Suggestion advised = Advisor.advise(larger, Advisor.Inputs.NONE.withFlags(List.of("-Xms128m", "-Xmx128m")));
    // the advice on the larger run already sizes the heap from the live set it measured
    assertThat(advised.candidates()).anyMatch(c -> c.flags().contains("-Xmx448m"));
    assertThat(StoreBound.withHeldHeap(advised, s)).isSameAs(advised);
    Suggestion none = new Suggestion(advised.jdk(), advised.collector(), advised.baselineFlags(), List.of(),
        advised.levels(), false, advised.verdict(), advised.evidence(), advised.notes(), advised.diagnosis());
    Suggestion added = StoreBound.withHeldHeap(none, s);
    assertThat(added.candidates()).extracting(Candidate::name).containsExactly(StoreBound.CANDIDATE);
    assertThat(added.candidates().get(0).flags()).containsExactly("-Xms448m", "-Xmx448m");
  }
}
