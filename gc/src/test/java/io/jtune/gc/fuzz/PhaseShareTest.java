package io.jtune.gc.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.render.AnalysisJson;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A record whose phase is longer than its pause (found by mutating a real G1 log: the fuzz input
 * regression-phase-longer-than-pause, two pauses of the lab's api log, one with its evacuation
 * phase at 111.5 ms in a 12.3 ms pause) is counted as inconsistent, and no share passes 100 %.
 */
class PhaseShareTest {
  @Test
  void aPhaseLongerThanItsPauseIsCountedAndClamped() throws URISyntaxException {
    Path log = Path.of(PhaseShareTest.class.getResource("GcLogFuzzTestInputs/unifiedParser/"
        + "regression-phase-longer-than-pause").toURI());
    Analysis a = AnalyzedLogs.analyze(log);
    JsonNode phases = AnalysisJson.build(a).get("phases");
    assertThat(phases.get("pausesWithPhases").asLong()).isEqualTo(2);
    assertThat(phases.get("pausesInconsistent").asLong()).isEqualTo(1);
    for (JsonNode p : phases.get("young")) {
      assertThat(p.get("pauseTimePct").asDouble()).as(p.get("phase").asText()).isBetween(0.0, 100.0);
    }
    assertThat(a.model().youngTimePct()).isBetween(0.0, 100.0);
  }

  @Test
  void consistentLogsSayNothingAboutIt() {
    JsonNode phases = AnalysisJson.build(AnalyzedLogs.analyze(AnalyzedLogs.testdataFile("casebook/api.log")))
        .get("phases");
    assertThat(phases.get("pausesWithPhases").asLong()).isPositive();
    assertThat(phases.has("pausesInconsistent")).isFalse();
  }
}
