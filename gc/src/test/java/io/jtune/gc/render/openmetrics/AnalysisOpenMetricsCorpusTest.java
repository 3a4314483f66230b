package io.jtune.gc.render.openmetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.common.JtuneException;
import io.jtune.common.format.OutputFormat;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.render.formats.AnalysisRenderers;
import io.jtune.gc.testing.OpenMetricsParser;
import io.jtune.gc.testing.OpenMetricsParser.Sample;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The analysis in OpenMetrics ({@code jtune analyze --format openmetrics}) on every log of the corpus: the text parses with
 * the Prometheus client's strict OpenMetrics parser, and its samples say what the JSON report of
 * the same log says, lifetime by lifetime (in base units: seconds, bytes); the Prometheus text
 * format has the same samples for the Go parser.
 */
class AnalysisOpenMetricsCorpusTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<Path> corpusLogs() throws IOException {
    try (Stream<Path> s = Files.walk(AnalyzedLogs.corpus())) {
      return s.filter(Files::isRegularFile).filter(p -> {
        String n = p.getFileName().toString();
        return !n.startsWith("LICENSE") && !n.equals("README.md") && !n.equals("manifest.tsv");
      }).sorted().toList();
    }
  }

  @Test
  void everyCorpusLogParsesAndAgreesWithTheJsonReport() throws Exception {
    List<Path> logs = corpusLogs();
    assertThat(logs).hasSizeGreaterThan(50);
    List<String> texts = new ArrayList<>();
    List<String> prometheus = new ArrayList<>();
    List<JsonNode> reports = new ArrayList<>();
    for (Path log : logs) {
      Analysis a;
      try {
        a = AnalyzedLogs.analyze(log);
      } catch (JtuneException notAGcLog) { // what analyze refuses (exit 2) has no document in any format
        continue;
      }
      String om = render(a, OutputFormat.OPENMETRICS);
      assertThat(om).endsWith("# EOF\n");
      texts.add(om);
      prometheus.add(render(a, OutputFormat.PROMETHEUS));
      reports.add(JSON.readTree(render(a, OutputFormat.JSON)));
    }
    assertThat(texts).hasSizeGreaterThan(50);
    List<List<Sample>> parsed = OpenMetricsParser.parseAll(texts);
    for (int i = 0; i < texts.size(); i++) {
      agree(parsed.get(i), reports.get(i));
      // the Prometheus text format (textfile collector, Pushgateway) has the same samples for Go's parser
      assertThat(samples(OpenMetricsParser.parsePrometheus(prometheus.get(i))))
          .containsExactlyInAnyOrderElementsOf(samples(parsed.get(i)));
    }
  }

  private static String render(Analysis a, OutputFormat format) throws IOException {
    StringWriter w = new StringWriter();
    AnalysisRenderers.of(false).render(format, a, new PrintWriter(w));
    return w.toString();
  }

  private static List<String> samples(List<Sample> parsed) {
    return OpenMetricsParser.samples(parsed);
  }

  /** Each lifetime of the JSON report has its samples, with the same figures. */
  private static void agree(List<Sample> samples, JsonNode report) {
    JsonNode jvms = report.get("jvms");
    assertThat(samples.stream().filter(s -> s.name().equals("jtune_gc_jvm_info"))).hasSize(jvms.size());
    for (JsonNode jvm : jvms) {
      String n = jvm.get("number").asText();
      JsonNode sum = jvm.get("summary");
      String what = jvm.get("inputs") + " jvm " + n;
      assertThat(one(samples, "jtune_gc_jvm_info", n, null).label("collector")).as(what)
          .isEqualTo(jvm.get("collector").asText());
      assertThat(one(samples, "jtune_gc_pause_seconds_count", n, null).value()).as(what)
          .isEqualTo(sum.get("pauseCount").asDouble());
      assertThat(one(samples, "jtune_gc_pauses_total", n, "full").value()).as(what)
          .isEqualTo(sum.get("fullCount").asDouble());
      assertThat(one(samples, "jtune_gc_pauses_total", n, "young").value()).as(what)
          .isEqualTo(sum.get("youngCount").asDouble());
      assertThat(one(samples, "jtune_gc_span_seconds", n, null).value() * 1000).as(what)
          .isCloseTo(sum.get("spanS").asDouble() * 1000, within(1.0));
      if (sum.get("pauseCount").asLong() > 0) {
        Sample p99 = samples.stream().filter(s -> s.name().equals("jtune_gc_pause_seconds")
            && n.equals(s.label("jvm")) && "0.99".equals(s.label("quantile"))).findFirst().orElseThrow();
        assertThat(p99.value() * 1000).as(what).isCloseTo(sum.get("p99Ms").asDouble(), within(0.001));
      }
      assertThat(one(samples, "jtune_gc_diagnosis_info", n, null).label("primary")).as(what)
          .isEqualTo(jvm.at("/diagnosis/primary").asText());
      JsonNode live = jvm.at("/memoryModel/liveSet/bytes");
      List<Sample> liveSet = samples.stream().filter(s -> s.name().equals("jtune_gc_live_set_bytes")
          && n.equals(s.label("jvm"))).toList();
      if (live.isNumber() && live.asLong() > 0) {
        assertThat(liveSet).as(what).singleElement().extracting(Sample::value).isEqualTo(live.asDouble());
      } else {
        assertThat(liveSet).as(what + ": no live set, no sample").isEmpty();
      }
      assertThat(samples.stream().filter(s -> s.name().equals("jtune_gc_finding_occurrences")
          && n.equals(s.label("jvm")))).as(what).hasSize(jvm.get("findings").size());
    }
  }

  private static Sample one(List<Sample> samples, String name, String jvm, String kind) {
    List<Sample> found = samples.stream().filter(s -> s.name().equals(name) && jvm.equals(s.label("jvm"))
        && (kind == null || kind.equals(s.label("kind")))).toList();
    assertThat(found).as(name + " of jvm " + jvm).hasSize(1);
    return found.get(0);
  }

  @Test
  void fiveRestartsAreFiveLabelledLifetimesAndCausesAreTheLatestOnes() throws Exception {
    List<String> inputs = new ArrayList<>();
    try (Stream<Path> s = Files.list(AnalyzedLogs.corpus().resolve("gctoolkit-testdata"))) {
      s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted()
          .forEach(p -> inputs.add(p.toString()));
    }
    List<Sample> samples = OpenMetricsParser.parse(render(AnalyzedLogs.analyze(inputs), OutputFormat.OPENMETRICS));
    assertThat(samples.stream().filter(s -> s.name().equals("jtune_gc_jvm_info")).map(s -> s.label("jvm")))
        .containsExactly("1", "2", "3", "4", "5");
    assertThat(samples.stream().filter(s -> s.family().equals("jtune_gc_cause_pause_seconds")))
        .isNotEmpty().allSatisfy(s -> assertThat(s.label("jvm")).isEqualTo("5"))
        .allSatisfy(s -> assertThat(s.unit()).isEqualTo("seconds"));
  }

  @Test
  void labelValuesAreEscapedAndTheParserGivesThemBack() throws Exception {
    // a file name with a double quote, a backslash and a line feed ends up in the input label
    Path dir = Files.createTempDirectory("om");
    Path odd = dir.resolve("we\"ird\\na\nme.log");
    Files.copy(AnalyzedLogs.corpus().resolve("gctoolkit-testdata").resolve(first("short_restart_4.log")), odd);
    List<Sample> samples = OpenMetricsParser.parse(render(AnalyzedLogs.analyze(odd), OutputFormat.OPENMETRICS));
    assertThat(samples).isNotEmpty().allSatisfy(s -> assertThat(s.label("input")).isEqualTo(odd.toString()));
  }

  private static String first(String part) throws IOException {
    try (Stream<Path> s = Files.list(AnalyzedLogs.corpus().resolve("gctoolkit-testdata"))) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.contains(part)).sorted().findFirst().orElseThrow();
    }
  }
}
