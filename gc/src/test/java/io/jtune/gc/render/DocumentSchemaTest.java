package io.jtune.gc.render;

import static io.jtune.gc.testing.JsonSchemas.errors;
import static io.jtune.gc.testing.JsonSchemas.noFloatNoise;
import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import io.jtune.common.format.OutputFormat;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.compare.CompareRender;
import io.jtune.gc.compare.Comparison;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.fleet.FleetScan;
import io.jtune.gc.fleet.FleetUnits;
import io.jtune.gc.fleet.render.FleetOutput;
import io.jtune.gc.testing.JsonSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The GC analysis' JSON documents (the analysis, the fleet's rows, the comparison), as its
 * renderers write them for corpus logs, validated against the schema they name with the
 * networknt validator; the same document with one field renamed fails validation. And every
 * schema of schemas/ (shipped in this module's jar) is a strict draft 2020-12 schema.
 */
class DocumentSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern LOWER_CAMEL = Pattern.compile("[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*");
  /** {@code --events --qps 100}: every pause as events[], and a memory per request. */
  private static final AnalysisOptions EVERYTHING = new AnalysisOptions(60, 50, 100, null, true);

  private static JsonNode analysisJson(List<String> inputs, AnalysisOptions options) throws IOException {
    StringWriter w = new StringWriter();
    AnalysisJson.write(GcAnalyzer.analyze(inputs, InputStream.nullInputStream(), options), w);
    return JSON.readTree(w.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1_ConcurrentCycle.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk17.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11-PauseDegeneratedGc.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-other.txt"})
  void analysis(String log) throws IOException {
    List<String> path = List.of(AnalyzedLogs.corpusFile(log).toString());
    JsonNode plain = analysisJson(path, AnalysisOptions.DEFAULTS);
    assertThat(plain.path("schema").asText()).isEqualTo("jtune.analysis/2");
    validAndRenameFails(plain, "/summary/pauseTotalMs");
    JsonNode everything = analysisJson(path, EVERYTHING);
    validAndRenameFails(everything, "/events/0/pauseMs");
    if (!log.contains("shenandoah") && !log.contains("zgc")) { // with young collections: a memory per request
      validAndRenameFails(everything, "/rates/requestRateRps");
    }
    validAndRenameFails(everything, "/jvm/collector");
    if (log.contains("PauseDegeneratedGc")) { // a degenerated cycle: its own kind, not a Full GC
      assertThat(plain.at("/summary/fullCount").asLong()).isZero();
      assertThat(plain.at("/summary/degeneratedCount").asLong()).isEqualTo(1);
      validAndRenameFails(plain, "/pauses/byKind/degenerated");
    }
    if (log.contains("zgc")) { // ZGC: its pause kinds, minor/major collections, the heap across its collections
      validAndRenameFails(plain, "/pauses/byKind/mark-end");
      validAndRenameFails(plain, "/summary/majorCycles");
      validAndRenameFails(plain, "/windows/majorCyclesPeak");
      validAndRenameFails(plain, "/windows/rows/0/minorCycles");
      validAndRenameFails(plain, "/memory/cycles/liveMaxBytes");
      assertThat(plain.at("/memory/cycles/count").asLong()).isEqualTo(plain.at("/summary/majorCycles").asLong()).isPositive();
    }
  }

  @Test
  void analysisOfSeveralJvmLifetimes() throws IOException {
    List<String> inputs;
    try (Stream<Path> s = Files.list(AnalyzedLogs.corpus().resolve("gctoolkit-testdata"))) {
      inputs = s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted()
          .map(Path::toString).toList();
    }
    JsonNode doc = analysisJson(inputs, AnalysisOptions.DEFAULTS);
    validAndRenameFails(doc, "/jvms/1/summary/pauseCount");
    validAndRenameFails(doc, "/jvms/1/startReason");
    validAndRenameFails(doc, "/jvmCount");
  }

  @Test
  void fleetRows() throws IOException {
    StringWriter w = new StringWriter();
    PrintWriter out = new PrintWriter(w);
    FleetOutput rows = FleetOutput.of(OutputFormat.JSONL, out);
    rows.begin();
    FleetScan.Counts counts = FleetScan.scan(FleetUnits.of(List.of(AnalyzedLogs.corpus().resolve("GCViewer").toString())),
        AnalysisOptions.DEFAULTS, 2, InputStream.nullInputStream(), row -> {
          try {
            rows.row(row);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
    rows.end(counts);
    out.flush();
    String[] lines = w.toString().split("\n");
    assertThat(lines.length).isGreaterThan(20);
    boolean sawError = false;
    for (String line : lines) {
      JsonNode row = JSON.readTree(line);
      assertThat(errors(row)).as(line).isEmpty();
      sawError |= !row.path("error").isNull();
    }
    assertThat(sawError).as("a corpus log without collections is a row with its reason").isTrue();
    validAndRenameFails(JSON.readTree(lines[0]), "/pauseP99Ms");
    validAndRenameFails(JSON.readTree(lines[0]), "/diagnosis");
  }

  @Test
  void comparison() throws IOException {
    Path recorded = AnalyzedLogs.testdataFile("compare");
    Comparison c = Comparison.of(List.of(recorded.resolve("survivor-overflow-baseline.log.gz").toString(),
        recorded.resolve("survivor-overflow-survivors.log.gz").toString()), new AnalysisOptions(10, 50, Double.NaN, null, false));
    StringWriter w = new StringWriter();
    CompareRender.renderers().render(OutputFormat.JSON, c, new PrintWriter(w));
    JsonNode doc = JSON.readTree(w.toString());
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.compare/1");
    validAndRenameFails(doc, "/metrics/0/pValue");
    validAndRenameFails(doc, "/windows/0/sides/1/fgcMs");
    validAndRenameFails(doc, "/sides/1/pauses/p99Ms");
    validAndRenameFails(doc, "/alignment/by");
  }

  /**
   * Every schema is a valid draft 2020-12 schema (checked against the meta-schema the validator
   * carries, not fetched); every object it describes lists its required fields and says what
   * other fields may be; every property it names is lowerCamelCase, so every document follows
   * one convention.
   */
  @Test
  void everySchemaIsValidStrictAndNamesItsFieldsInLowerCamelCase() throws IOException {
    Path schemas = Path.of("../schemas");
    List<Path> files;
    try (Stream<Path> s = Files.list(schemas)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".schema.json")).sorted().toList();
    }
    assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly(
        "jtune.analysis-2.schema.json", "jtune.capacity-2.schema.json", "jtune.compare-1.schema.json",
        "jtune.experiment-1.schema.json", "jtune.fleet-1.schema.json", "jtune.host-1.schema.json", "jtune.jfr-1.schema.json", "jtune.load-2.schema.json", "jtune.run-1.schema.json",
        "jtune.search-1.schema.json", "jtune.suggestion-1.schema.json", "jtune.threads-1.schema.json", "jtune.tune-1.schema.json");
    Schema meta = JsonSchemas.REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
    for (Path f : files) {
      JsonNode schema = JSON.readTree(f.toFile());
      assertThat(meta.validate(schema)).as(f.toString()).isEmpty();
      List<String> names = new ArrayList<>();
      propertyNames(schema, names);
      assertThat(names).as(f.toString()).isNotEmpty().allMatch(n -> LOWER_CAMEL.matcher(n).matches());
    }
    JsonNode typo = JSON.readTree("{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"type\": \"objekt\"}");
    assertThat(meta.validate(typo)).as("the meta-schema catches a wrong type").isNotEmpty();
    assertThatThrownBy(() -> noFloatNoise(JSON.readTree("{\"a\": [150.24000000000007]}"), ""))
        .isInstanceOf(AssertionError.class).hasMessageContaining("/a/0");
  }

  private static void propertyNames(JsonNode schema, List<String> into) {
    if (schema.isObject()) {
      if (schema.has("properties")) {
        assertThat(schema.has("required") && schema.has("additionalProperties")).as("%s", schema).isTrue();
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getKey().equals("properties")) {
          e.getValue().fieldNames().forEachRemaining(into::add);
        }
        propertyNames(e.getValue(), into);
      }
    } else if (schema.isArray()) {
      schema.forEach(n -> propertyNames(n, into));
    }
  }
}
