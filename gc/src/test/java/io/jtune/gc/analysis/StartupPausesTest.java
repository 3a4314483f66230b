package io.jtune.gc.analysis;

import io.jtune.gc.facts.AnalysisOptions;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.PauseKind;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.diagnosis.Problem;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keycloak 26 started by its own kc.sh (G1, -Xms64m -Xmx512m) and then served 150 token requests
 * a second: its start-up's 30 pauses, up to 164 ms, came before the first request and are
 * no part of how it serves (testdata/services/README.md).
 */
class StartupPausesTest {
  private static final long LOAD_START = Instant.parse("2026-11-25T01:08:26.295Z").toEpochMilli();

  private static String log() {
    String corpus = System.getProperty("jtune.corpus");
    Path gclogs = corpus != null ? Path.of(corpus) : Path.of("../testdata/gclogs");
    return gclogs.resolve("../services/keycloak-26-kcsh-defaults-jdk17.log").toAbsolutePath().normalize().toString();
  }

  @Test
  void startUpYoungPausesAreLeftOutOfTheDiagnosisOfTheServiceUnderLoad() {
    Analysis whole = GcAnalyzer.analyze(log(), AnalysisOptions.DEFAULTS, e -> true);
    StartupPauses startup = new StartupPauses(LOAD_START);
    Analysis underLoad = GcAnalyzer.analyze(log(), AnalysisOptions.DEFAULTS, startup);

    // the whole log: start-up decides it
    assertThat(whole.pauses().kind(PauseKind.YOUNG).maxMs()).isGreaterThan(150);
    assertThat(whole.diagnosis().primary()).isEqualTo(Problem.LONG_PAUSES);

    assertThat(startup.left()).isEqualTo(30); // GC(0) to GC(28): 27 young, 2 mixed, a remark and a cleanup
    assertThat(startup.longestMs()).isGreaterThan(150);
    assertThat(underLoad.pauses().all().count() + startup.left()).isEqualTo(whole.pauses().all().count());
    assertThat(underLoad.pauses().kind(PauseKind.YOUNG).maxMs()).isLessThan(60);
    assertThat(underLoad.findings()).extracting(Finding::id).doesNotContain("os-interference");
  }

  @Test
  void noLoadStartKeepsEveryPause() {
    StartupPauses none = new StartupPauses(0);
    Analysis a = GcAnalyzer.analyze(log(), AnalysisOptions.DEFAULTS, none);
    assertThat(none.left()).isZero();
    assertThat(a.pauses().all().count())
        .isEqualTo(GcAnalyzer.analyze(log(), AnalysisOptions.DEFAULTS, e -> true).pauses().all().count());
  }

  @Test
  void oneReadGivesEachViewTheAnalysisItsOwnReadGives() throws Exception {
    // the run's figures over every event, and the diagnosis under load, from one parse of the log
    AnalysisOptions run = new AnalysisOptions(60, 50, Double.NaN, null, true);
    StartupPauses startup = new StartupPauses(LOAD_START);
    List<GcAnalyzer.Viewed> views = GcAnalyzer.analyze(log(), List.of(
        new GcAnalyzer.View(run, e -> true, true), new GcAnalyzer.View(AnalysisOptions.DEFAULTS, startup, false)));

    StartupPauses alone = new StartupPauses(LOAD_START);
    assertThat(json(views.get(0).get())).isEqualTo(json(GcAnalyzer.analyzeRun(log(), run)));
    assertThat(json(views.get(1).get())).isEqualTo(json(GcAnalyzer.analyze(log(), AnalysisOptions.DEFAULTS, alone)));
    assertThat(startup.left()).isEqualTo(alone.left()).isEqualTo(30);
    assertThat(views.get(1).get().pauses().all().count()).isLessThan(views.get(0).get().pauses().all().count());
  }

  @Test
  void aViewWithNothingLeftIsItsOwnErrorNotTheOthers() {
    List<GcAnalyzer.Viewed> views = GcAnalyzer.analyze(log(), List.of(
        new GcAnalyzer.View(AnalysisOptions.DEFAULTS, e -> true, false),
        new GcAnalyzer.View(AnalysisOptions.DEFAULTS, e -> false, false)));
    assertThat(views.get(0).failure()).isNull();
    assertThat(views.get(0).get().pauses().all().count()).isPositive();
    assertThat(views.get(1).analysis()).isNull();
    assertThat(views.get(1).failure()).hasMessageStartingWith("nothing to analyze");
  }

  private static String json(Analysis a) throws java.io.IOException {
    java.io.StringWriter w = new java.io.StringWriter();
    io.jtune.gc.render.AnalysisJson.write(a, w);
    return w.toString();
  }
}
