package io.jtune.gc.parser.unified;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.SafepointPause;
import io.jtune.gc.input.LogInputs;
import io.jtune.gc.parser.GcLogReader;
import io.jtune.gc.parser.JvmBoundaries;
import io.jtune.gc.parser.ReadProgress;
import io.jtune.gc.parser.ParseReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A GC log read twice: through {@link GcLogReader} (events and report), and as plain text
 * counted with regular expressions that know nothing of the parser, so tests can compare the
 * two.
 */
final class LogText {
  /** A pause summary line: "Pause ..." ending in a duration, e.g. "... 14M->14M(46M) 9.772ms". */
  private static final Pattern PAUSE_SUMMARY =
      Pattern.compile("(?:GC\\((\\d+)\\) )?(?:[YyO]: )?Pause .*?(\\d+(?:[.,]\\d+)?)ms$");

  private static final Pattern CONCURRENT_PHASE =
      Pattern.compile("(?:\\]|^)(?: ?GC\\(\\d+\\))? (?:[YyO]: )?Concurrent .*\\d ?ms$");
  private static final Pattern CYCLE_LINE =
      Pattern.compile("GC\\(\\d+\\) Concurrent (?:Mark |Undo )?Cycle \\d+(?:[.,]\\d+)?ms$");

  private static final Pattern CANCELLING =
      Pattern.compile("(?:\\]|^) ?(?:GC\\(\\d+\\) )?Cancelling (?:concurrent )?GC: ");
  private static final Pattern ABORTED = Pattern.compile("Collection \\(.*\\) Aborted$");

  final List<GcEvent> events = new ArrayList<>();
  final ParseReport report;
  final JvmInfo info;
  final List<String> lines = new ArrayList<>();
  /** Index in {@link #events} where each JVM lifetime after the first starts. */
  final List<Integer> lifetimeStarts = new ArrayList<>();

  /** Reads the given paths as one input set. */
  LogText(List<Path> paths) {
    LogInputs.Resolved resolved = LogInputs.resolve(paths.stream().map(Path::toString).toList(),
        InputStream.nullInputStream());
    assertThat(resolved.problems()).isEmpty();
    report = GcLogReader.read(resolved.sources(), List.of(), events::add, ReadProgress.NONE, new JvmBoundaries() {
      @Override
      public void jvmStarts(String source, String reason) {
        lifetimeStarts.add(events.size());
      }

      @Override
      public void sourceJoins(String source) {}
    });
    JvmInfo merged = JvmInfo.EMPTY;
    for (GcEvent e : events) {
      if (e instanceof JvmInfo j) {
        merged = merged.merge(j);
      }
    }
    info = merged;
    for (Path p : paths) {
      lines.addAll(readLines(p));
    }
  }

  static List<String> readLines(Path p) {
    try {
      String name = p.getFileName().toString();
      if (name.endsWith(".zip")) {
        List<String> all = new ArrayList<>();
        try (ZipFile z = new ZipFile(p.toFile())) {
          Enumeration<? extends ZipEntry> en = z.entries();
          while (en.hasMoreElements()) {
            ZipEntry e = en.nextElement();
            if (!e.isDirectory()) {
              try (InputStream in = z.getInputStream(e)) {
                all.addAll(split(in.readAllBytes()));
              }
            }
          }
        }
        return all;
      }
      if (name.endsWith(".gz")) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
          return split(in.readAllBytes());
        }
      }
      return split(Files.readAllBytes(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> split(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1).lines().toList();
  }

  private static boolean isStatistics(String line) {
    return line.contains("[gc,stats");
  }

  /** Durations of the pause summary lines in the text, as "gcId duration" pairs, in text order. */
  List<double[]> pauseLines() {
    List<double[]> out = new ArrayList<>();
    for (String l : lines) {
      if (!l.endsWith("ms") || !l.contains("Pause ") || isStatistics(l)) {
        continue;
      }
      Matcher m = PAUSE_SUMMARY.matcher(l);
      if (m.find()) {
        double id = m.group(1) == null ? -1 : Long.parseLong(m.group(1));
        out.add(new double[] {id, Double.parseDouble(m.group(2).replace(',', '.'))});
      }
    }
    return out;
  }

  /** Lines (outside statistics tables) that contain {@code literal} and match {@code p}. */
  long countLines(String literal, Pattern p) {
    return lines.stream().filter(l -> l.contains(literal) && !isStatistics(l) && p.matcher(l).find()).count();
  }

  List<GcPause> pauses() {
    return events.stream().filter(GcPause.class::isInstance).map(GcPause.class::cast).toList();
  }

  long pauses(PauseKind kind) {
    return pauses().stream().filter(p -> p.kind() == kind).count();
  }

  List<ConcurrentPhase> cycles() {
    return events.stream().filter(ConcurrentPhase.class::isInstance).map(ConcurrentPhase.class::cast)
        .filter(ConcurrentPhase::wholeCycle).toList();
  }

  /** Concurrent phases (not whole cycles) logged with a duration. */
  long concurrentPhaseLines() {
    return countLines("Concurrent ", CONCURRENT_PHASE) - countLines(" Cycle ", CYCLE_LINE);
  }

  long concurrentPhases() {
    return events.stream().filter(e -> e instanceof ConcurrentPhase c && !c.wholeCycle()).count();
  }

  /** Shenandoah "Cancelling GC" and ZGC "... Collection (...) Aborted" lines. */
  long cancelledLines() {
    return countLines("Cancelling ", CANCELLING) + countLines(" Aborted", ABORTED);
  }

  long safepoints() {
    return events.stream().filter(SafepointPause.class::isInstance).count();
  }

  long notices(GcNotice.Kind kind) {
    return events.stream().filter(e -> e instanceof GcNotice n && n.kind() == kind).count();
  }

  /** Asserts that every pause summary line became a pause with the same GC id and duration. */
  void assertPausesMatchText() {
    List<double[]> expected = new ArrayList<>(pauseLines());
    List<double[]> actual = new ArrayList<>();
    for (GcPause p : pauses()) {
      actual.add(new double[] {p.gcId(), p.durationMs()});
    }
    Comparator<double[]> order = Comparator.<double[]>comparingDouble(a -> a[0])
        .thenComparingDouble(a -> a[1]);
    expected.sort(order);
    actual.sort(order);
    assertThat(actual).as("pauses").hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(actual.get(i)[0]).as("gc id of pause %d", i).isEqualTo(expected.get(i)[0]);
      assertThat(actual.get(i)[1]).as("duration of GC(%d)", (long) expected.get(i)[0])
          .isEqualTo(expected.get(i)[1]);
    }
  }

  /**
   * Asserts events come out on a time line that never goes back: no event was printed before an
   * earlier event began. A pause is stamped at its start and printed at its end, so across a
   * rotated file a pause begun in the previous file may start before that file's last line.
   */
  void assertTimeOrdered() {
    assertThat(report.clockBackwards()).as("clock went backwards").isZero();
    double last = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < events.size(); i++) {
      GcEvent e = events.get(i);
      if (lifetimeStarts.contains(i)) {
        last = Double.NEGATIVE_INFINITY; // each JVM lifetime is its own timeline
      }
      if (e instanceof JvmInfo) {
        continue;
      }
      double printed = e.uptimeS() + (e instanceof GcPause p ? p.durationMs() / 1000 : 0);
      if (Double.isNaN(printed) || printed < last - 0.0005) {
        assertThat(printed).as("%s printed before %.4f", e, last).isNotNaN().isGreaterThanOrEqualTo(last);
      }
      last = Math.max(last, e.uptimeS());
    }
  }
}
