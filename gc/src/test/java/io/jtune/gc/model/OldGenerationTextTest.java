package io.jtune.gc.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.Analysis;
import org.junit.jupiter.api.Test;

/**
 * A live set larger than the old generation's capacity as the evidence names it: G1 grew young to
 * most of the heap while old was empty, then kept a 150 MiB live set (testdata/live-set). "157 MB
 * live in an old generation of 84 MB" cannot be read; the evidence says which capacity that is and
 * that the generation grew past it.
 */
class OldGenerationTextTest {
  @Test
  void aLiveSetLargerThanTheOldGenerationSaysWhichCapacityIsMeant() {
    Analysis a = AnalyzedLogs.analyze(AnalyzedLogs.testdataFile("live-set/g1-young-then-live-set-jdk17.log.gz"));
    MemoryModel m = a.model();
    assertThat(m.live().bytes()).isGreaterThan(m.oldCapacity());
    assertThat(a.diagnosis().primary().code()).isEqualTo("heap-too-small");
    String line = a.diagnosis().evidence().stream().filter(e -> e.contains("old generation of")).findFirst()
        .orElseThrow();
    assertThat(line).contains("heap less young at its largest").contains("old grew past it");
  }

  @Test
  void aLiveSetThatFitsItsGenerationIsSaidPlainly() {
    Analysis a = AnalyzedLogs.analyze(AnalyzedLogs.testdataFile("casebook/survivor-overflow.log"));
    assertThat(a.model().live().bytes()).isLessThan(a.model().oldCapacity());
    assertThat(a.model().oldGenerationText()).matches("an old generation of [0-9.]+ MB");
  }
}
