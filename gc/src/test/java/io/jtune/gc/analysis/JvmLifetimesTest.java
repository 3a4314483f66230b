package io.jtune.gc.analysis;

import static io.jtune.gc.AnalyzedLogs.analyze;
import static io.jtune.gc.AnalyzedLogs.corpus;
import static io.jtune.gc.AnalyzedLogs.corpusFile;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.gc.AnalyzedLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several JVMs in one input: each lifetime is found and analyzed on its own. */
class JvmLifetimesTest {
  @TempDir Path dir;

  private static List<String> restartedSet() throws IOException {
    try (Stream<Path> s = Files.list(corpus().resolve("gctoolkit-testdata"))) {
      return s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted()
          .map(Path::toString).toList();
    }
  }

  private static JsonNode analyzeJson(List<String> inputs) throws IOException {
    return AnalyzedLogs.json(analyze(inputs));
  }

  @Test
  void fiveRestartsOfOneServiceAreFiveLifetimes() throws IOException {
    List<String> set = restartedSet();
    assertThat(set).hasSize(5);
    Analysis analysis = analyze(set);
    JsonNode doc = AnalyzedLogs.json(analysis);

    assertThat(doc.path("jvmCount").asInt()).isEqualTo(5);
    JsonNode jvms = doc.path("jvms");
    assertThat(jvms).hasSize(5);
    List<String> inputs = new ArrayList<>();
    long pauses = 0;
    for (JsonNode j : jvms) {
      assertThat(j.path("inputs")).as("each restart is in a file of its own").hasSize(1);
      inputs.add(j.path("inputs").get(0).asText());
      assertThat(j.path("collector").asText()).isEqualTo("G1");
      // each lifetime is on its own uptime axis, starting near the JVM's start
      assertThat(j.path("summary").path("startS").asDouble()).isLessThan(1.0);
      assertThat(j.path("summary").path("spanS").asDouble()).isLessThan(60.0);
      pauses += j.path("summary").path("pauseCount").asLong();
    }
    assertThat(inputs).containsExactlyInAnyOrderElementsOf(set);
    assertThat(jvms.get(0).path("startReason").isNull()).isTrue();
    assertThat(jvms.get(1).path("startReason").asText()).isEqualTo("uptime starts again");
    // the top level describes the latest lifetime, and says so
    assertThat(doc.path("summary")).isEqualTo(jvms.get(4).path("summary"));
    assertThat(doc.path("findings")).isEqualTo(jvms.get(4).path("findings"));
    assertThat(doc.path("jvmNote").asText()).contains("5 JVM lifetimes").contains("latest (JVM 5)");
    assertThat(pauses).as("every pause in one lifetime").isGreaterThan(doc.path("summary").path("pauseCount").asLong());

    String text = AnalyzedLogs.text(analysis);
    assertThat(text).startsWith("JVM lifetimes\n").contains("describe the latest (JVM 5)");
    assertThat(text.lines().filter(l -> l.contains("short_restart_4.log"))).hasSize(5);
  }

  @Test
  void jdk17G1AndJdk25ShenandoahInOneDirectoryAreTwoJvms() throws IOException {
    // real logs of a JDK 17 and a JDK 25 run, kept with the parser tests
    Path real = Path.of("src/test/resources/unified/real");
    Files.copy(real.resolve("jdk17-g1-info.log"), dir.resolve("a-g1.log"));
    Files.copy(real.resolve("jdk25-shenandoah-info.log"), dir.resolve("b-shenandoah.log"));
    Analysis analysis = analyze(List.of(dir.toString()));
    JsonNode doc = AnalyzedLogs.json(analysis);

    assertThat(doc.path("jvmCount").asInt()).isEqualTo(2);
    JsonNode jvms = doc.path("jvms");
    assertThat(jvms).hasSize(2);
    List<String> collectors = new ArrayList<>();
    for (JsonNode j : jvms) {
      collectors.add(j.path("collector").asText());
      assertThat(j.path("summary").path("pauseCount").asInt()).isPositive();
    }
    assertThat(collectors).containsExactlyInAnyOrder("G1", "Shenandoah");
    JsonNode g1 = jvms.get(collectors.indexOf("G1"));
    assertThat(g1.path("inputs").get(0).asText()).endsWith("a-g1.log");
    assertThat(g1.path("version").asText()).startsWith("17");
    assertThat(jvms.get(collectors.indexOf("Shenandoah")).path("version").asText()).startsWith("25");
    assertThat(doc.path("jvm").path("collector").asText()).isEqualTo(collectors.get(1));

    assertThat(AnalyzedLogs.markdown(analysis)).contains("JVM lifetimes").contains("a-g1.log").contains("b-shenandoah.log");
  }

