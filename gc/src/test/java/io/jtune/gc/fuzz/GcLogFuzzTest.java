package io.jtune.gc.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.AnalysisText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Fuzz targets, one per input path, over mutations of small slices of the corpus logs (the seeds
 * in {@code GcLogFuzzTestInputs/<target>/}). Each input either gives an analysis whose numbers
 * hold (no negative time, no NaN or infinity, throughput within 0-100 % or null with a reason,
 * window means at most their peaks) and that renders as text and JSON, or a one-line user error;
 * never another exception or error. The default test run replays the seeds only (a few seconds);
 * with {@code JAZZER_FUZZ=1} the one target selected fuzzes for {@link #FUZZ_FOR}, and the inputs
 * it found interesting (core/.cifuzz-corpus) carry over to the next run.
 */
class GcLogFuzzTest {
  /** How long one fuzzing run (JAZZER_FUZZ=1) of a target lasts. */
  static final String FUZZ_FOR = "3m";

  /** JDK 8 style logs: the seeds are slices of JDK 8 corpus logs. */
  @FuzzTest(maxDuration = FUZZ_FOR)
  void jdk8Parser(byte[] data) throws IOException {
    check(write("fuzz.log", data));
  }

  /** Unified logging (JDK 9+) logs: the seeds are slices of unified corpus logs. */
  @FuzzTest(maxDuration = FUZZ_FOR)
  void unifiedParser(byte[] data) throws IOException {
    check(write("fuzz.log", data));
  }

  /** Format sniffing: mixed, truncated and binary-looking text under a name that says nothing. */
  @FuzzTest(maxDuration = FUZZ_FOR)
  void formatSniffing(byte[] data) throws IOException {
    check(write("input", data));
  }

  /** gz and zip containers: the bytes gzipped, zipped, and as they are under container names. */
  @FuzzTest(maxDuration = FUZZ_FOR)
  void containers(byte[] data) throws IOException {
    Path gz = write("fuzz.log.gz", gzip(data));
    check(gz);
    check(write("fuzz.zip", zip(data)));
    check(write("raw.gz", data));
    check(write("raw.zip", data));
  }

  private static Path write(String name, byte[] data) throws IOException {
    Path dir = Files.createTempDirectory("jtune-fuzz");
    dir.toFile().deleteOnExit();
    Path p = dir.resolve(name);
    Files.write(p, data);
    p.toFile().deleteOnExit();
    return p;
  }

  private static byte[] gzip(byte[] data) throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(b)) {
      out.write(data);
    }
    return b.toByteArray();
  }

  private static byte[] zip(byte[] data) throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    try (ZipOutputStream out = new ZipOutputStream(b)) {
      out.putNextEntry(new ZipEntry("gc.log"));
      out.write(data);
      out.closeEntry();
    }
    return b.toByteArray();
  }

  /** The CLI path on one input: an analysis that holds and renders, or a one-line user error. */
  static void check(Path log) {
    Analysis a;
    try {
      a = GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    } catch (JtuneException e) {
      assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
      return;
    } finally {
      try {
        Files.deleteIfExists(log);
        Files.deleteIfExists(log.getParent());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    StringWriter text = new StringWriter();
    new AnalysisText(false).write(a, new PrintWriter(text));
    assertThat(text.toString()).isNotEmpty();
    JsonNode json = AnalysisJson.build(a);
    Invariants.check(json);
    double tp = a.throughputPct();
    if (Double.isNaN(tp)) {
      assertThat(a.throughputNotApplicable()).isNotBlank();
    } else {
      assertThat(tp).isBetween(0.0, 100.0);
    }
  }

  /** The numbers of item 6 over a JSON analysis document. */
  static final class Invariants {
    private Invariants() {}

    static void check(JsonNode doc) {
      walk("", doc);
      JsonNode s = doc.get("summary");
      JsonNode tp = s.get("throughputPct");
      if (tp == null || tp.isNull()) {
        assertThat(s.path("throughputNotApplicable").asText()).as("throughput n/a reason").isNotBlank();
      } else {
        assertThat(tp.asDouble()).as("throughputPct").isBetween(0.0, 100.0);
      }
      JsonNode w = doc.get("windows");
      for (String c : List.of("ygcCount", "ygcTime", "fgcCount", "fgcTime")) {
        String unit = c.endsWith("Time") ? "Ms" : "";
        double mean = w.get(c + "Mean" + unit).asDouble();
        double peak = w.get(c + "Peak" + unit).asDouble();
        assertThat(mean).as("windows " + c + " mean <= peak").isLessThanOrEqualTo(peak + 1e-3);
      }
    }

    private static void walk(String path, JsonNode n) {
      if (n.isNumber()) {
        double v = n.asDouble();
        assertThat(Double.isFinite(v)).as(path + " = " + v + " is finite").isTrue();
        if (isAmount(path)) {
          assertThat(v).as(path + " is not negative").isGreaterThanOrEqualTo(0.0);
        }
        if (isShare(path)) {
          assertThat(v).as(path + " is a share within 0-100").isBetween(0.0, 100.0);
        }
        return;
      }
      if (n.isObject()) {
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          walk(path + "." + e.getKey(), e.getValue());
        }
      } else if (n.isArray()) {
        for (int i = 0; i < n.size(); i++) {
          walk(path + "[" + i + "]", n.get(i));
        }
      }
    }

    /** Percentages and shares of a whole: within 0-100. */
    private static boolean isShare(String path) {
      String key = path.substring(path.lastIndexOf('.') + 1).replaceAll("\\[\\d+]$", "");
      return key.endsWith("Pct") || key.endsWith("SharePct") || key.equals("share");
    }

    /** Durations, counts, sizes and shares: the numbers that cannot be negative (slopes can). */
    private static boolean isAmount(String path) {
      String key = path.substring(path.lastIndexOf('.') + 1).replaceAll("\\[\\d+]$", "");
      if (key.endsWith("PerH")) {
        return false;
      }
      return key.endsWith("Ms") || key.endsWith("S") && !key.endsWith("PerS") || key.endsWith("Count")
          || key.endsWith("Pct") || key.endsWith("Bytes") || key.endsWith("MBPerS") || key.endsWith("Rate")
          || key.endsWith("PerMin");
    }
  }
}
