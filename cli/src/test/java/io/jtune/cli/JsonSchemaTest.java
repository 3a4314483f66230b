package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind of JSON document jtune writes, produced by the real commands (analyze and suggest on
 * corpus logs, load and capacity against an HTTP server on 127.0.0.1, an experiment on the lab),
 * validated against the schema it names ({@code "schema": "jtune.KIND/N"} is checked against
 * {@code schemas/jtune.KIND-N.schema.json}, shipped in the core jar) with the networknt
 * validator; and the same document with one field renamed fails validation.
 */
@ExtendWith(UseLabJar.class)
class JsonSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  private static final Pattern SCHEMA_NAME = Pattern.compile("jtune\\.([a-z]+)/(\\d+)");
  private static final Pattern LOWER_CAMEL = Pattern.compile("[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*");
  private static final String G1 =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt";
  private static final String SERIAL_8 =
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log";

  @TempDir Path dir;
  private final List<AutoCloseable> servers = new ArrayList<>();

  @AfterEach
  void stopServers() throws Exception {
    for (AutoCloseable s : servers) {
      s.close();
    }
  }

  /** The schema a document names in its {@code schema} field, from the classpath. */
  private static Schema schemaOf(JsonNode doc) {
    var m = SCHEMA_NAME.matcher(doc.path("schema").asText());
    assertThat(m.matches()).as("schema field %s", doc.path("schema")).isTrue();
    String resource = "/io/jtune/schemas/jtune." + m.group(1) + "-" + m.group(2) + ".schema.json";
    InputStream in = JsonSchemaTest.class.getResourceAsStream(resource);
    assertThat(in).as(resource).isNotNull();
    return SCHEMAS.getSchema(in);
  }

  private static List<Error> errors(JsonNode doc) {
    return schemaOf(doc).validate(doc);
  }

  /**
   * The document is valid against its schema; renamed at {@code pointer} (a field scripts
   * read), it is not, and the error names the place.
   */
  static void validAndRenameFails(JsonNode doc, String pointer) {
    assertThat(errors(doc)).as("%s", doc.path("schema")).isEmpty();
    noFloatNoise(doc, "");
    ObjectNode copy = doc.deepCopy();
    int slash = pointer.lastIndexOf('/');
    ObjectNode parent = (ObjectNode) copy.at(pointer.substring(0, slash));
    String name = pointer.substring(slash + 1);
    assertThat(parent.has(name)).as(pointer).isTrue();
    parent.set(name + "Renamed", parent.remove(name));
    List<Error> errors = errors(copy);
    assertThat(errors).as("%s with %s renamed", doc.path("schema"), pointer).isNotEmpty();
    assertThat(errors.toString()).contains(name);
  }

  /**
   * Every fractional number is rounded: at most four decimals (the USL fit's sigma and kappa,
   * which are small by nature, at most nine), so nothing like 150.24000000000007 appears.
   */
  private static void noFloatNoise(JsonNode n, String at) {
    if (n.isFloatingPointNumber()) {
      int decimals = Math.max(0, new BigDecimal(n.asText()).stripTrailingZeros().scale());
      assertThat(decimals).as("%s = %s", at, n.asText()).isLessThanOrEqualTo(at.startsWith("/usl/") ? 9 : 4);
    } else if (n.isObject()) {
      n.fields().forEachRemaining(e -> noFloatNoise(e.getValue(), at + "/" + e.getKey()));
    } else if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        noFloatNoise(n.get(i), at + "/" + i);
      }
    }
  }

  private static JsonNode json(CliRun r) throws IOException {
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {G1, SERIAL_8,
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1_ConcurrentCycle.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk17.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11-PauseDegeneratedGc.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-other.txt"})
  void analysis(String log) throws IOException {
    String path = CliRun.corpusFile(log).toString();
    JsonNode plain = json(CliRun.of("analyze", "--format", "json", path));
    assertThat(plain.path("schema").asText()).isEqualTo("jtune.analysis/2");
    validAndRenameFails(plain, "/summary/pauseTotalMs");
    JsonNode everything = json(CliRun.of("analyze", "--format", "json", "--events", "--qps", "100", path));
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
    List<String> args = new ArrayList<>(List.of("analyze", "--format", "json"));
    try (Stream<Path> s = Files.list(CliRun.corpus().resolve("gctoolkit-testdata"))) {
      s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted()
          .forEach(p -> args.add(p.toString()));
    }
    JsonNode doc = json(CliRun.of(args.toArray(String[]::new)));
    validAndRenameFails(doc, "/jvms/1/summary/pauseCount");
    validAndRenameFails(doc, "/jvms/1/startReason");
    validAndRenameFails(doc, "/jvmCount");
  }

  @Test
  void fleetRows() throws IOException {
    CliRun r = CliRun.of("analyze", "--each", "--format", "jsonl", CliRun.corpus().resolve("GCViewer").toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    String[] lines = r.out().split("\n");
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
    JsonNode doc = json(CliRun.of("compare", "--format", "json", "--window", "10s",
        CompareCommandTest.recorded("survivor-overflow-baseline.log.gz").toString(),
        CompareCommandTest.recorded("survivor-overflow-survivors.log.gz").toString()));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.compare/1");
    validAndRenameFails(doc, "/metrics/0/pValue");
    validAndRenameFails(doc, "/windows/0/sides/1/fgcMs");
    validAndRenameFails(doc, "/sides/1/pauses/p99Ms");
    validAndRenameFails(doc, "/alignment/by");
  }

  @Test
  void suggestion() throws IOException {
    JsonNode doc = json(CliRun.of("suggest", "--format", "json", CliRun.corpusFile(SERIAL_8).toString()));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.suggestion/1");
    validAndRenameFails(doc, "/levels/0/durationS");
  }

  @Test
  void threads() throws IOException {
    JsonNode doc = json(CliRun.of("threads", "--format", "json", ThreadsCommandTest.dump("jdk25-jstack-l.txt").toString()));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.threads/1");
    assertThat(doc.path("deadlocks")).hasSize(2);
    validAndRenameFails(doc, "/locks/0/waiters");
    JsonNode virtual = json(CliRun.of("threads", "--format", "json", ThreadsCommandTest.dump("jdk25-dump-to-file.json").toString()));
    assertThat(virtual.path("threads").path("virtual").asInt()).isEqualTo(4);
    assertThat(virtual.path("threads").path("mountedVirtual").asInt()).isEqualTo(1);
    assertThat(errors(virtual)).isEmpty();
    // JDK 21's Thread.dump_to_file has no states: identical stacks without a state
    JsonNode noStates = json(CliRun.of("threads", "--format", "json", ThreadsCommandTest.dump("jdk21-dump-to-file.json").toString()));
    assertThat(noStates.path("source").path("statesAndLocks").asBoolean(true)).isFalse();
    assertThat(noStates.path("identicalStacks").get(0).path("state").isNull()).isTrue();
    validAndRenameFails(noStates, "/source/statesAndLocks");
  }

  @Test
  void jfrRecordingOfARealJvm() throws Exception {
    // a JVM that collects a few times, recorded from its start to its exit
    Path rec = dir.resolve("rec.jfr");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
        "-XX:StartFlightRecording=filename=" + rec, "-XX:+UseSerialGC", "-version").redirectErrorStream(true)
        .redirectOutput(dir.resolve("jvm.txt").toFile()).start();
    try {
      assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    JsonNode doc = json(CliRun.of("jfr", "--format", "json", rec.toString()));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.jfr/1");
    validAndRenameFails(doc, "/gc/pauseCount");
    validAndRenameFails(doc, "/threads/activeMax");
  }

  @Test
  void loadClosedAndOpen() throws IOException {
    String url = httpServer(0);
    JsonNode closed = json(CliRun.of("load", "-q", "-c", "2", "-n", "200", "--format", "json", url, url + "missing"));
    assertThat(closed.path("schema").asText()).isEqualTo("jtune.load/2");
    assertThat(closed.path("requests").asLong()).isEqualTo(200);
    assertThat(closed.path("errors").path("status4xx").asLong()).isPositive();
    validAndRenameFails(closed, "/latencyMs/p99");
    validAndRenameFails(closed, "/throughputRps");
    JsonNode open = json(CliRun.of("load", "-q", "-r", "200", "--warmup", "200ms", "-d", "1s", "--format", "json", url));
    assertThat(open.path("maxSendLagMs").isNumber()).isTrue();
    assertThat(open.path("timeline").size()).isPositive();
    validAndRenameFails(open, "/timeline/0/endS");
  }

  @Test
  void capacityWithFormulaAndUslFit() throws IOException {
    String url = httpServer(2);
    JsonNode doc = null;
    // the USL is fitted only to steps whose throughput a model can describe: on a host busy with
    // other work a short step can collapse and leave no fit, so the sweep is tried up to 3 times
    for (int attempt = 0; attempt < 3 && (doc == null || !doc.has("usl")); attempt++) {
      doc = json(CliRun.of("capacity", "--levels", "1,2,3", "--step-duration", "700ms", "--step-warmup",
          "200ms", "--cpu-ms", "1", "--cores", "2", "--format", "json", url));
    }
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.capacity/2");
    assertThat(doc.has("formula") && doc.has("usl")).as(doc.toString()).isTrue();
    validAndRenameFails(doc, "/steps/0/throughputRps");
    validAndRenameFails(doc, "/usl/rSquared");
  }

  @Test
  void hostOfAContainerUnderPressureAndOfThisMachine() throws IOException {
    JsonNode doc = json(CliRun.of("host", "--root", "../diagnostics/src/test/resources/host/cgroup-v2-thp-always-under-pressure",
        "--format", "json"));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.host/1");
    assertThat(doc.path("findings")).isNotEmpty();
    validAndRenameFails(doc, "/thp/enabled");
    validAndRenameFails(doc, "/cgroup/memoryLimitBytes");
    validAndRenameFails(doc, "/vmstat/sinceBoot/allocStalls");
    JsonNode live = json(CliRun.of("host", "--sample", "1s", "--pid", Long.toString(ProcessHandle.current().pid()),
        "--format", "json"));
    validAndRenameFails(live, "/vmstat/deltas");
    validAndRenameFails(live, "/process/rssBytes");
  }

  @Test
  void experimentItsRunsAndTheirLoadResults() throws IOException {
    Path plan = Files.writeString(dir.resolve("plan.yaml"), """
        name: schema
        target: {lab: api}
        baseline: a
        candidates:
          - {name: a}
          - {name: b, flags: "-Xmn32m"}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 2s, goals: {p99: -30%}}
        repetitions: 1
        cooldown: 0s
        """);
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("experiment", plan.toString(), "--out", out.toString(), "--format", "json");
    JsonNode doc = json(r);
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.experiment/1");
    assertThat(JSON.readTree(out.resolve("experiment.json").toFile())).isEqualTo(doc);
    validAndRenameFails(doc, "/levels/0/candidates/1/metrics");
    validAndRenameFails(doc, "/levels/0/winner");
    validAndRenameFails(doc, "/recommendation");
    // counts are integers (a run's count; the mean over runs need not be)
    assertThat(doc.at("/levels/0/candidates/0/metrics/ygcCount/values/0").isIntegralNumber()).isTrue();
    assertThat(doc.at("/levels/0/candidates/0/metrics/errors/max").isIntegralNumber()).isTrue();
    assertThat(doc.at("/levels/0/candidates/0/metrics/p99/mean").isDouble()).isTrue();
    ((ObjectNode) doc.at("/levels/0/candidates/0/metrics")).putObject("p99Micros").put("mean", 1.0);
    assertThat(errors(doc)).as("a metric key plans do not know").isNotEmpty();

    List<Path> runs;
    try (Stream<Path> s = Files.list(out.resolve("runs"))) {
      runs = s.sorted().toList();
    }
    assertThat(runs).hasSize(2);
    for (Path run : runs) {
      JsonNode result = JSON.readTree(run.resolve("result.json").toFile());
      assertThat(result.path("schema").asText()).isEqualTo("jtune.run/1");
      assertThat(result.path("status").asText()).as(result.path("failure").asText()).isEqualTo("ok");
      validAndRenameFails(result, "/windowStartEpochMs");
      assertThat(result.at("/metrics/ygcCount").isIntegralNumber() && result.at("/metrics/errors").isIntegralNumber())
          .as("counts as integers: %s", result.path("metrics")).isTrue();
      JsonNode load = JSON.readTree(run.resolve("load.json").toFile());
      validAndRenameFails(load, "/latencyMs/p50");
    }
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
        "jtune.suggestion-1.schema.json", "jtune.threads-1.schema.json");
    Schema meta = SCHEMAS.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
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

  /** A server on 127.0.0.1 answering after {@code sleepMs} (404 under /missing); its URL with a slash. */
  private String httpServer(int sleepMs) throws IOException {
    LocalHttpServer server = LocalHttpServer.start(() -> {
      try {
        Thread.sleep(sleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    servers.add(server);
    return server.url() + "/";
  }
}
