package io.jtune.gc.parser.jdk8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.SafepointPause;
import io.jtune.gc.input.LogInputs;
import io.jtune.gc.input.LogSource;
import io.jtune.gc.parser.GcLogReader;
import io.jtune.gc.parser.ParseReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads every JDK 6/7/8-style log of the corpus (and the JDK 8-era files the manifest could not
 * classify) and checks the result against the manifest and against counts taken from the raw
 * text with plain substring searches.
 */
class Jdk8CorpusTest {

  /** Files known to be damaged: the exact number of GC lines that cannot be read, and why. */
  private static final Map<String, Long> DAMAGED = Map.of(
      // starts in the middle of a G1 pause: its closing ", 0,0854230 secs]" has no record
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__corrupted__no_young_intro.log", 1L,
      // line 4 lost its start: "30285,518: cation threads were stopped: ..."
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__corrupted__rollsbackclock.log", 1L);

  /**
   * Files whose own lines go back in time (a record stamped before the line above it, or runs
   * pasted together); the reader must see its clock go backwards there, and nowhere else.
   */
  private static final Set<String> OUT_OF_ORDER = Set.of(
      // "70.582: [CMS-concurrent-reset: ...]" then "70.581: [GC ..."; likewise at 71.248/71.231
      "GCViewer/src__test__resources__openjdk__SampleSun1_5_0CMS_PrintGCDetails.txt",
      // "35.671: [GC pause (young)35.666: [GC concurrent-mark-end, ...]"
      "GCViewer/src__test__resources__openjdk__SampleSun1_6_0G1_gc_verbose.txt",
      // records pasted together from several runs: 2015-07-13, then 07-03, then 07-02 (uptime 26.974 after 84819)
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0Parallel_Tenuring_PrintGCCause.txt",
      // the date goes from 07:57:15.207 back to 07:56:15.085 while uptime advances
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__corrupted__rollsbackclock.log");

  /** JDK 8-era files the manifest lists with format "unknown". */
  private static final List<String> UNKNOWN_JDK8 = List.of(
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0RollingLogfile.txt",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part7.txt",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__corrupted__broken_datetimestamp.log",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__g1gc__corrupted__rollsbackclock.log");

  record Row(String file, String format, String collector) {
    @Override
    public String toString() {
      return file.substring(file.lastIndexOf('/') + 1);
    }
  }

  static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    return p != null ? Path.of(p) : Path.of("../testdata/gclogs");
  }

  static Stream<Arguments> rows() throws IOException {
    List<Arguments> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(corpus().resolve("manifest.tsv"));
    for (String l : lines.subList(1, lines.size())) {
      String[] c = l.split("\t", -1);
      if (c[4].equals("jdk8-style") || (c[4].equals("unknown") && UNKNOWN_JDK8.contains(c[0]))) {
        out.add(Arguments.of(new Row(c[0], c[4], c[5])));
      }
    }
    assertThat(out).hasSizeGreaterThan(60);
    return out.stream();
  }

  /** What one file gave. */
  static final class Result {
    final List<GcPause> pauses = new ArrayList<>();
    final List<ConcurrentPhase> phases = new ArrayList<>();
    final List<GcNotice> notices = new ArrayList<>();
    final List<SafepointPause> safepoints = new ArrayList<>();
    JvmInfo info = JvmInfo.EMPTY;
    ParseReport report;
    String text;

    long count(PauseKind k) {
      return pauses.stream().filter(p -> p.kind() == k).count();
    }
  }

  static Result read(Row row) throws IOException {
    Path path = corpus().resolve(row.file());
    LogInputs.Resolved resolved = LogInputs.resolve(List.of(path.toString()), InputStream.nullInputStream());
    Result r = new Result();
    r.report = GcLogReader.read(resolved.sources(), e -> collect(r, e));
    StringBuilder text = new StringBuilder();
    for (LogSource s : resolved.sources()) {
      try (InputStream in = s.open()) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        text.append(bytes.toString(StandardCharsets.ISO_8859_1)).append('\n');
      }
    }
    r.text = text.toString();
    return r;
  }

  private static void collect(Result r, GcEvent e) {
    if (e instanceof GcPause p) {
      r.pauses.add(p);
    } else if (e instanceof ConcurrentPhase c) {
      r.phases.add(c);
    } else if (e instanceof GcNotice n) {
      r.notices.add(n);
    } else if (e instanceof SafepointPause s) {
      r.safepoints.add(s);
    } else if (e instanceof JvmInfo i) {
      r.info = r.info.merge(i);
    }
  }

