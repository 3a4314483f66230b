package io.jtune.experiment.tune;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tune.json, whatever the session ends with, valid against its schema: the lab's leaking scenario
 * (the verdict memory-leak, before any experiment) and a service that exits at once (failed, with
 * the error line the session throws).
 */
@ExtendWith(UsesLabJar.class)
class TuneDocumentTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void aLeakIsADocument() throws IOException {
    LabScenario sc = LabLauncher.at(TuneSessionTest.LAB_JAR).scenario("session-leak");
    // the scenario's own load, as the demo sends it
    List<Level> levels = sc.rateRps().isPresent()
        ? TuneSettings.levels(sc.rateRps().getAsDouble(), sc.connections().orElse(4), List.of("/scenario"),
            Duration.ofSeconds(3), Duration.ofSeconds(6), 1, TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET)
        : TuneSettings.levels(0, sc.concurrency().orElse(8), List.of("/scenario"), Duration.ofSeconds(3),
            Duration.ofSeconds(6), 1, TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET);
    TuneSettings settings = new TuneSettings("test-leak", ServiceSpec.lab("session-leak"), List.of("/scenario"), null,
        levels, 1, 1, null, dir, "TuneDocumentTest", new TuneBudget(Duration.ofSeconds(60), System.nanoTime(),
            Duration.ofSeconds(3)), null);
    TuneResult result = new TuneSession(settings, new TuneListener() {}).run();
    JsonNode doc = JSON.readTree(dir.resolve(TuneJson.FILE).toFile());
    assertThat(doc.path("schema").asText()).isEqualTo(TuneJson.SCHEMA);
    assertThat(result.outcome()).as(doc.toString()).isEqualTo(TuneResult.Outcome.MEMORY_LEAK);
    assertThat(doc.at("/recommendation/verdict").asText()).isEqualTo("memory-leak");
    assertThat(doc.at("/outcome").asText()).isEqualTo("memory-leak");
    assertThat(doc.at("/diagnosis/primary").asText()).isEqualTo("memory-leak");
    assertThat(doc.at("/diagnosis/findings")).isNotEmpty();
    if (result.baseline().ok()) {
      assertThat(doc.at("/baseline/metrics/throughputRps").asDouble()).isEqualTo(
          result.baseline().metric("throughputRps"), org.assertj.core.data.Offset.offset(0.0001));
    } else {
      // the leak filled the heap before the run ended: the run failed, its figures are not measured,
      // and the document says so rather than showing zeros
      assertThat(doc.at("/baseline/metrics/throughputRps").isMissingNode()).as(doc.toString()).isTrue();
    }
    assertThat(doc.path("files")).extracting(JsonNode::asText).contains("baseline/gc-report.html")
        .allSatisfy(f -> assertThat(dir.resolve(f)).exists());
    validAndRenameFails(doc, "/recommendation/verdict");
    validAndRenameFails(doc, "/diagnosis/findings");
  }

  @Test
  void aServiceThatDoesNotStartIsADocument() throws IOException {
    ServiceSpec exits = new ServiceSpec(null, List.of(), "echo {jvmFlags} {port}", "http://127.0.0.1:{port}/",
        Duration.ofSeconds(5), null, null, 0);
    List<Level> levels = TuneSettings.levels(10, 2, List.of("/"), Duration.ofSeconds(1), Duration.ofSeconds(2), 1,
        TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET);
    TuneSettings settings = new TuneSettings("test-exits", exits, List.of("/"), List.of(), levels, 1, 1, null, dir,
        "TuneDocumentTest", null, null);
    assertThatThrownBy(() -> new TuneSession(settings, new TuneListener() {}).run())
        .isInstanceOf(JtuneException.class).satisfies(e -> {
          JsonNode doc = JSON.readTree(dir.resolve(TuneJson.FILE).toFile());
          assertThat(doc.at("/outcome").asText()).isEqualTo("failed");
          assertThat(doc.at("/recommendation/verdict").asText()).isEqualTo("failed");
          assertThat(doc.at("/error").asText()).isEqualTo(e.getMessage()).contains("does not start");
          assertThat(doc.has("diagnosis")).isFalse();
          validAndRenameFails(doc, "/error");
        });
  }
}
