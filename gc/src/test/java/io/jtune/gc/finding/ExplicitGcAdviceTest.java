package io.jtune.gc.finding;

import static io.jtune.gc.AnalyzedLogs.corpusFile;
import static io.jtune.gc.AnalyzedLogs.testdataFile;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.gc.AnalyzedLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The system-gc finding's advice fits what System.gc() costs on the collector (issue 14): a
 * concurrent cycle under ZGC and Shenandoah, and under G1 with -XX:+ExplicitGCInvokesConcurrent,
 * is not told to "run concurrently", and a collection is counted once, not per pause. On logs of
 * a program calling System.gc() three times, recorded with JDK 17 and 25 (testdata/explicit-gc).
 */
class ExplicitGcAdviceTest {
  private static JsonNode systemGc(Path log) throws IOException {
    for (JsonNode f : AnalyzedLogs.json(AnalyzedLogs.analyze(log)).get("findings")) {
      if (f.get("id").asText().equals("system-gc")) {
        return f;
      }
    }
    throw new AssertionError("no system-gc finding for " + log);
  }

  private static List<String> flags(JsonNode finding) {
    List<String> l = new ArrayList<>();
    finding.get("flags").forEach(f -> l.add(f.asText()));
    return l;
  }

  @ParameterizedTest
  @CsvSource({
      "zgc-jdk17.log, Garbage Collection (System.gc()), ZGC",
      "zgc-jdk25.log, Major Collection (System.gc()), ZGC (generational)",
      "shenandoah-jdk17.log, Trigger: Explicit GC request (System.gc()), Shenandoah"})
  void concurrentCollectorsCountCyclesAndSayWhatTheyCost(String name, String marker, String collector) throws IOException {
    Path log = testdataFile("explicit-gc/" + name);
    // ZGC logs a collection's cause on its start and its summary line: count the summaries (they carry a heap)
    long calls = Files.readAllLines(log).stream()
        .filter(l -> l.contains(marker) && (marker.startsWith("Trigger") || l.contains("->"))).count();
    assertThat(calls).isEqualTo(3);
    JsonNode f = systemGc(log);
    assertThat(f.get("occurrences").asLong()).isEqualTo(calls);
    assertThat(f.get("title").asText()).contains("concurrent collection");
    String rec = f.get("recommendation").asText();
    assertThat(rec).contains("Under " + collector + " System.gc() runs a concurrent collection",
        "not a stop-the-world Full GC", "CPU", "3 of 6 collections");
    assertThat(flags(f)).doesNotContain("-XX:+ExplicitGCInvokesConcurrent");
    // the program's three calls are half of the six collections: they set how often the collector runs
    assertThat(f.get("severity").asText()).isEqualTo("warning");
    assertThat(flags(f)).containsExactly("-XX:+DisableExplicitGC");
    assertThat(f.get("evidence")).hasSize(3);
  }

  @Test
  void aFewExplicitCyclesAmongManyAreInformation() throws IOException {
    // zgc-gc-default: one System.gc() collection of five, no pause lines
    JsonNode f = systemGc(corpusFile(
        "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-default.txt"));
    assertThat(f.get("severity").asText()).isEqualTo("info");
    assertThat(f.get("occurrences").asLong()).isEqualTo(1);
    assertThat(flags(f)).isEmpty();
    assertThat(f.get("recommendation").asText()).contains("1 of 5 collections", "saves little");
  }

  @Test
  void g1AlreadyRunningThemConcurrentlyIsNotToldToDoSo() throws IOException {
    Path log = testdataFile("explicit-gc/g1-concurrent-jdk17.log");
    assertThat(Files.readString(log)).contains("Pause Young (Concurrent Start) (System.gc())");
    JsonNode f = systemGc(log);
    assertThat(f.get("occurrences").asLong()).isEqualTo(3);
    assertThat(flags(f)).doesNotContain("-XX:+ExplicitGCInvokesConcurrent");
    assertThat(f.get("recommendation").asText()).contains("already starts a concurrent cycle");
  }

  @Test
  void stopTheWorldExplicitGcsStillGetTheConcurrentAdvice() throws IOException {
    // Shenandoah without ExplicitGCInvokesConcurrent: "Pause Full (System.gc())"
    JsonNode f = systemGc(corpusFile(
        "GCViewer/src__test__resources__openjdk__unified-jvm-logging__SampleShenandoahSingleSystemGC.txt"));
    assertThat(f.get("occurrences").asLong()).isEqualTo(1);
    assertThat(flags(f)).containsExactly("-XX:+ExplicitGCInvokesConcurrent");
  }
}
