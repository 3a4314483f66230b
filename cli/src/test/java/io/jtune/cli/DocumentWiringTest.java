package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each command's {@code --format} gives its document in that format, on stdout, exit 0: one small
 * check per format per command. What the documents say (schemas, the JSON contract, OpenMetrics
 * parsed, HTML in a browser) is tested where they are written: gc, diagnostics, experiment.
 */
class DocumentWiringTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LOG = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt";
  private static final String HOST = "../diagnostics/src/test/resources/host/cgroup-v2-thp-always-under-pressure";
  private static final Path EXPERIMENT = CliRun.corpus().resolveSibling("experiments").resolve("serial-vs-default");

  @TempDir Path dir;

  private static String out(String... args) {
    CliRun r = CliRun.of(args);
    assertThat(r.exitCode()).as("%s: %s", String.join(" ", args), r.err()).isZero();
    assertThat(r.out()).as(String.join(" ", args)).isNotBlank();
    return r.out();
  }

  /** The document in each format: JSON names its schema, HTML is a page, Markdown a heading, the metrics their families. */
  private static void isTheDocument(String format, String out, String schema, String metricsPrefix) throws IOException {
    switch (format) {
      case "json" -> assertThat(JSON.readTree(out).path("schema").asText()).isEqualTo(schema);
      case "html" -> assertThat(out).startsWith("<!DOCTYPE html>").contains("</html>");
      case "markdown" -> assertThat(out).startsWith("# ");
      case "openmetrics" -> assertThat(out).contains("# TYPE " + metricsPrefix).endsWith("# EOF\n");
      case "prometheus" -> assertThat(out).contains("# TYPE " + metricsPrefix).doesNotContain("# EOF");
      case "text" -> assertThat(out).doesNotStartWith("{").doesNotStartWith("<").doesNotStartWith("# ");
      default -> throw new IllegalArgumentException(format);
    }
  }

  @ParameterizedTest
  @CsvSource({"text", "json", "markdown", "html", "openmetrics", "prometheus"})
  void analyze(String format) throws IOException {
    isTheDocument(format, out("analyze", "--format", format, CliRun.corpusFile(LOG).toString()), "jtune.analysis/2", "jtune_gc_");
  }

  @ParameterizedTest
  @CsvSource({"text", "json", "markdown", "html", "openmetrics", "prometheus"})
  void experimentReport(String format) throws IOException {
    isTheDocument(format, out("experiment", "--report", EXPERIMENT.toString(), "--format", format), "jtune.experiment/1",
        "jtune_experiment_");
  }

  @ParameterizedTest
  @CsvSource({"text", "json", "markdown", "html"})
  void host(String format) throws IOException {
    isTheDocument(format, out("host", "--root", HOST, "--format", format), "jtune.host/1", null);
  }

  @ParameterizedTest
  @CsvSource({"text", "json", "markdown", "html"})
  void threads(String format) throws IOException {
    isTheDocument(format, out("threads", "--format", format, ThreadsCommandTest.dump("jdk25-jstack-l.txt").toString()),
        "jtune.threads/1", null);
  }

  @ParameterizedTest
  @CsvSource({"text", "json", "markdown", "html"})
  void compare(String format) throws IOException {
    isTheDocument(format, out("compare", "--format", format, "--window", "10s",
        CompareCommandTest.recorded("survivor-overflow-baseline.log.gz").toString(),
        CompareCommandTest.recorded("survivor-overflow-survivors.log.gz").toString()), "jtune.compare/1", null);
  }

  /** {@code jtune jfr} on a recording of this JVM (a few collections), in each of its formats. */
  @Test
  void jfr() throws IOException {
    Path rec = dir.resolve("rec.jfr");
    try (Recording r = new Recording()) {
      r.enable("jdk.GarbageCollection");
      r.start();
      for (int i = 0; i < 3; i++) {
        System.gc();
      }
      r.stop();
      r.dump(rec);
    }
    for (String format : new String[] {"text", "json", "markdown", "html"}) {
      isTheDocument(format, out("jfr", "--format", format, rec.toString()), "jtune.jfr/1", null);
    }
  }
}
