package io.jtune.gc.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.common.format.OutputFormat;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison of GC logs ({@code jtune compare}) on the lab's survivor-overflow scenario
 * recorded twice under the same load (testdata/compare: the scenario's own flags, and with
 * -Xmn64m -XX:SurvivorRatio=6; every per-window metric better with the second, as the experiment
 * of those runs found), on a dated corpus log against itself (wall-clock alignment, nothing
 * better) and on logs without dates (uptime alignment, said so), in its formats.
 */
class ComparisonTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DATED = "gctoolkit-testdata/gctoolkit-gclogs__unified__g1gc__jvm-gc-10Nov2022.log";
  private static final String UNDATED =
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log";

  @TempDir Path dir;

  static Path recorded(String name) {
    return AnalyzedLogs.testdataFile("compare").resolve(name);
  }

  /** The comparison of the sides in {@code windowS}-second windows, in a format. */
  private static String render(OutputFormat format, double windowS, String... sides) throws IOException {
    Comparison c = Comparison.of(List.of(sides), new AnalysisOptions(windowS, 50, Double.NaN, null, false));
    StringWriter w = new StringWriter();
    CompareRender.renderers().render(format, c, new PrintWriter(w));
    return w.toString();
  }

  private static JsonNode json(double windowS, String... sides) throws IOException {
    return JSON.readTree(render(OutputFormat.JSON, windowS, sides));
  }

  private static JsonNode metric(JsonNode doc, String key) {
    for (JsonNode m : doc.path("metrics")) {
      if (m.path("metric").asText().equals(key)) {
        return m;
      }
    }
    throw new AssertionError("no metric " + key);
  }

  @Test
  void survivorsThatHoldTheRequestsBeatTheScenariosOwnFlags() throws Exception {
    String baseline = recorded("survivor-overflow-baseline.log.gz").toString();
    String survivors = recorded("survivor-overflow-survivors.log.gz").toString();
    JsonNode doc = json(5, baseline, survivors);
    // two runs one after the other: no common wall-clock time, so by uptime, and the note says why
    assertThat(doc.at("/alignment/by").asText()).isEqualTo("uptime");
    assertThat(doc.at("/alignment/note").asText()).contains("do not share a window of wall-clock time");
    int windows = doc.at("/alignment/windows").asInt();
    assertThat(windows).isGreaterThanOrEqualTo(10).isEqualTo(doc.path("windows").size());
    // the per-window rows add up to each side's pause counts over the common range
    for (int side = 0; side < 2; side++) {
      long young = 0;
      long full = 0;
      for (JsonNode w : doc.path("windows")) {
        young += w.path("sides").get(side).path("ygcCount").asLong();
        full += w.path("sides").get(side).path("fgcCount").asLong();
      }
      assertThat(young).isEqualTo(doc.path("sides").get(side).at("/pauses/youngCount").asLong());
      assertThat(full).isEqualTo(doc.path("sides").get(side).at("/pauses/fullCount").asLong());
    }
    // fewer Full GCs and less GC time per window with survivors that hold the requests: B better
    for (String key : new String[] {"ygcCount", "ygcMs", "fgcCount", "fgcMs", "maxPauseMs", "gcTimePct"}) {
      JsonNode m = metric(doc, key);
      assertThat(m.path("better").asText()).as(key).isEqualTo("B");
      assertThat(m.path("pValue").asDouble()).as(key).isLessThan(0.05);
    }
    assertThat(metric(doc, "fgcCount").path("mean").asDouble())
        .isLessThan(metric(doc, "fgcCount").path("referenceMean").asDouble());
    assertThat(doc.at("/sides/0/diagnosis").asText()).isEqualTo("premature-promotion");
    assertThat(doc.at("/findings/0/onlyReference").findValuesAsText("id")).contains("premature-promotion");

    // the other way round, the verdict follows the side
    JsonNode reversed = json(5, survivors, baseline);
    assertThat(metric(reversed, "fgcCount").path("better").asText()).isEqualTo("A");
  }

  @Test
  void aSideOfSeveralRunsTakesEveryRunsWindows() throws Exception {
    Path baseline = recorded("survivor-overflow-baseline.log.gz");
    String survivors = recorded("survivor-overflow-survivors.log.gz").toString();
    Path runs = Files.createDirectory(dir.resolve("baseline-runs"));
    Files.copy(baseline, runs.resolve("run1-gc.log.gz"));
    Files.copy(baseline, runs.resolve("run2-gc.log.gz"));
    JsonNode one = json(5, baseline.toString(), survivors);
    JsonNode two = json(5, runs.toString(), survivors);
    assertThat(two.at("/sides/0/jvmCount").asInt()).isEqualTo(2);
    assertThat(two.at("/alignment/windows").asInt()).isEqualTo(one.at("/alignment/windows").asInt());
    // by uptime each run has windows of its own: twice the pauses, the same mean per window
    assertThat(two.at("/sides/0/pauses/youngCount").asLong()).isEqualTo(2 * one.at("/sides/0/pauses/youngCount").asLong());
    assertThat(two.path("windows")).isEqualTo(one.path("windows"));
    assertThat(metric(two, "fgcCount").path("pValue").asDouble())
        .isLessThan(metric(one, "fgcCount").path("pValue").asDouble());
    assertThat(render(OutputFormat.TEXT, 5, runs.toString(), survivors)).contains("A: 2 JVMs, each with windows of its own (the table shows their mean)");
  }

  @Test
  void aLogAgainstItselfIsAlignedByWallClockAndNothingIsBetter() throws Exception {
    String log = AnalyzedLogs.corpusFile(DATED).toString();
    JsonNode doc = json(10, log, log, log);
    // three sides: B and C each against A
    assertThat(doc.path("sides")).hasSize(3);
    assertThat(doc.path("metrics").findValuesAsText("side")).containsOnly("B", "C").hasSize(12);
    assertThat(doc.path("findings")).hasSize(2);
    assertThat(doc.at("/alignment/by").asText()).isEqualTo("wall-clock");
    assertThat(doc.at("/alignment/note").isNull()).isTrue();
    assertThat(doc.at("/alignment/start").asText()).startsWith("2022-11-10T");
    assertThat(doc.at("/alignment/windows").asInt()).isPositive();
    for (JsonNode m : doc.path("metrics")) {
      assertThat(m.path("better").isNull()).as(m.toString()).isTrue();
    }
    for (JsonNode f : doc.path("findings")) {
      assertThat(f.path("onlyReference")).isEmpty();
      assertThat(f.path("onlySide")).isEmpty();
    }
  }

  @Test
  void logsWithoutDatesAreAlignedByUptimeAndTheTextSaysSo() throws Exception {
    String dated = AnalyzedLogs.corpusFile(DATED).toString();
    String undated = AnalyzedLogs.corpusFile(UNDATED).toString();
    assertThat(render(OutputFormat.TEXT, 5, dated, undated)).contains("B's log has no date stamps: aligned by JVM uptime")
        .contains("GC per 5 s, side by side", "Pauses over the common range", "Which side is better",
            "Findings on one side only", "Mann-Whitney");
    assertThat(render(OutputFormat.MARKDOWN, 5, dated, undated)).startsWith("# GC comparison").contains("## Which side is better", "| B vs A |");
  }

  @Test
  void htmlIsOneEscapedPage() throws Exception {
    Path odd = dir.resolve("<b>canary&\"x.log");
    Files.copy(AnalyzedLogs.corpusFile(DATED), odd);
    String html = render(OutputFormat.HTML, 10, AnalyzedLogs.corpusFile(DATED).toString(), odd.toString());
    assertThat(html).startsWith("<!DOCTYPE html>").contains("Content-Security-Policy", "jtuneParts", "\"compare\"")
        .doesNotContain("<b>canary").doesNotContain("<script src");
  }

}
