package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune compare} on the lab's survivor-overflow scenario recorded twice under the same load
 * (testdata/compare: the scenario's own flags, and with -Xmn64m -XX:SurvivorRatio=6; every
 * per-window metric better with the second, as the experiment of those runs found), on a
 * dated corpus log against itself (wall-clock alignment, nothing better) and on logs without
 * dates (uptime alignment, said so).
 */
class CompareCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DATED = "gctoolkit-testdata/gctoolkit-gclogs__unified__g1gc__jvm-gc-10Nov2022.log";
  private static final String UNDATED =
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log";

  @TempDir Path dir;

  static Path recorded(String name) {
    return CliRun.corpus().resolve("../compare").normalize().resolve(name);
  }

  private static JsonNode json(String... args) throws Exception {
    CliRun r = CliRun.of(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(r.out());
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
    JsonNode doc = json("compare", "--format", "json", "--window", "5s", baseline, survivors);
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
    JsonNode reversed = json("compare", "--format", "json", "--window", "5s", survivors, baseline);
    assertThat(metric(reversed, "fgcCount").path("better").asText()).isEqualTo("A");
  }

  @Test
  void aSideOfSeveralRunsTakesEveryRunsWindows() throws Exception {
    Path baseline = recorded("survivor-overflow-baseline.log.gz");
    String survivors = recorded("survivor-overflow-survivors.log.gz").toString();
    Path runs = Files.createDirectory(dir.resolve("baseline-runs"));
    Files.copy(baseline, runs.resolve("run1-gc.log.gz"));
    Files.copy(baseline, runs.resolve("run2-gc.log.gz"));
    JsonNode one = json("compare", "--format", "json", "--window", "5s", baseline.toString(), survivors);
    JsonNode two = json("compare", "--format", "json", "--window", "5s", runs.toString(), survivors);
    assertThat(two.at("/sides/0/jvmCount").asInt()).isEqualTo(2);
    assertThat(two.at("/alignment/windows").asInt()).isEqualTo(one.at("/alignment/windows").asInt());
    // by uptime each run has windows of its own: twice the pauses, the same mean per window
    assertThat(two.at("/sides/0/pauses/youngCount").asLong()).isEqualTo(2 * one.at("/sides/0/pauses/youngCount").asLong());
    assertThat(two.path("windows")).isEqualTo(one.path("windows"));
    assertThat(metric(two, "fgcCount").path("pValue").asDouble())
        .isLessThan(metric(one, "fgcCount").path("pValue").asDouble());
    CliRun text = CliRun.of("compare", "--window", "5s", runs.toString(), survivors);
    assertThat(text.out()).contains("A: 2 JVMs, each with windows of its own (the table shows their mean)");
  }

  @Test
  void aLogAgainstItselfIsAlignedByWallClockAndNothingIsBetter() throws Exception {
    String log = CliRun.corpusFile(DATED).toString();
    JsonNode doc = json("compare", "--format", "json", "--window", "10s", log, log, log);
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
  void logsWithoutDatesAreAlignedByUptimeAndTheTextSaysSo() {
    String dated = CliRun.corpusFile(DATED).toString();
    String undated = CliRun.corpusFile(UNDATED).toString();
    CliRun r = CliRun.of("compare", "--window", "5s", dated, undated);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("B's log has no date stamps: aligned by JVM uptime")
        .contains("GC per 5 s, side by side", "Pauses over the common range", "Which side is better",
            "Findings on one side only", "Mann-Whitney");
    CliRun md = CliRun.of("compare", "--format", "markdown", "--window", "5s", dated, undated);
    assertThat(md.out()).startsWith("# GC comparison").contains("## Which side is better", "| B vs A |");
  }

  @Test
  void htmlIsOneEscapedPage() throws Exception {
    Path odd = dir.resolve("<b>canary&\"x.log");
    Files.copy(CliRun.corpusFile(DATED), odd);
    Path out = dir.resolve("compare.html");
    CliRun r = CliRun.of("compare", "--format", "html", "-o", out.toString(), "--window", "10s",
        CliRun.corpusFile(DATED).toString(), odd.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    String html = Files.readString(out);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("Content-Security-Policy", "jtuneParts", "\"compare\"")
        .doesNotContain("<b>canary").doesNotContain("<script src");
  }

  @Test
  void badUsageIsOneLineAndExitTwo() {
    String log = CliRun.corpusFile(DATED).toString();
    CliRun one = CliRun.of("compare", log);
    assertThat(one.exitCode()).isEqualTo(2);
    CliRun missing = CliRun.of("compare", log, dir.resolve("missing.log").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err().strip()).startsWith("jtune: B (").contains("missing.log: no such file or directory")
        .doesNotContain("Exception").doesNotContain("\n");
    String oneRun = recorded("survivor-overflow-survivors.log.gz").toString();
    CliRun tooShort = CliRun.of("compare", "--window", "10m", oneRun, oneRun);
    assertThat(tooShort.exitCode()).isEqualTo(2);
    assertThat(tooShort.err().strip()).isEqualTo("jtune: the logs share less than one window (10.0 min) of time, by wall"
        + " clock or by uptime; give a shorter --window");
    CliRun typo = CliRun.of("compar", log, log);
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("compare");
  }
}
