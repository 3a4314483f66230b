package io.jtune.gc.analysis;

import static io.jtune.gc.AnalyzedLogs.analyze;
import static io.jtune.gc.AnalyzedLogs.corpusFile;
import static io.jtune.gc.AnalyzedLogs.testdataFile;
import static io.jtune.gc.AnalyzedLogs.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.aggregate.CollectionCauses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Collections by cause (issue 14): ZGC's and Shenandoah's collections are concurrent cycles, so the
 * pauses by cause miss a log without pause lines and count a cycle once per pause; the
 * collections by cause count each collection once under its cause, in every output format. The
 * expected counts and durations are read from the logs' own lines.
 */
class CollectionsByCauseTest {
  private static final String ZGC = "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-";
  /** A ZGC collection's start or summary line: "GC(3) Garbage Collection (Allocation Rate)[ 502M(49%)->716M(70%)]". */
  private static final Pattern COLLECTION = Pattern.compile(
      "\\[(\\d+)[.,](\\d+)s].*GC\\((\\d+)\\) (?:Garbage|Minor|Major) Collection \\(((?:[^()]|\\(\\))*)\\)( \\d+M)?");

  /** Per cause, the collections in a ZGC log: counted by their summary lines. */
  private static Map<String, Integer> summaries(Path log) throws IOException {
    Map<String, Integer> byCause = new TreeMap<>();
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      Matcher m = COLLECTION.matcher(line);
      if (m.find() && m.group(5) != null) {
        byCause.merge(m.group(4), 1, Integer::sum);
      }
    }
    return byCause;
  }

  private static JsonNode json(Path log) throws IOException {
    return AnalyzedLogs.json(analyze(log));
  }

  @ParameterizedTest
  @ValueSource(strings = {"default.txt", "all.txt", "other.txt"})
  void everyCorpusZgcCollectionIsCountedOnceUnderItsCause(String which) throws IOException {
    Path log = corpusFile(ZGC + which);
    Map<String, Integer> expected = summaries(log);
    assertThat(expected).isNotEmpty();
    Analysis a = analyze(log);
    JsonNode byCause = AnalyzedLogs.json(a).at("/concurrent/collectionsByCause");
    assertThat(byCause.size()).isEqualTo(expected.size());
    expected.forEach((cause, n) -> {
      assertThat(byCause.at("/" + cause.replace("/", "~1") + "/count").asInt()).as(cause).isEqualTo(n);
      assertThat(byCause.get(cause).get("concurrent").asInt()).as(cause).isEqualTo(n);
      assertThat(byCause.get(cause).get("stopTheWorld").asInt()).as(cause).isZero();
    });
    String text = text(a);
    String section = text.substring(text.indexOf("Collections by cause"));
    expected.forEach((cause, n) -> assertThat(section).containsPattern("\\n  " + Pattern.quote(cause) + " +" + n + " "));
  }

  @Test
  void summaryLinesAloneGiveCausesWithoutDurations() throws IOException {
    // zgc-gc-default: five collections by their summary lines only, no pause lines: every cause shows, none is timed
    Path log = corpusFile(ZGC + "default.txt");
    Analysis a = analyze(log);
    JsonNode root = AnalyzedLogs.json(a);
    assertThat(root.at("/pauses/byCause").size()).isZero();
    JsonNode byCause = root.at("/concurrent/collectionsByCause");
    assertThat(byCause.get("System.gc()").get("timed").asInt()).isZero();
    assertThat(byCause.get("System.gc()").get("totalMs").isNull()).isTrue();
    // nor do the cycles: no duration, not 0 ms
    assertThat(root.at("/concurrent/cycles").asInt()).isEqualTo(5);
    assertThat(root.at("/concurrent/cycleTotalMs").isNull()).isTrue();
    assertThat(root.at("/concurrent/cycleMaxMs").isNull()).isTrue();
    assertThat(text(a)).containsPattern("\\n  cycle +5 +- +- +-\\n");
    Map<String, String> formats = Map.of("markdown", AnalyzedLogs.markdown(a), "html", AnalyzedLogs.html(a));
    formats.forEach((format, out) -> assertThat(out).as(format).contains("Collections by cause",
        "Metadata GC Threshold", "Warmup", "Proactive", "Allocation Rate", "System.gc()"));
  }

  @Test
  void aTimedCollectionSpansItsStartToItsSummary() throws IOException {
    // zgc-gc-all: one collection from its start line to its summary line
    Path log = corpusFile(ZGC + "all.txt");
    double startS = Double.NaN;
    double endS = Double.NaN;
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      Matcher m = COLLECTION.matcher(line);
      if (m.find()) {
        double t = Double.parseDouble(m.group(1) + "." + m.group(2));
        if (m.group(5) == null) {
          startS = t;
        } else {
          endS = t;
        }
      }
    }
    JsonNode c = json(log).at("/concurrent/collectionsByCause/Metadata GC Threshold");
    assertThat(c.get("timed").asInt()).isEqualTo(1);
    assertThat(c.get("maxMs").asDouble()).isCloseTo((endS - startS) * 1000, org.assertj.core.data.Offset.offset(0.5));
  }

  @Test
  void oneCollectionWithoutAnAllocatedRowSaysWhatTheRateLacks() throws IOException {
    // zgc-gc-all: one collection and its statistics table has only the Capacity: row
    Path log = corpusFile(ZGC + "all.txt");
    assertThat(Files.readString(log, StandardCharsets.ISO_8859_1)).doesNotContain("Allocated:");
    Analysis a = analyze(log);
    JsonNode rates = AnalyzedLogs.json(a).get("rates");
    assertThat(rates.get("allocationMBPerS").isNull()).isTrue();
    assertThat(rates.get("allocationNote").asText()).contains("1 collection and no time between two of them",
        "no statistics table has an Allocated: row");
    assertThat(text(a)).contains("Allocation rate        - (not enough data: 1 collection");
    // with the row (zgc-gc-other, also one collection), there is a rate and no note
    JsonNode other = json(corpusFile(ZGC + "other.txt")).get("rates");
    assertThat(other.get("allocationMBPerS").asDouble()).isPositive();
    assertThat(other.has("allocationNote")).isFalse();
  }

  @Test
  void shenandoahCyclesTakeTheCauseOfTheirTrigger() throws IOException {
    Path log = testdataFile("explicit-gc/shenandoah-jdk17.log");
    long explicit = Files.readAllLines(log).stream().filter(l -> l.contains("Trigger: Explicit GC request (System.gc())")).count();
    assertThat(explicit).isEqualTo(3);
    JsonNode byCause = json(log).at("/concurrent/collectionsByCause");
    assertThat(byCause.get("System.gc()").get("count").asLong()).isEqualTo(explicit);
    assertThat(byCause.has("Learning: free is below initial threshold")).isTrue();
  }

  /**
   * JDK 8 Shenandoah logs have no GC ids: the "Trigger:" line before a cycle (no time stamp) is
   * the only word on its cause, and every pause up to the next trigger is that cycle's. Expected:
   * the pause records after each trigger line, counted from the log's own text.
   */
  @Test
  void jdk8ShenandoahPausesTakeTheCauseOfTheTriggerBeforeThem() throws IOException {
    Path log = corpusFile("GCViewer/src__test__resources__openjdk__SampleOpenJdk1_8_0-332.txt");
    Map<String, Integer> pausesAfter = new TreeMap<>();
    String trigger = null;
    Pattern pause = Pattern.compile("\\[Pause [^\\]]*, [0-9.]+ ms]");
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      if (line.startsWith("Trigger: ")) {
        trigger = line.substring("Trigger: ".length()).strip();
      } else if (pause.matcher(line).find()) {
        pausesAfter.merge(String.valueOf(trigger), 1, Integer::sum);
      }
    }
    assertThat(pausesAfter).containsOnlyKeys("Learning 1 of 5. Free (2792M) is below initial threshold (2793M)",
        "Free (398M) is below minimum threshold (399M)", "Handle Allocation Failure");
    JsonNode byCause = json(log).at("/pauses/byCause");
    assertThat(byCause.at("/Learning: free is below initial threshold/count").asInt())
        .isEqualTo(pausesAfter.get("Learning 1 of 5. Free (2792M) is below initial threshold (2793M)")).isEqualTo(4);
    assertThat(byCause.at("/Free is below minimum threshold/count").asInt())
        .isEqualTo(pausesAfter.get("Free (398M) is below minimum threshold (399M)")).isEqualTo(3);
    // the degenerated pause: the cycle the allocation failure cancelled is finished stop-the-world
    assertThat(byCause.at("/Handle Allocation Failure/count").asInt()).isEqualTo(pausesAfter.get("Handle Allocation Failure"))
        .isEqualTo(1);
    assertThat(byCause.has(CollectionCauses.NOT_LOGGED)).isFalse();
  }

  private static JsonNode finding(JsonNode root, String id) {
    for (JsonNode f : root.get("findings")) {
      if (f.get("id").asText().equals(id)) {
        return f;
      }
    }
    throw new AssertionError("no finding " + id);
  }

  @Test
  void aCauseFindingCountsCollectionsNotTheirPauses() throws IOException {
    // a Shenandoah cycle started by "Trigger: Metadata GC Threshold" has four pauses: one collection
    Path log = corpusFile("GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11.txt");
    long triggers = Files.readAllLines(log).stream().filter(l -> l.contains("Trigger: Metadata GC Threshold")).count();
    JsonNode root = json(log);
    assertThat(root.at("/pauses/byCause/Metadata GC Threshold/count").asLong()).isGreaterThan(triggers);
    assertThat(finding(root, "metadata-gc-threshold").get("occurrences").asLong()).isEqualTo(triggers);
    // a ZGC log of summary lines alone: its Metadata GC Threshold collection is found without any pause
    JsonNode zgc = json(corpusFile(ZGC + "default.txt"));
    assertThat(finding(zgc, "metadata-gc-threshold").get("occurrences").asLong())
        .isEqualTo(summaries(corpusFile(ZGC + "default.txt")).get("Metadata GC Threshold").longValue());
  }

  @Test
  void stopTheWorldCollectorsShowNoCollectionsByCause() throws IOException {
    Path log = corpusFile("GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1SystemGcYoung.txt");
    Analysis a = analyze(log);
    assertThat(AnalyzedLogs.json(a).at("/concurrent").has("collectionsByCause")).isFalse();
    assertThat(text(a)).doesNotContain("Collections by cause");
  }
}