  static long occurrences(String text, String s) {
    long n = 0;
    for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + s.length())) {
      n++;
    }
    return n;
  }

  /** Unparsed example lines of the report that contain {@code s} (records the parser rejected). */
  static long rejected(Result r, String s) {
    return r.report.unparsedExamples().stream().filter(x -> x.text().contains(s)).count();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void readsWithoutErrorAndMatchesManifest(Row row) throws IOException {
    Result[] holder = new Result[1];
    assertThatCode(() -> holder[0] = read(row)).doesNotThrowAnyException();
    Result r = holder[0];

    // collector as the manifest says
    String expected = row.collector();
    switch (expected) {
      case "ParNew+CMS(iCMS)" -> {
        assertThat(r.info.collector()).isEqualTo(Collector.PARNEW_CMS);
        assertThat(r.info.iCms()).isTrue();
      }
      case "Serial" -> assertThat(r.info.collector()).isEqualTo(Collector.SERIAL);
      case "Parallel" -> assertThat(r.info.collector()).isEqualTo(Collector.PARALLEL);
      case "ParNew+CMS" -> assertThat(r.info.collector()).isEqualTo(Collector.PARNEW_CMS);
      case "DefNew+CMS" -> assertThat(r.info.collector()).isEqualTo(Collector.DEFNEW_CMS);
      case "ParNew+SerialOld" -> assertThat(r.info.collector()).isEqualTo(Collector.PARNEW_SERIAL_OLD);
      case "G1" -> assertThat(r.info.collector()).isEqualTo(Collector.G1);
      case "Shenandoah" -> assertThat(r.info.collector()).isEqualTo(Collector.SHENANDOAH);
      default -> assertThat(expected).matches("unknown.*|n/a.*");
    }

    // lines not understood
    Long damaged = DAMAGED.get(row.file());
    if (damaged != null) {
      assertThat(r.report.unparsed()).as("unparsed lines of a damaged file").isEqualTo(damaged);
    } else {
      assertThat(r.report.unparsed() * 1000).as("unparsed: %s", r.report.unparsedExamples())
          .isLessThan(Math.max(1, r.report.gcLines()));
    }

    // every file with GC records gives pauses
    boolean hasRecords = r.text.contains("[GC ") || r.text.contains("[GC(") || r.text.contains("[Full GC")
        || r.text.contains("[Pause ");
    if (hasRecords && damaged == null) {
      assertThat(r.pauses).isNotEmpty();
    }
    assertThat(r.pauses).allSatisfy(p -> {
      assertThat(p.durationMs()).isNotNaN().isGreaterThanOrEqualTo(0);
      assertThat(p.name()).isNotBlank();
    });

    // counts from the raw text
    assertThat(r.pauses.stream().filter(p -> p.name().equals("Full GC")).count())
        .as("'[Full GC' records").isEqualTo(occurrences(r.text, "[Full GC") - rejected(r, "[Full GC"));
    assertThat(r.safepoints).as("stopped-time lines").hasSize((int) (
        occurrences(r.text, "Total time for which application threads were stopped: ")
            - rejected(r, "Total time for which application threads were stopped: ")));
    boolean cms = r.info.collector() != null && r.info.collector().isCms();
    if (cms) {
      assertThat(r.count(PauseKind.INITIAL_MARK)).as("CMS-initial-mark")
          .isEqualTo(occurrences(r.text, "CMS-initial-mark"));
      assertThat(r.count(PauseKind.REMARK)).as("CMS-remark").isEqualTo(occurrences(r.text, "CMS-remark"));
      long concurrentEnds = 0;
      for (String phase : List.of("mark", "preclean", "abortable-preclean", "sweep", "reset")) {
        concurrentEnds += occurrences(r.text, "[CMS-concurrent-" + phase + ": ");
      }
      assertThat(r.phases.stream().filter(p -> !p.wholeCycle()).count()).as("CMS concurrent phases")
          .isEqualTo(concurrentEnds);
      long failures = r.pauses.stream().filter(p -> p.has(Anomaly.CONCURRENT_MODE_FAILURE)).count()
          + r.notices.stream().filter(n -> n.kind() == GcNotice.Kind.CONCURRENT_MODE_FAILURE).count();
      assertThat(failures).as("concurrent mode failures")
          .isEqualTo(occurrences(r.text, "concurrent mode failure"));
    }
    if (r.info.collector() == Collector.G1) {
      assertThat(r.count(PauseKind.YOUNG) + r.count(PauseKind.MIXED)).as("G1 evacuation pauses")
          .isEqualTo(occurrences(r.text, "[GC pause") - rejected(r, "[GC pause"));
      assertThat(r.count(PauseKind.REMARK)).as("G1 remark").isEqualTo(occurrences(r.text, "[GC remark"));
      assertThat(r.count(PauseKind.CLEANUP)).as("G1 cleanup").isEqualTo(occurrences(r.text, "[GC cleanup"));
      assertThat(r.notices.stream().filter(n -> n.kind() == GcNotice.Kind.CONCURRENT_MARK_ABORT).count())
          .isEqualTo(occurrences(r.text, "[GC concurrent-mark-abort]"));
    }
    if (OUT_OF_ORDER.contains(row.file())) {
      assertThat(r.report.clockBackwards()).isPositive();
    } else {
      assertThat(r.report.clockBackwards()).as("clock went backwards: %s", r.report.warningExamples()).isZero();
    }
    // whole cycles lie inside the log and take no negative time
    assertThat(r.phases.stream().filter(ConcurrentPhase::wholeCycle))
        .allSatisfy(c -> assertThat(c.durationMs()).isGreaterThanOrEqualTo(0));
  }
}
