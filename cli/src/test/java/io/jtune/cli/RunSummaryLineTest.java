package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.Json;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The line an experiment prints as each run ends, on recorded runs (testdata/experiments). */
class RunSummaryLineTest {
  private static RunResult recorded(String run) throws Exception {
    return Json.mapper().readValue(Path.of("../testdata/experiments/" + run + "/result.json").toFile(), RunResult.class);
  }

  /** threads=16 served 173 of the 230 req/s offered: its latency is the queue's, and the line says so. */
  @Test
  void anOverloadedRunsLatencyIsSaidToBeQueueing() throws Exception {
    RunResult r = recorded("io-bound-threads/runs/high-threads=16-r1");
    assertThat(r.overloaded()).isTrue();
    assertThat(ExperimentCommand.summary(r)).endsWith("; served 173 of 230 req/s offered: the latency is queueing")
        .doesNotContain("in a GC pause");
  }

  /** A run that kept up says how many of its slow requests a GC pause held up. */
  @Test
  void aRunThatKeptUpSaysWhatTheGcPausesHeldUp() throws Exception {
    RunResult r = recorded("survivor-overflow/runs/high-baseline-r4");
    assertThat(r.overloaded()).isFalse();
    assertThat(ExperimentCommand.summary(r)).containsPattern(", \\d+ % of requests > p99 in a GC pause$")
        .doesNotContain("queueing");
  }
}
