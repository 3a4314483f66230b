package io.jtune.gc.parser.unified;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Logs written by real JDK 17 and JDK 25 JVMs for every collector, at info and debug level and
 * with unusual decorator sets (see {@code unified/real/README.md}): every pause line of the text
 * must become a pause with exactly the logged duration, on a well-ordered time line.
 */
class UnifiedRealLogTest {
  private static final Pattern FULL = Pattern.compile("Pause Full .*\\d+\\.\\d+ms$");
  private static final Pattern CPU = Pattern.compile("GC\\(\\d+\\) User=\\d+\\.\\d+s Sys=\\d+\\.\\d+s Real=\\d+\\.\\d+s$");
  private static final Pattern SAFEPOINT = Pattern.compile("Safepoint \".*Total: \\d+ ns");
  private static final Pattern UPTIME = Pattern.compile("\\[(\\d+(?:\\.\\d+)?)(s|ms|ns)\\]");
  private static final Pattern ISO_TIME = Pattern.compile("\\[(\\d{4}-\\d\\d-\\d\\dT[0-9:.]+[+-]\\d{4})\\]");
  private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

  static Stream<String> realLogs() throws IOException, URISyntaxException {
    try (Stream<Path> s = Files.list(dir())) {
      List<String> names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".log")).sorted().toList();
      return names.stream();
    }
  }

  private static Path dir() throws URISyntaxException {
    return Path.of(UnifiedRealLogTest.class.getResource("/unified/real").toURI());
  }

  private static Collector collector(String file) {
    if (file.contains("-shenandoah-generational")) {
      return Collector.SHENANDOAH_GENERATIONAL;
    }
    if (file.contains("-zgc")) {
      return file.startsWith("jdk17") ? Collector.ZGC : Collector.ZGC_GENERATIONAL;
    }
    return switch (file.split("-")[1]) {
      case "serial" -> Collector.SERIAL;
      case "parallel" -> Collector.PARALLEL;
      case "g1" -> Collector.G1;
      case "shenandoah" -> Collector.SHENANDOAH;
      default -> throw new IllegalArgumentException(file);
    };
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("realLogs")
  void readsRealLog(String file) throws Exception {
    LogText log = new LogText(List.of(dir().resolve(file)));

    assertThat(log.report.problems()).isEmpty();
    assertThat(log.info.collector()).isEqualTo(collector(file));
    assertThat(log.report.unparsed()).as("unparsed: %s", log.report.unparsedExamples()).isZero();
    assertThat(log.pauses()).isNotEmpty();
    log.assertPausesMatchText();
    assertThat(log.pauses(PauseKind.FULL)).isEqualTo(log.countLines("Pause Full", FULL)
        + log.countLines("Pause Degenerated", Pattern.compile("Pause Degenerated.*ms$")));
    assertThat(log.safepoints()).isEqualTo(log.countLines("Safepoint", SAFEPOINT));
    assertThat(log.concurrentPhases()).as("concurrent phases").isEqualTo(log.concurrentPhaseLines());
    // a ZGC collection aborted at JVM exit is cut off, not cancelled
    assertThat(log.notices(GcNotice.Kind.CYCLE_CANCELLED) + log.notices(GcNotice.Kind.CYCLE_CUT_OFF))
        .isEqualTo(log.cancelledLines());
    log.assertTimeOrdered();
    if (log.lines.stream().anyMatch(l -> l.contains("Version: "))) {
      assertThat(log.info.version()).startsWith(file.substring(3, 5) + ".");
      assertThat(log.info.heapMaxBytes()).isEqualTo(64L << 20);
    }
    for (GcPause p : log.pauses()) {
      assertStampsMatchText(log, p);
    }
    if (file.contains("-serial-") || file.contains("-parallel-") || file.contains("-g1-")) {
      assertThat(log.pauses().stream().filter(p -> p.times() != null).count())
          .as("pauses with gc,cpu times").isEqualTo(log.countLines("User=", CPU));
    }
    if (file.contains("-g1-") || file.contains("-zgc-") || file.contains("-shenandoah-")) {
      assertThat(log.events.stream().filter(ConcurrentPhase.class::isInstance)).isNotEmpty();
    }
  }

  /** The pause's uptime and wall clock are those on the line it starts on. */
  private static void assertStampsMatchText(LogText log, GcPause p) {
    String text = log.lines.get((int) p.line() - 1);
    boolean startLine = !text.endsWith("ms");
    double shiftMs = startLine ? 0 : p.durationMs();
    Matcher up = UPTIME.matcher(text);
    while (up.find()) {
      double v = Double.parseDouble(up.group(1));
      double seconds = switch (up.group(2)) {
        case "s" -> v;
        case "ms" -> v / 1e3;
        default -> v / 1e9;
      };
      if (v < 1e11 || up.group(2).equals("ns") && v < 1e17) {
        assertThat(p.uptimeS()).as("uptime of %s", text).isCloseTo(seconds - shiftMs / 1000, within(1e-9));
      } else {
        long epoch = up.group(2).equals("ms") ? (long) v : (long) (v / 1e6);
        assertThat(p.epochMs()).as("wall clock of %s", text).isEqualTo(epoch - Math.round(shiftMs));
      }
    }
    Matcher iso = ISO_TIME.matcher(text);
    if (iso.find()) {
      long epoch = OffsetDateTime.parse(iso.group(1), ISO).toInstant().toEpochMilli();
      assertThat(p.epochMs()).as("wall clock of %s", text).isEqualTo(epoch - Math.round(shiftMs));
    } else if (!UPTIME.matcher(text).find()) {
      assertThat(p.epochMs()).isEqualTo(GcEvent.NO_EPOCH);
    }
  }
}
