package io.jtune.gc.parser;

import io.jtune.gc.parser.GcLogReader;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.input.LogInputs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The collector of a log whose header (the lines that name it) is gone, as with a log that was
 * rotated or cut: taken from the shape of its events; and on a log that has only its start-up
 * lines, from those. Real corpus logs with the naming lines removed.
 */
class CollectorFromShapesTest {
  /** Lines that name the collector or the JVM outright. */
  private static final Pattern HEADER = Pattern.compile(
      "Using |Initializing The Z|CommandLine flags|HotSpot|OpenJDK|Version:|^Memory:|garbage-first heap");

  @TempDir
  Path tmp;

  /** A corpus log, or with "real:" one of the real logs kept with the unified parser's tests. */
  private static Path corpus(String name) {
    if (name.startsWith("real:")) {
      try {
        return Path.of(CollectorFromShapesTest.class.getResource("/unified/real/" + name.substring(5)).toURI());
      } catch (java.net.URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }
    String p = System.getProperty("jtune.corpus");
    return (p != null ? Path.of(p) : Path.of("../testdata/gclogs")).resolve(name);
  }

  private record Read(JvmInfo info, long pauses) {}

  private static Read read(Path log) {
    LogInputs.Resolved resolved = LogInputs.resolve(List.of(log.toString()), InputStream.nullInputStream());
    JvmInfo[] info = {JvmInfo.EMPTY};
    long[] pauses = {0};
    GcLogReader.read(resolved.sources(), e -> {
      if (e instanceof JvmInfo i) {
        info[0] = info[0].merge(i);
      } else if (e instanceof GcPause) {
        pauses[0]++;
      }
    });
    return new Read(info[0], pauses[0]);
  }

  private Path withoutHeader(String name, int keepLines) throws IOException {
    List<String> lines = Files.readAllLines(corpus(name), StandardCharsets.ISO_8859_1).stream()
        .filter(l -> !HEADER.matcher(l).find()).toList();
    Path out = tmp.resolve(Path.of(name).getFileName());
    Files.write(out, keepLines > 0 ? lines.subList(0, Math.min(keepLines, lines.size())) : lines,
        StandardCharsets.ISO_8859_1);
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt|PARNEW_CMS",
      "GCViewer/src__test__resources__openjdk__SampleSun1_5_0CMS_PrintGCDetails.txt|DEFNEW_CMS",
      "GCViewer/src__test__resources__openjdk__SampleSun1_6_0AdaptiveSizePolicy.txt|PARALLEL",
      "GCViewer/src__test__resources__openjdk__SampleSun1_4_2PrintGCDetails.txt|SERIAL",
      "GCViewer/src__test__resources__openjdk__SampleSun1_6_0G1_gc_verbose.txt|G1",
      "GCViewer/src__test__resources__openjdk__SampleOpenJdk1_8_0-332.txt|SHENANDOAH",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-cms-gc-all,safepoint,os+cpu.txt|PARNEW_CMS",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu-to-space-exhausted.txt|G1",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-parallel-gc-all,safepoint,os+cpu.txt|PARALLEL",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-parallel-gc-defaults.txt|PARALLEL",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-serial-gc-all,safepoint,os+cpu.txt|SERIAL",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-all.txt|ZGC",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11.txt|SHENANDOAH",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11-beginning.txt|SHENANDOAH"})
  void collectorFromTheEventsWhenTheHeaderIsGone(String name, Collector expected) throws IOException {
    Path log = withoutHeader(name, 0);
    assertThat(Files.readString(log, StandardCharsets.ISO_8859_1)).doesNotContain("Using ");
    assertThat(read(log).info().collector()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "real:jdk17-zgc-info.log|Initializing The Z Garbage Collector|ZGC",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt|Using G1|G1",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11-beginning.txt|Shenandoah heuristics|SHENANDOAH"})
  void collectorFromTheStartUpLinesOfAHeaderOnlyLog(String name, String naming, Collector expected) throws IOException {
    List<String> lines = Files.readAllLines(corpus(name), StandardCharsets.ISO_8859_1);
    int at = 0;
    while (!lines.get(at).contains(naming)) {
      at++;
    }
    // the start-up lines up to the one that names the collector, minus the other naming lines
    List<String> head = lines.subList(0, at + 1).stream()
        .filter(l -> l.contains(naming) || !HEADER.matcher(l).find()).toList();
    Path log = tmp.resolve("header-only.log");
    Files.write(log, head, StandardCharsets.ISO_8859_1);
    Read r = read(log);
    assertThat(r.pauses()).isZero();
    assertThat(r.info().collector()).isEqualTo(expected);
    // nothing to analyze, and the one-line error says which collector the log named
    assertThatThrownBy(() -> GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(),
        AnalysisOptions.DEFAULTS)).isInstanceOf(JtuneException.class)
        .hasMessageContaining("no collections (a " + expected.displayName() + " log that ends before its first collection)");
  }
}
