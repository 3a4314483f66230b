package io.jtune.diagnostics;

import static io.jtune.gc.testing.JsonSchemas.errors;
import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import io.jtune.diagnostics.host.HostReader;
import io.jtune.diagnostics.host.render.HostRender;
import io.jtune.diagnostics.jfr.JfrReader;
import io.jtune.diagnostics.jfr.JfrRules;
import io.jtune.diagnostics.jfr.JfrSummary;
import io.jtune.diagnostics.jfr.render.JfrRender;
import io.jtune.diagnostics.threads.CapturedDumps;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import io.jtune.diagnostics.threads.parse.ThreadDumps;
import io.jtune.diagnostics.threads.render.ThreadsRenderers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diagnostics' JSON documents (threads, JFR, host), as their renderers write them for
 * captured dumps, a recording of a real JVM and a captured /proc and /sys, validated against
 * the schema they name with the networknt validator (gc's test jar: JsonSchemas); the same
 * document with one field renamed fails validation.
 */
class DocumentSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static <T> JsonNode json(Renderers<T> renderers, T document) throws IOException {
    StringWriter w = new StringWriter();
    renderers.render(OutputFormat.JSON, document, new PrintWriter(w));
    return JSON.readTree(w.toString());
  }

  private static JsonNode threads(String dump) throws IOException {
    return json(ThreadsRenderers.of(), ThreadsReport.of(ThreadDumps.read(CapturedDumps.text(dump)), List.of()));
  }

  @Test
  void threads() throws IOException {
    JsonNode doc = threads("jdk25-jstack-l.txt");
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.threads/1");
    assertThat(doc.path("deadlocks")).hasSize(2);
    validAndRenameFails(doc, "/locks/0/waiters");
    JsonNode virtual = threads("jdk25-dump-to-file.json");
    assertThat(virtual.path("threads").path("virtual").asInt()).isEqualTo(4);
    assertThat(virtual.path("threads").path("mountedVirtual").asInt()).isEqualTo(1);
    assertThat(errors(virtual)).isEmpty();
    // JDK 21's Thread.dump_to_file has no states: identical stacks without a state
    JsonNode noStates = threads("jdk21-dump-to-file.json");
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
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    JfrSummary s = JfrReader.read(rec);
    JsonNode doc = json(JfrRender.renderers(JfrRules.findings(s)), s);
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.jfr/1");
    validAndRenameFails(doc, "/gc/pauseCount");
    validAndRenameFails(doc, "/threads/activeMax");
  }

  @Test
  void hostOfAContainerUnderPressureAndOfThisMachine() throws Exception {
    JsonNode doc = json(HostRender.renderers(),
        HostReader.read(Path.of("src/test/resources/host/cgroup-v2-thp-always-under-pressure"), -1, Duration.ZERO, false));
    assertThat(doc.path("schema").asText()).isEqualTo("jtune.host/1");
    assertThat(doc.path("findings")).isNotEmpty();
    validAndRenameFails(doc, "/thp/enabled");
    validAndRenameFails(doc, "/cgroup/memoryLimitBytes");
    validAndRenameFails(doc, "/vmstat/sinceBoot/allocStalls");
    JsonNode live = json(HostRender.renderers(), HostReader.read(Path.of("/"), ProcessHandle.current().pid(),
        Duration.ofSeconds(1), true));
    validAndRenameFails(live, "/vmstat/deltas");
    validAndRenameFails(live, "/process/rssBytes");
  }
}
