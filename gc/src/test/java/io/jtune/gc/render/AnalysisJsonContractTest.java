package io.jtune.gc.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The analysis' JSON contract ({@code jtune analyze --format json}, as AnalysisJson writes it) (schema jtune.analysis/2): sealed by golden files (regenerate
 * with -Djtune.golden.update=true after a deliberate change, and review the diff), and checked
 * against arithmetic that does not go through jtune: totals equal the sum of the events, counts
 * equal the events per kind, and for unified logs the pause total equals the sum of the pause
 * times printed on the log's own pause lines.
 */
class AnalysisJsonContractTest {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final Pattern UNIFIED_PAUSE = Pattern.compile("GC\\(\\d+\\) (?:[YO]: )?Pause .* ([\\d.]+)ms\\s*$");

  @ParameterizedTest
  @ValueSource(strings = {
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1_ConcurrentCycle.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk17.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-other.txt",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log"})
  void jsonMatchesGoldenAndArithmetic(String corpusName) throws IOException {
    Path log = AnalyzedLogs.corpusFile(corpusName);
    // as --events --qps 100 give it
    StringWriter w = new StringWriter();
    AnalysisJson.write(GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(),
        new AnalysisOptions(60, 50, 100, null, true)), w);
    ObjectNode doc = (ObjectNode) JSON.readTree(w.toString());
    portable(doc, log);

    assertThat(doc.get("schema").asText()).isEqualTo("jtune.analysis/2");
    for (String key : List.of("jvm", "summary", "windows", "memory", "rates", "findings", "unparsed", "events")) {
      assertThat(doc.has(key)).as(key).isTrue();
    }
    JsonNode s = doc.get("summary");
    for (String key : List.of("spanS", "pauseCount", "pauseTotalMs", "pauseMaxMs", "throughputPct", "youngCount", "fullCount")) {
      assertThat(s.has(key)).as(key).isTrue();
    }
    ArrayNode events = (ArrayNode) doc.get("events");
    double sum = 0;
    double max = 0;
    long young = 0;
    long full = 0;
    for (JsonNode e : events) {
      sum += e.get("pauseMs").asDouble();
      max = Math.max(max, e.get("pauseMs").asDouble());
      young += e.get("kind").asText().equals("young") ? 1 : 0;
      full += e.get("kind").asText().equals("full") ? 1 : 0;
      assertThat(e.has("uptimeS") && e.has("kind") && e.has("cause")).isTrue();
    }
    assertThat(s.get("pauseCount").asLong()).isEqualTo(events.size()).isPositive();
    assertThat(s.get("pauseTotalMs").asDouble()).isCloseTo(sum, within(0.001 * events.size() + 0.001));
    assertThat(s.get("pauseMaxMs").asDouble()).isCloseTo(max, within(0.001));
    assertThat(s.get("youngCount").asLong()).isEqualTo(young);
    assertThat(s.get("fullCount").asLong()).isEqualTo(full);
    double span = s.get("spanS").asDouble();
    // spanS is printed to 1 ms: allow for that rounding (it matters on very short logs)
    double roundingPct = 100 * (sum / 1000) * 0.0005 / (span * span);
    if (span < 1) {
      // under a second of log there is no throughput to speak of: null, with the reason
      assertThat(s.get("throughputPct").isNull()).as(s.toString()).isTrue();
      assertThat(s.get("throughputNotApplicable").asText()).isNotBlank();
    } else {
      assertThat(s.get("throughputPct").asDouble()).isCloseTo(100 * (1 - sum / 1000 / span), within(0.01 + roundingPct));
    }

    List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
    if (lines.stream().anyMatch(l -> l.startsWith("["))) {
      double printed = 0;
      long n = 0;
      for (String l : lines) {
        Matcher m = UNIFIED_PAUSE.matcher(l);
        if (m.find()) {
          printed += Double.parseDouble(m.group(1));
          n++;
        }
      }
      assertThat(s.get("pauseCount").asLong()).isEqualTo(n);
      assertThat(s.get("pauseTotalMs").asDouble()).isCloseTo(printed, within(0.001 * n + 0.001));
    }

    Path golden = GOLDEN.resolve(log.getFileName() + ".json");
    String actual = JSON.writeValueAsString(doc) + "\n";
    if (Boolean.getBoolean("jtune.golden.update") || !Files.exists(golden)) {
      Files.writeString(golden, actual);
    }
    assertThat(JSON.readTree(actual)).isEqualTo(JSON.readTree(Files.readString(golden)));
  }

  /** Input names as the file name only, so golden files do not depend on where the corpus is. */
  private static void portable(ObjectNode doc, Path log) {
    String abs = log.toString();
    String base = log.getFileName().toString();
    for (JsonNode in : doc.get("inputs")) {
      ((ObjectNode) in).put("name", base);
    }
    for (JsonNode jvm : doc.path("jvms")) {
      ArrayNode names = ((ObjectNode) jvm).putArray("inputs");
      names.add(base);
    }
    for (String list : List.of("examples", "otherTextExamples", "warnings", "problems")) {
      for (JsonNode e : doc.at("/unparsed/" + list)) {
        ((ObjectNode) e).put("source", e.get("source").asText().replace(abs, base));
      }
    }
  }
}
