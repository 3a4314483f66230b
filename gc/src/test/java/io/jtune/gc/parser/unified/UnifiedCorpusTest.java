package io.jtune.gc.parser.unified;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every unified log of the public corpus ({@code manifest.tsv} rows with format {@code unified})
 * read through the whole input pipeline, checked against counts taken from the text.
 */
class UnifiedCorpusTest {
  private static final Pattern FULL = Pattern.compile("Pause Full .*\\d+(?:[.,]\\d+)?ms$");
  private static final Pattern DEGENERATED = Pattern.compile("Pause Degenerated GC .*\\d+(?:[.,]\\d+)?ms$");
  private static final Pattern G1_CYCLE = Pattern.compile("Concurrent (?:Mark|Undo) Cycle \\d+(?:\\.\\d+)?ms$");
  private static final Pattern ZGC_CYCLE =
      Pattern.compile("(?:Garbage|Minor|Major) Collection \\(.*\\) \\d+M\\(\\d+%\\)->\\d+M\\(\\d+%\\)");
  private static final Pattern SAFEPOINT =
      Pattern.compile("Total time for which application threads were stopped: |Safepoint \".*Total: \\d+ ns");
  private static final Pattern ALLOCATION_STALL = Pattern.compile("\\] (?:GC\\(\\d+\\) )?Allocation Stall \\(");

  private static final Pattern PROMOTION_FAILED = Pattern.compile("\\] Promotion failed$");
  private static final Pattern TO_SPACE_EXHAUSTED = Pattern.compile("\\] GC\\(\\d+\\) To-space exhausted$");

  static Path corpus() {
    String dir = System.getProperty("jtune.corpus");
    return Path.of(dir != null ? dir : "../testdata/gclogs");
  }

  static Stream<Arguments> unifiedFiles() throws IOException {
    List<String> rows = Files.readAllLines(corpus().resolve("manifest.tsv"));
    return rows.stream().skip(1).map(r -> r.split("\t")).filter(f -> f[4].equals("unified"))
        .map(f -> Arguments.of(f[0], f[5]));
  }

  private static Collector collector(String manifest) {
    return switch (manifest) {
      case "G1" -> Collector.G1;
      case "Serial" -> Collector.SERIAL;
      case "Parallel" -> Collector.PARALLEL;
      case "CMS" -> Collector.PARNEW_CMS;
      case "ZGC" -> Collector.ZGC;
      case "Shenandoah" -> Collector.SHENANDOAH;
      default -> throw new IllegalArgumentException(manifest);
    };
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unifiedFiles")
  void readsCorpusFile(String file, String collector) {
    LogText log = new LogText(List.of(corpus().resolve(file)));

    assertThat(log.report.problems()).isEmpty();
    assertThat(log.info.collector()).isEqualTo(collector(collector));
    assertThat(log.report.gcLines()).isPositive();
    assertThat(log.report.unparsedPct()).as("unparsed: %s", log.report.unparsedExamples()).isLessThan(0.1);
    log.assertPausesMatchText();
    assertThat(log.pauses(PauseKind.FULL)).as("Full GCs").isEqualTo(log.countLines("Pause Full", FULL));
    assertThat(log.pauses(PauseKind.DEGENERATED)).as("degenerated cycles")
        .isEqualTo(log.countLines("Pause Degenerated", DEGENERATED));
    assertThat(log.cycles().stream().filter(c -> c.name().startsWith("Concurrent Mark Cycle")
        || c.name().startsWith("Concurrent Undo Cycle")).count()).isEqualTo(log.countLines(" Cycle ", G1_CYCLE));
    assertThat(log.cycles().stream().filter(c -> c.name().endsWith(")") && c.name().contains("Collection (")).count())
        .isEqualTo(log.countLines("Collection (", ZGC_CYCLE));
    assertThat(log.safepoints()).isEqualTo(log.countLines("Total", SAFEPOINT));
    assertThat(log.notices(GcNotice.Kind.ALLOCATION_STALL)).isEqualTo(log.countLines("Allocation Stall", ALLOCATION_STALL));
    assertThat(log.pauses().stream().filter(p -> p.has(Anomaly.PROMOTION_FAILED)).count())
        .isEqualTo(log.countLines("Promotion failed", PROMOTION_FAILED));
    assertThat(log.pauses().stream().filter(p -> p.has(Anomaly.TO_SPACE_EXHAUSTED)).count())
        .isEqualTo(log.countLines("To-space exhausted", TO_SPACE_EXHAUSTED));
    assertThat(log.concurrentPhases()).as("concurrent phases").isEqualTo(log.concurrentPhaseLines());
    // a ZGC collection aborted at JVM exit is cut off, not cancelled
    assertThat(log.notices(GcNotice.Kind.CYCLE_CANCELLED) + log.notices(GcNotice.Kind.CYCLE_CUT_OFF))
        .isEqualTo(log.cancelledLines());
    log.assertTimeOrdered();
  }

  @Test
  void restartedSetIsFiveLifetimesEachInOrder() throws IOException {
    List<Path> set;
    try (Stream<Path> s = Files.list(corpus().resolve("gctoolkit-testdata"))) {
      set = s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted().toList();
    }
    assertThat(set).hasSize(5);
    LogText log = new LogText(set);

    assertThat(log.report.sources()).hasSize(5);
    assertThat(log.report.unparsed()).isZero();
    log.assertPausesMatchText();
    log.assertTimeOrdered();
    // five JVMs, each started again at ~0.01 s: four restarts, each lifetime on its own axis
    assertThat(log.lifetimeStarts).hasSize(4);
    for (int start : log.lifetimeStarts) {
      assertThat(log.events.get(start).uptimeS()).isLessThan(1.0);
    }
  }

  @Test
  void zippedRotatedSetIsOneTimeline() {
    LogText log = new LogText(List.of(corpus().resolve(
        "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__zip__rollover.zip")));

    assertThat(log.report.sources()).hasSize(6);
    assertThat(log.info.collector()).isEqualTo(Collector.G1);
    log.assertPausesMatchText();
    log.assertTimeOrdered();
    assertThat(log.lifetimeStarts).as("rotated files of one JVM are one lifetime").isEmpty();
  }
}
