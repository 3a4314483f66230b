package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import io.jtune.experiment.report.Overload;
import io.jtune.experiment.report.Verdict;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An overloaded run is not diagnosed: its latencies and pauses are a queue's. On recorded runs of
 * the lab's jit-warmup scenario (testdata/experiments/jit-warmup-overload): the first baseline at
 * 600 req/s (served 221); the baseline again at 199 req/s, which served 180 (over 90 % of the rate)
 * while its p99 rose through the window from 122 ms to 1.9 s; and a ramped run at 199 req/s with a
 * steady window. The session steps down once below a queue, then stops with the overload as its
 * finding.
 */
class OverloadedRunTest {
  @TempDir Path dir;

  @Test
  void aQueuesRunIsNotDiagnosedAndAServedOneIs() throws Exception {
    RunResult first = ColdStartRampTest.run("baseline");
    RunResult atCapacity = ColdStartRampTest.run("baseline-at-capacity");
    RunResult served = ColdStartRampTest.run("ramped");

    assertThat(BaselineRuns.diagnosed(first, null, false)).isFalse();
    // served about the rate, but a queue growing through its window: not diagnosed below an overload
    assertThat(atCapacity.overloaded()).isFalse();
    assertThat(BaselineOverload.queueGrowing(atCapacity)).isEqualTo(
        "its p99 rose through the window from 122 ms to 1,883 ms, second after second");
    assertThat(BaselineRuns.diagnosed(atCapacity, null, true)).isFalse();
    // a first baseline's rising p99 may be its GC's (a leak fills the heap): only the overload's rule applies there
    assertThat(BaselineRuns.diagnosed(atCapacity, null, false)).isTrue();
    assertThat(BaselineOverload.queueGrowing(served)).isNull();
    assertThat(BaselineRuns.diagnosed(served, null, true)).isTrue();
  }

  @Test
  void aQueueBelowTheOverloadStepsDownOnceThenTheOverloadIsTheFinding() throws Exception {
    RunResult first = ColdStartRampTest.run("baseline");
    BaselineOverload found = BaselineOverload.of(first);
    assertThat(found.capacityRps()).isEqualTo(221.265);
    assertThat(found.measuredAtRps()).isEqualTo(Overload.validRate(221.265)).isEqualTo(199);

    BaselineOverload once = found.withRerun(ColdStartRampTest.run("baseline-at-capacity"));
    assertThat(once.steppingDown()).isTrue();
    assertThat(once.unresolved()).isFalse();
    assertThat(once.measuredAtRps()).isEqualTo(Overload.validRate(179.627)).isEqualTo(161);
    assertThat(once.reruns()).singleElement().satisfies(r -> {
      assertThat(r.offeredRps()).isEqualTo(199);
      assertThat(r.overloaded()).isTrue();
      assertThat(r.rampUpS()).isEqualTo(19);
    });
    assertThat(once.rerunWords()).startsWith("still a queue at 199 req/s: the baseline served 180 req/s (its rate"
        + " ramped up over 19 s), but its p99 rose through the window").contains("No diagnosis is drawn from a queue's"
        + " run: the baseline is measured once more at 161 req/s");

    // a queue at the lower rate too (the first run's again, as recorded): no rerun is left
    BaselineOverload twice = once.withRerun(first);
    assertThat(twice.unresolved()).isTrue();
    assertThat(twice.steppingDown()).isFalse();
    assertThat(twice.rerunWords()).contains("none served: the overload is the finding")
        .contains("not a GC diagnosis — no flag candidates are drawn from a queue's run");

    // served with a steady window: the comparison is measured there
    BaselineOverload servedAt = found.withRerun(ColdStartRampTest.run("ramped"));
    assertThat(servedAt.steppingDown()).isFalse();
    assertThat(servedAt.unresolved()).isFalse();
    assertThat(servedAt.measuredAtRps()).isEqualTo(199);
    assertThat(servedAt.rerunWords()).startsWith("at 199 req/s the baseline served 199 req/s");
  }

  @Test
  void anUnresolvedOverloadsDocumentStatesTheCapacityNotADiagnosis() throws Exception {
    RunResult first = ColdStartRampTest.run("baseline");
    RunResult atCapacity = ColdStartRampTest.run("baseline-at-capacity");
    BaselineOverload twice = BaselineOverload.of(first).withRerun(atCapacity).withRerun(atCapacity);
    assertThat(twice.unresolved()).isTrue();
    // as the session writes it: the overload's words, no analysis (a queue's run is not diagnosed)
    TuneJson.write(dir, new TuneJson.Content("overloaded", Verdict.OVERLOADED.key(), twice.rerunWords(), null, null,
        null, atCapacity, List.of(), null, null, null, twice));
    JsonNode doc = Json.mapper().readTree(dir.resolve(TuneJson.FILE).toFile());
    validAndRenameFails(doc, "/overload/reruns");
    assertThat(doc.at("/outcome").asText()).isEqualTo("overloaded");
    assertThat(doc.at("/recommendation/verdict").asText()).isEqualTo("overloaded");
    assertThat(doc.has("diagnosis")).isFalse();
    assertThat(doc.at("/overload/unresolved").asBoolean()).isTrue();
    assertThat(doc.at("/overload/reruns")).hasSize(2);
    assertThat(doc.at("/overload/reruns/0/queueGrowing").asText()).startsWith("its p99 rose through the window");
    assertThat(doc.at("/overload/reruns/0/rampUpS").asDouble()).isEqualTo(19);
    // the ramped run's record, as result.json keeps it
    JsonNode ramped = Json.mapper().valueToTree(ColdStartRampTest.run("ramped"));
    validAndRenameFails(ramped, "/steadiness/rampUpS");
  }
}
