package io.jtune.gc.analysis;

import io.jtune.gc.facts.AnalysisOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WireMock 3.13.2 at 600 JSON POSTs a second in a 128 MB serial heap, with its in-memory request
 * journal on (the default) and off (--no-request-journal): the baseline runs' logs of the case study
 * (testdata/services/README.md), with the time each load began.
 */
class LiveSetUnderLoadTest {
  private static Path testdata() {
    String corpus = System.getProperty("jtune.corpus");
    return (corpus != null ? Path.of(corpus) : Path.of("../testdata/gclogs")).resolve("..").toAbsolutePath().normalize();
  }

  private static String rising(String log, String loadStart) {
    LiveSetUnderLoad live = new LiveSetUnderLoad(Instant.parse(loadStart).toEpochMilli(), new StartupPauses(0));
    GcAnalyzer.analyze(testdata().resolve(log).toString(), AnalysisOptions.DEFAULTS, live);
    return live.rising();
  }

  @Test
  void aJournalWithoutABoundIsALiveSetThatRisesUnderLoad() {
    String why = rising("services/wiremock-3-journal-serial128m-jdk17.log", "2026-11-25T01:25:31.446Z");
    assertThat(why).isNotNull().contains("the live set rose from 10.1 MB to 47.4 MB in 21 s", "under a constant load",
        "each of the 4 Full GCs under load freed less than 10 %");
  }

  @Test
  void withoutTheJournalItDoesNot() {
    assertThat(rising("services/wiremock-3-nojournal-serial128m-jdk17.log", "2026-11-25T01:37:57.351Z")).isNull();
  }

  @Test
  void fullGcsThatFreePromotedGarbageAreNoRisingLiveSet() {
    // the lab's survivor overflow: short-lived objects promoted early die in old, and Full GCs free them
    assertThat(rising("casebook/survivor-overflow.log", "2026-11-24T19:09:05.906Z")).isNull();
    assertThat(rising("casebook/cache-churn.log", "2000-01-01T00:00:00Z")).isNull();
  }

  /**
   * The journal bounded at 18,000 entries: through the first 25 s run the live set rises as it
   * fills (a cache or a leak: the run cannot tell); over a run three times as long it levels off,
   * and the Full GCs late in the run free the entries the journal evicts.
   */
  @Test
  void aBoundedJournalRisesThroughAShortRunAndLevelsOffInALongerOne() {
    String shortRun = rising("services/wiremock-3-journal18000-serial128m-jdk17.log", "2026-11-25T04:50:30.654Z");
    assertThat(shortRun).isNotNull().contains("the live set rose from");
    LiveSetUnderLoad longer = new LiveSetUnderLoad(Instant.parse("2026-11-25T04:51:01.765Z").toEpochMilli(),
        Instant.parse("2026-11-25T04:52:06.765Z").toEpochMilli(), new StartupPauses(0));
    Analysis a = GcAnalyzer.analyze(testdata().resolve("services/wiremock-3-journal18000-serial128m-60s-jdk17.log").toString(),
        AnalysisOptions.DEFAULTS, longer);
    assertThat(longer.rising()).isNull();
    // the memory model of the same log: the trend levelled off, so no leak, and a heap sized from the plateau
    assertThat(a.memoryModel().live().trendNote()).startsWith("levelled off: the live set rose from");
    assertThat(a.memoryModel().leak()).isFalse();
    assertThat(a.diagnosis().primary()).isNotEqualTo(io.jtune.gc.diagnosis.Problem.MEMORY_LEAK);
    assertThat(a.memoryModel().live().bytes()).isBetween(60L << 20, 70L << 20);
  }

  /**
   * A run shorter than the journal's growth needs Full GCs: the same log up to 18.5 s into the
   * load (what a run that ended then wrote), whose last Full GC came 8.8 s after the load began.
   * No Full GC in the last third is no evidence that the live set levelled off while the old
   * generation keeps filling as fast as it rose: the next Full GC was merely not due yet.
   */
  @Test
  void noFullGcLateInTheRunIsNoLevellingOffWhileTheOldGenerationKeepsFilling(@TempDir Path dir) throws Exception {
    Path whole = testdata().resolve("services/wiremock-3-journal-serial128m-jdk17.log");
    Path cut = dir.resolve("wiremock-journal-first-18s.log");
    Files.write(cut, Files.readAllLines(whole).stream().takeWhile(l -> !l.startsWith("[2026-11-25T01:25:50")).toList());
    LiveSetUnderLoad live = new LiveSetUnderLoad(Instant.parse("2026-11-25T01:25:31.446Z").toEpochMilli(),
        Instant.parse("2026-11-25T01:25:49.946Z").toEpochMilli(), new StartupPauses(0));
    GcAnalyzer.analyze(cut.toString(), AnalysisOptions.DEFAULTS, live);
    assertThat(live.levelledOff()).isNull();
    assertThat(live.rising()).contains("the live set rose from 10.1 MB to 28", "each of the 3 Full GCs under load",
        "after the last Full GC the old generation kept filling as fast");
  }

  @Test
  void noLoadStartWatchesNothing() {
    LiveSetUnderLoad live = new LiveSetUnderLoad(0, e -> true);
    GcAnalyzer.analyze(testdata().resolve("services/wiremock-3-journal-serial128m-jdk17.log").toString(),
        AnalysisOptions.DEFAULTS, live);
    assertThat(live.rising()).isNull();
  }
}
