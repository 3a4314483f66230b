package io.jtune.gc.analysis;

import io.jtune.gc.facts.AnalysisOptions;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.aggregate.Trend;
import io.jtune.gc.aggregate.WindowAggregator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Numbers that cannot be wrong, on slices of real corpus logs: no throughput from a span that is
 * only a pause, no trend over too little time or across a gap, window means never above peaks, a
 * negative pause time is not a pause, and a clock jump of years does not become empty windows.
 */
class SoundNumbersTest {
  private static final String PARALLEL = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0Parallel_Tenuring_PrintGCCause.txt";
  private static final Pattern UPTIME = Pattern.compile("^(\\S+: )?(\\d+\\.\\d+): ");

  @TempDir
  Path tmp;

  static Path corpus(String name) {
    String p = System.getProperty("jtune.corpus");
    Path dir = p != null ? Path.of(p) : Path.of("../testdata/gclogs");
    return dir.resolve(name).toAbsolutePath().normalize();
  }

  static Analysis analyze(Path log) {
    return GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
  }

  /** The first {@code n} lines of a corpus log, written to a temporary file after {@code edit}. */
  private Path slice(String name, int n, java.util.function.UnaryOperator<List<String>> edit) throws IOException {
    List<String> lines = Files.readAllLines(corpus(name), StandardCharsets.ISO_8859_1);
    List<String> head = new ArrayList<>(lines.subList(0, Math.min(n, lines.size())));
    Path out = tmp.resolve("slice-" + n + "-" + System.nanoTime() + ".log");
    Files.write(out, edit.apply(head), StandardCharsets.ISO_8859_1);
    return out;
  }

  @Test
  void onePauseGivesNoThroughputButAReason() throws IOException {
    Analysis a = analyze(slice(PARALLEL, 3, l -> l));
    assertThat(a.pauses().all().count()).isEqualTo(1);
    assertThat(a.throughputPct()).isNaN();
    assertThat(a.throughputNotApplicable()).isNotBlank();
  }

  @Test
  void throughputOfAWholeLogIsAPercentage() {
    Analysis a = analyze(corpus(PARALLEL));
    assertThat(a.throughputNotApplicable()).isNull();
    assertThat(a.throughputPct()).isBetween(0.0, 100.0);
  }

  @Test
  void aNegativePauseTimeIsNotAPause() throws IOException {
    Path log = slice(PARALLEL, 6, l -> {
      l.set(2, l.get(2).replaceFirst("\\), [0-9.]+ secs\\]", "), -0.5 secs]"));
      return l;
    });
    assertThat(Files.readString(log, StandardCharsets.ISO_8859_1)).contains("-0.5 secs");
    Analysis a = analyze(log);
    assertThat(a.pauses().all().count()).isEqualTo(1);
    assertThat(a.pauses().all().totalMs()).isGreaterThan(0);
    assertThat(a.input().unparsed()).isPositive();
  }

  @Test
  void windowMeansNeverExceedPeaks() {
    for (String name : List.of(PARALLEL,
        "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CMS_ScavengeBR_HeapAtGC_TenuringDist_PrintFLS.txt")) {
      WindowAggregator.WindowTable t = analyze(corpus(name)).windowTable();
      assertThat(t.ygcCountMean()).as(name).isLessThanOrEqualTo(t.ygcCountPeak());
      assertThat(t.ygcMsMean()).as(name).isLessThanOrEqualTo(t.ygcMsPeak());
      assertThat(t.fgcCountMean()).as(name).isLessThanOrEqualTo(t.fgcCountPeak());
      assertThat(t.fgcMsMean()).as(name).isLessThanOrEqualTo(t.fgcMsPeak());
    }
  }

  @Test
  void aClockJumpOfYearsIsReportedNotFilledWithEmptyWindows() throws IOException {
    // the second half of a real log moved ten years later on the uptime axis
    double years = 10 * 365.25 * 86_400;
    Path log = slice(PARALLEL, 400, l -> {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < l.size(); i++) {
        String line = l.get(i);
        Matcher m = UPTIME.matcher(line);
        if (i >= l.size() / 2 && m.find()) {
          double up = Double.parseDouble(m.group(2)) + years;
          line = line.substring(0, m.start(2)) + String.format(java.util.Locale.US, "%.3f", up) + line.substring(m.end(2));
        }
        out.add(line);
      }
      return out;
    });
    Analysis a = analyze(log);
    assertThat(a.windows().clockJumps()).isEqualTo(1);
    assertThat(a.windows().size()).isLessThan(100_000);
    WindowAggregator.WindowTable t = a.windowTable();
    assertThat(t.ygcCountMean()).isLessThanOrEqualTo(t.ygcCountPeak());
  }

  @Test
  void trendsNeedPointsTimeAndNoBigGap() {
    Trend tiny = new Trend();
    for (int i = 0; i < 10; i++) {
      tiny.add(i * 0.0024, 1e9 - i * 1e7); // 0.024 s of points
    }
    assertThat(tiny.slopeMBph()).isNaN();
    assertThat(tiny.notEnoughDataReason()).startsWith("not enough data");

    Trend clusters = new Trend();
    for (int i = 0; i < 5; i++) {
      clusters.add(i, 1e8);
      clusters.add(3.5 * 3600 + i, 5e8);
    }
    assertThat(clusters.slopeMBph()).isNaN();
    assertThat(clusters.r2()).isNaN();

    Trend steady = new Trend();
    for (int i = 0; i < 60; i++) {
      steady.add(i * 60, 1e8 + i * 1e6);
    }
    assertThat(steady.notEnoughDataReason()).isNull();
    assertThat(steady.slopeMBph()).isGreaterThan(0);
  }

  @Test
  void phaseNamesLeaveOutTheirStartAndEndTimes() {
    Analysis a = analyze(corpus("GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt"));
    assertThat(a.concurrent().phases()).containsKey("Concurrent Mark");
    assertThat(a.concurrent().phases().keySet()).noneMatch(n -> n.matches(".*\\(\\d.*"));
  }
}
