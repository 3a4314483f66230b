package io.jtune.gc.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.common.JtuneException;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.fleet.FleetColumns;
import io.jtune.gc.fleet.FleetRow;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The library entry point on real logs of the corpus (testdata/gclogs). */
class GcLogsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    return p != null ? Path.of(p) : Path.of("../testdata/gclogs");
  }

  private static Path toolkit(String name) {
    return corpus().resolve("gctoolkit-testdata").resolve("gctoolkit-gclogs__" + name);
  }

  @Test
  void aPathGivesOneRowWithTheFiguresOfTheJsonReport() throws IOException {
    Path log = toolkit("preunified__serial__defnew__details__tenuring__180__serial180.log");
    GcLogAnalysis a = GcLogs.analyze(log);
    assertThat(a.jvms()).hasSize(1);
    FleetRow row = a.latest();
    JsonNode json = JSON.readTree(a.toJson());
    JsonNode jvm = json.get("jvms").get(0);
    assertThat(row.inputs()).containsExactly(log.toString());
    assertThat(row.collector()).isEqualTo(jvm.get("collector").asText()).isEqualTo("Serial");
    assertThat(row.fullGcs()).isEqualTo(jvm.at("/summary/fullCount").asLong()).isPositive();
    assertThat(row.pauseP99Ms()).isEqualTo(jvm.at("/summary/p99Ms").asDouble(), org.assertj.core.data.Offset.offset(0.001));
    assertThat(row.diagnosis()).isEqualTo(jvm.at("/diagnosis/primary").asText());
    assertThat(row.topFinding()).isEqualTo(a.findings().get(0).id());
    assertThat(row.values()).hasSize(FleetColumns.ALL.size());
    assertThat(a.toOpenMetrics()).startsWith("# TYPE jtune_gc_jvm info").endsWith("# EOF\n");
    assertThatThrownBy(() -> a.jvms().add(row)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void theListenerSeesEveryPauseInTimelineOrder() {
    List<GcEvent> events = new ArrayList<>();
    GcLogAnalysis a = GcLogs.analyzer().listener(events::add)
        .analyze(List.of(toolkit("preunified__g1gc__details__g1.details.cause.log")));
    List<GcPause> pauses = events.stream().filter(GcPause.class::isInstance).map(GcPause.class::cast).toList();
    assertThat(pauses).hasSize((int) a.details().pauses().all().count()).isNotEmpty();
    assertThat(pauses.stream().mapToDouble(GcPause::uptimeS).toArray()).isSorted();
    assertThat(pauses.stream().mapToDouble(GcPause::durationMs).max().orElseThrow())
        .isEqualTo(a.latest().pauseMaxMs(), org.assertj.core.data.Offset.offset(0.001));
    assertThat(events).anyMatch(JvmInfo.class::isInstance);
  }

  @Test
  void aStreamIsAnalyzedAsTheFileIsAndNamedAsTheCallerSays() throws IOException {
    Path log = toolkit("preunified__ps__details__parallel_adaptive.log");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(Files.readAllBytes(log));
    }
    GcLogAnalysis fromFile = GcLogs.analyze(log);
    GcLogAnalysis fromStream = GcLogs.analyze(new ByteArrayInputStream(gz.toByteArray()), "host-7/gc.log.gz");
    assertThat(fromStream.source()).isEqualTo("host-7/gc.log.gz");
    assertThat(fromStream.jvms()).hasSize(1);
    FleetRow a = fromFile.latest();
    FleetRow b = fromStream.latest();
    assertThat(b.inputs()).containsExactly("host-7/gc.log.gz");
    assertThat(b).isEqualTo(new FleetRow(b.inputs(), a.jvm(), a.collector(), a.version(), a.startTime(), a.spanS(),
        a.pauses(), a.pauseP99Ms(), a.pauseMaxMs(), a.throughputPct(), a.fullGcs(), a.allocationRateMBps(),
        a.promotionRateMBps(), a.liveSetBytes(), a.diagnosis(), a.topFinding(), a.topFindingTitle(), null));
  }

  @Test
  void aRotatedSetWithRestartsIsOneRowPerJvm() throws IOException {
    List<Path> set;
    try (Stream<Path> s = Files.list(corpus().resolve("gctoolkit-testdata"))) {
      set = s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted().toList();
    }
    GcLogAnalysis a = GcLogs.analyzer().window(Duration.ofSeconds(10)).pauseTarget(Duration.ofMillis(20)).analyze(set);
    assertThat(a.jvms()).extracting(FleetRow::jvm).containsExactly(1, 2, 3, 4, 5);
    assertThat(a.details().options().windowS()).isEqualTo(10);
    assertThat(a.details().options().pauseTargetMs()).isEqualTo(20);
  }

  @Test
  void inputsTheCallerOpensAreOrderedByContentLikeFiles() throws IOException {
    List<Path> set;
    try (Stream<Path> s = Files.list(corpus().resolve("gctoolkit-testdata"))) {
      set = s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted().toList();
    }
    List<GcLogInput> inputs = new ArrayList<>();
    // given newest first: the content orders them
    for (Path p : set.stream().sorted(java.util.Comparator.reverseOrder()).toList()) {
      byte[] bytes = Files.readAllBytes(p);
      inputs.add(new GcLogInput("mem/" + p.getFileName(), () -> new ByteArrayInputStream(bytes)));
    }
    GcLogAnalysis fromMemory = GcLogs.analyzer().analyzeInputs(inputs);
    GcLogAnalysis fromFiles = GcLogs.analyzer().analyze(set);
    assertThat(fromMemory.jvms()).hasSize(5);
    for (int i = 0; i < 5; i++) {
      FleetRow a = fromFiles.jvms().get(i);
      FleetRow b = fromMemory.jvms().get(i);
      assertThat(b.values().subList(1, FleetColumns.ALL.size())).isEqualTo(a.values().subList(1, FleetColumns.ALL.size()));
    }
    // named by the first in timeline order: the oldest of the rotated set
    assertThat(fromMemory.source()).isEqualTo("mem/" + Path.of(fromFiles.source()).getFileName())
        .endsWith("short_restart_4.log.4");
  }

  @Test
  void aRotatedSetHasOneKeyAndOtherJvmsAnother() {
    assertThat(GcLogs.rotatedSetKey("hdfs:///logs/host-a/gc.log.3.gz")).isEqualTo("hdfs:///logs/host-a/gc.log")
        .isEqualTo(GcLogs.rotatedSetKey("hdfs:///logs/host-a/gc.log"))
        .isEqualTo(GcLogs.rotatedSetKey("hdfs:///logs/host-a/gc.log.0.current"));
    assertThat(GcLogs.rotatedSetKey("hdfs:///logs/host-b/gc.log")).isNotEqualTo(GcLogs.rotatedSetKey("hdfs:///logs/host-a/gc.log"));
    assertThat(GcLogs.rotatedSetKey("/logs/gc-pid42.log")).isNotEqualTo(GcLogs.rotatedSetKey("/logs/gc-pid43.log"));
  }

  @Test
  void whatCannotBeAnalyzedIsAOneLineErrorNamingTheInput() {
    InputStream notALog = new ByteArrayInputStream("hello\nworld\n".getBytes(StandardCharsets.US_ASCII));
    assertThatThrownBy(() -> GcLogs.analyze(notALog, "notes.txt")).isInstanceOf(JtuneException.class)
        .hasMessageContaining("nothing to analyze").hasMessageContaining("notes.txt").hasMessageNotContaining("\n");
    assertThatThrownBy(() -> GcLogs.analyze(Path.of("/nonexistent/gc.log"))).isInstanceOf(JtuneException.class)
        .hasMessageContaining("/nonexistent/gc.log");
    assertThatThrownBy(() -> GcLogs.analyzer().window(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
  }
}