  @Test
  void aRestartAppendedToTheSameFileIsANewLifetime() throws IOException {
    // stdout logging appended to one file (java ... >> gc.log): the second JVM's header, then its clock from 0
    Path real = Path.of("src/test/resources/unified/real");
    Path both = dir.resolve("appended.log");
    Files.write(both, Files.readAllBytes(real.resolve("jdk17-g1-info.log")));
    Files.write(both, Files.readAllBytes(real.resolve("jdk17-shenandoah-info.log")), java.nio.file.StandardOpenOption.APPEND);
    JsonNode doc = analyzeJson(List.of(both.toString()));

    assertThat(doc.path("jvmCount").asInt()).isEqualTo(2);
    JsonNode jvms = doc.path("jvms");
    assertThat(jvms.get(0).path("collector").asText()).isEqualTo("G1");
    assertThat(jvms.get(1).path("collector").asText()).isEqualTo("Shenandoah");
    assertThat(jvms.get(1).path("startReason").asText()).isEqualTo("new JVM header and uptime starts again");
    assertThat(jvms.get(1).path("inputs").get(0).asText()).isEqualTo(both.toString());
    assertThat(doc.path("unparsed").path("clockBackwards").asInt(0)).as("a restart is no clock going backwards").isZero();
  }

  @Test
  void rotatedFilesOfOneJvmStayOneLifetime() throws IOException {
    JsonNode doc = analyzeJson(List.of(corpusFile(
        "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__zip__rollover.zip").toString()));
    assertThat(doc.path("jvmCount").asInt()).isEqualTo(1);
    assertThat(doc.path("jvms")).hasSize(1);
    assertThat(doc.path("jvms").get(0).path("inputs").size()).isGreaterThan(1);
    assertThat(doc.path("jvmNote").isNull()).isTrue();
    assertThat(doc.path("jvms").get(0).path("summary")).isEqualTo(doc.path("summary"));
  }

  @Test
  void aDirectoryOfUnrelatedLogsIsAnalyzedLifetimeByLifetime() throws IOException {
    // 55 logs of many JVMs: before, stitched into one timeline of thousands of days (out of memory)
    Path gcviewer = corpus().resolve("GCViewer");
    long files;
    try (Stream<Path> s = Files.list(gcviewer)) {
      files = s.filter(Files::isRegularFile).count();
    }
    JsonNode doc = analyzeJson(List.of(gcviewer.toString()));
    assertThat(doc.path("jvmCount").asInt()).isGreaterThan(30).isEqualTo(doc.path("jvms").size());
    long inputs = 0;
    for (JsonNode j : doc.path("jvms")) {
      inputs += j.path("inputs").size();
      assertThat(j.path("summary").path("spanS").asDouble()).as("%s", j.path("inputs")).isLessThan(2 * 86400.0);
    }
    assertThat(inputs).as("every log with events is in one lifetime").isLessThanOrEqualTo(files).isGreaterThan(files / 2);
    // the logs are of unrelated JVMs (different names, not rotations of one another): each is a
    // lifetime of its own, with the collector, version and pauses it has when analyzed alone
    // (before, a file's collector was lost after the first file, and a header-only file's
    // version was given to the lifetime before it)
    int compared = 0;
    for (JsonNode j : doc.path("jvms")) {
      assertThat(j.path("inputs")).as("unrelated logs are not stitched: %s", j.path("inputs")).hasSize(1);
      JsonNode alone = analyzeJson(List.of(j.path("inputs").get(0).asText()));
      assertThat(j.path("collector").asText()).as("%s", j.path("inputs")).isEqualTo(alone.path("jvm").path("collector").asText());
      assertThat(j.path("version")).as("%s", j.path("inputs")).isEqualTo(alone.path("jvm").path("version"));
      assertThat(j.path("summary").path("pauseCount")).as("%s", j.path("inputs")).isEqualTo(alone.path("summary").path("pauseCount"));
      compared++;
    }
    assertThat(compared).isGreaterThan(40);
  }
}
