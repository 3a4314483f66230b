package io.jtune.gc.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Logs with date stamps (JDK 8 -XX:+PrintGCDateStamps, the unified `time` decorator) are placed
 * on the wall clock: JSON `startTime` and `time` per pause and per evidence, and the text and
 * Markdown evidence lines; a log of uptimes only keeps uptimes. Expected times come from the
 * log's own lines.
 */
class WallClockReportTest {
  static final String JDK8_DATES =
      "GCViewer/src__test__resources__openjdk__SampleSun1_7_0CMS_PrintTenuringDistributionPromotionFailure.txt";
  static final String UPTIME_ONLY = "GCViewer/src__test__resources__openjdk__SampleSun1_4_2PrintGCDetails.txt";
  static final Path UNIFIED_TIME = Path.of("src/test/resources/clock/g1-time-uptime-jdk17.log");

  /** "date: uptime:" (JDK 8) or "[date][uptimes]" (unified) at the start of a line. */
  static final Pattern STAMPED = Pattern.compile("^\\[?(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+[+-]\\d{4})\\]?(?::\\s*|\\[)(\\d+\\.\\d+)s?[:\\]]");
  static final DateTimeFormatter LOG_DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT);

  static Path corpus(String name) {
    return Path.of(System.getProperty("jtune.corpus", "../testdata/gclogs")).resolve(name);
  }

  static Analysis analyze(Path log) {
    return GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]),
        new AnalysisOptions(60, 50, Double.NaN, null, true));
  }

  /** The first stamped line's date and uptime. */
  static Matcher firstStamp(Path log) throws IOException {
    for (String line : Files.readAllLines(log)) {
      Matcher m = STAMPED.matcher(line);
      if (m.find()) {
        return m;
      }
    }
    throw new AssertionError("no date stamp in " + log);
  }

  /** The wall clock at uptime 0 as the log states it: the first stamped line's date minus its uptime. */
  static long logEpochAtZero(Path log) throws IOException {
    Matcher m = firstStamp(log);
    long date = OffsetDateTime.parse(m.group(1), LOG_DATE).toInstant().toEpochMilli();
    return date - Math.round(Double.parseDouble(m.group(2)) * 1000);
  }

  static Path log(String which) {
    return which.equals("unified") ? UNIFIED_TIME : corpus(JDK8_DATES);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk8", "unified"})
  void jsonPlacesTheTimelineAndEveryPauseOnTheLogsWallClock(String which) throws IOException {
    Path log = log(which);
    long zero = logEpochAtZero(log);
    Analysis a = analyze(log);
    ObjectNode json = AnalysisJson.build(a);
    StringWriter written = new StringWriter();
    AnalysisJson.write(a, written);

    double startS = json.at("/summary/startS").asDouble();
    assertThat(json.path("startTime").isTextual()).as("startTime").isTrue();
    OffsetDateTime start = OffsetDateTime.parse(json.get("startTime").asText());
    assertThat(start.getOffset()).as("the log's own offset")
        .isEqualTo(OffsetDateTime.parse(firstStamp(log).group(1), LOG_DATE).getOffset());
    assertThat(start.toInstant().toEpochMilli())
        .isCloseTo(zero + Math.round(startS * 1000), org.assertj.core.data.Offset.offset(1L));
    // one JVM: its lifetime entry starts at the same wall clock, and its evidence is dated too
    JsonNode lifetime = json.at("/jvms/0");
    assertThat(lifetime.path("startTime").asText()).isEqualTo(json.get("startTime").asText());
    for (JsonNode f : lifetime.get("findings")) {
      for (JsonNode ev : f.get("evidence")) {
        assertThat(OffsetDateTime.parse(ev.get("time").asText()).toInstant().toEpochMilli()).as("%s", ev)
            .isCloseTo(zero + Math.round(ev.get("uptimeS").asDouble() * 1000), org.assertj.core.data.Offset.offset(1L));
      }
    }
    JsonNode events = json.get("events");
    assertThat(events).isNotEmpty();
    for (JsonNode e : events) {
      assertThat(e.path("time").isTextual()).as("time of %s", e).isTrue();
      // ISO-8601 with an offset, milliseconds kept
      OffsetDateTime t = OffsetDateTime.parse(e.get("time").asText());
      assertThat(t.getOffset()).isEqualTo(start.getOffset());
      assertThat(t.toInstant().toEpochMilli())
          .isCloseTo(zero + Math.round(e.get("uptimeS").asDouble() * 1000), org.assertj.core.data.Offset.offset(1L));
    }
    for (JsonNode p : json.at("/pauses/longest")) {
      assertThat(p.path("time").isTextual()).isTrue();
    }
    JsonNode rows = new ObjectMapper().readTree(written.toString()).at("/windows/rows");
    assertThat(rows).isNotEmpty();
    for (JsonNode w : rows) {
      assertThat(OffsetDateTime.parse(w.get("time").asText()).toInstant().toEpochMilli())
          .isCloseTo(zero + Math.round(w.get("startS").asDouble() * 1000), org.assertj.core.data.Offset.offset(1L));
    }
  }

  @Test
  void textAndMarkdownEvidenceNameTheWallClock() throws IOException {
    Path log = corpus(JDK8_DATES);
    Analysis a = analyze(log);
    ObjectNode json = AnalysisJson.build(a);
    JsonNode evidence = json.at("/findings/0/evidence/0");
    assertThat(evidence.isMissingNode()).as("the log has a finding with evidence").isFalse();
    String time = evidence.get("time").asText();
    assertThat(OffsetDateTime.parse(time).toInstant().toEpochMilli())
        .isEqualTo(logEpochAtZero(log) + Math.round(evidence.get("uptimeS").asDouble() * 1000));

    StringWriter text = new StringWriter();
    new AnalysisText(false).write(a, new PrintWriter(text));
    assertThat(text.toString()).contains(", " + json.get("startTime").asText() + " to ")
        .contains("at " + time + ": ").doesNotContainPattern("at \\d+\\.\\d{3} s:");
    StringWriter md = new StringWriter();
    AnalysisMarkdown.write(a, new PrintWriter(md));
    assertThat(md.toString()).contains("at " + time + ": ");
  }

  @Test
  void aLogOfUptimesKeepsUptimes() {
    Analysis a = analyze(corpus(UPTIME_ONLY));
    ObjectNode json = AnalysisJson.build(a);
    assertThat(json.has("startTime")).isFalse();
    assertThat(json.at("/jvms/0/startTime").isNull()).isTrue();
    assertThat(json.get("events")).isNotEmpty().allSatisfy(e -> assertThat(e.has("time")).isFalse());
    assertThat(a.span().hasWallClock()).isFalse();
    assertThat(Format.when(3, 12.3456, a)).isEqualTo("GC(3) at 12.346 s");
  }
}
