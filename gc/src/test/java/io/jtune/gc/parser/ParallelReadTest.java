package io.jtune.gc.parser;

import io.jtune.gc.parser.FilePart;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.render.AnalysisJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading a file in parts on several threads gives the same analysis, byte for byte, as reading
 * it in one pass: on every plain log of the corpus cut into small parts (so that parts start
 * inside records, cycles and headers), and on large logs made of corpus logs one after another
 * (several JVM lifetimes in one file). The parts must also join (else the parallel path would be
 * one task reading everything).
 */
class ParallelReadTest {
  @TempDir
  Path tmp;

  @AfterEach
  void reset() {
    clearProperties();
  }

  /** Back to the defaults of the parallel reading properties. */
  static void clearProperties() {
    System.clearProperty("jtune.parallel");
    System.clearProperty("jtune.parallel.threads");
    System.clearProperty("jtune.parallel.part");
    System.clearProperty("jtune.parallel.min");
  }

  static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    return p != null ? Path.of(p) : Path.of("../testdata/gclogs");
  }

  static Stream<Path> corpusLogs() throws IOException {
    try (Stream<Path> s = Files.walk(corpus())) {
      List<Path> logs = s.filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().matches("(?i).*\\.(zip|gz|tsv|md|txt\\.gz)$|LICENSE.*"))
          .sorted().toList();
      assertThat(logs).hasSizeGreaterThan(90);
      return logs.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("corpusLogs")
  void corpusLogInSmallPartsIsReadAsInOnePass(Path log) throws IOException {
    String oneStep = analysis(log, false, 0);
    // about 40 parts, at least 2 KB each; and parts of 64 KB
    assertThat(analysis(log, true, Math.max(2048, Files.size(log) / 40))).isEqualTo(oneStep);
    assertThat(analysis(log, true, 65536)).isEqualTo(oneStep);
  }

  @Test
  void largeCmsLogInPartsIsReadAsInOnePass() throws IOException {
    assertLargeLogReadAlike("gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__180__fls__bob.log", 3);
  }

  @Test
  void largeUnifiedLogInPartsIsReadAsInOnePass() throws IOException {
    assertLargeLogReadAlike("gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.4", 8);
  }

  /** {@code times} copies of a corpus log in one file, in 1 MB parts: the same analysis, and parts joined. */
  private void assertLargeLogReadAlike(String name, int times) throws IOException {
    Path big = repeated(name, times);
    long before = FilePart.JOINS.get();
    assertThat(analysis(big, true, 1 << 20)).isEqualTo(analysis(big, false, 0));
    assertThat(FilePart.JOINS.get() - before).as("parts that joined").isGreaterThan(5);
  }

  @Test
  void rotatedFilesAfterALargeFileContinueWithItsParser() throws IOException {
    Path dir = Files.createDirectory(tmp.resolve("rotated"));
    String stem = "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log";
    for (String suffix : List.of("", ".1", ".2", ".3", ".4")) {
      Files.copy(corpus().resolve(stem + suffix), dir.resolve("gc.log" + suffix));
    }
    assertThat(analysis(dir, true, 8192)).isEqualTo(analysis(dir, false, 0));
  }

  /**
   * A log cut into four files at line ends, as the JVM's rotation cuts it (JDK 8's in the middle
   * of a record): only the first file has the JVM's header (region size, collector, flags). The
   * later files' parts are primed with that header, so they join (else each file's first task
   * would read it whole); and the parser that read a file's last part, which reads on into the
   * next file, says what it has to say there through that file's parts (line numbers in the
   * file, warnings in order).
   */
  @ParameterizedTest
  @CsvSource({"gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.4, 24",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__180__fls__bob.log, 24"})
  void rotatedFilesWithoutTheJvmsHeaderAreReadInPartsThatJoin(String log, int joins) throws IOException {
    List<String> lines = Files.readAllLines(corpus().resolve(log));
    Path dir = Files.createDirectory(tmp.resolve("cut"));
    int files = 4;
    for (int i = 0; i < files; i++) {
      List<String> piece = lines.subList(i * lines.size() / files, (i + 1) * lines.size() / files);
      Files.write(dir.resolve(i == 0 ? "gc.log" : "gc.log." + i), piece);
    }
    long before = FilePart.JOINS.get();
    String parts = analysis(dir, true, 128 << 10, 256 << 10);
    // 4 files of about 1 MB in 8 parts each: 28 parts after a first one, nearly all joined
    assertThat(FilePart.JOINS.get() - before).as("parts that joined").isGreaterThanOrEqualTo(joins);
    assertThat(parts).isEqualTo(analysis(dir, false, 0, 0));
  }

  /** {@code times} copies of a corpus log, one after the other (each a JVM that starts again). */
  private Path repeated(String name, int times) throws IOException {
    byte[] content = Files.readAllBytes(corpus().resolve(name));
    Path out = tmp.resolve("big-" + Path.of(name).getFileName());
    try (OutputStream o = Files.newOutputStream(out)) {
      for (int i = 0; i < times; i++) {
        o.write(content);
      }
    }
    return out;
  }

  /** The JSON analysis of {@code log} (or the one-line error), read in parts of {@code part} bytes or in one pass. */
  private static String analysis(Path log, boolean parallel, long part) {
    return analysis(log, parallel, part, 0);
  }

  /**
   * The JSON analysis of {@code log} (or the one-line error), read on three threads in parts of
   * {@code part} bytes, files of {@code min} bytes and more, or in one pass.
   */
  static String analysis(Path log, boolean parallel, long part, long min) {
    System.setProperty("jtune.parallel", Boolean.toString(parallel));
    System.setProperty("jtune.parallel.threads", "3");
    System.setProperty("jtune.parallel.part", Long.toString(Math.max(1, part)));
    System.setProperty("jtune.parallel.min", Long.toString(min));
    try {
      StringWriter w = new StringWriter();
      AnalysisJson.write(GcAnalyzer.analyze(List.of(log.toString()),
          new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS), w);
      return w.toString();
    } catch (JtuneException e) {
      return "error: " + e.getMessage();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
