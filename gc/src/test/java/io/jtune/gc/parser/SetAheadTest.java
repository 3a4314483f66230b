package io.jtune.gc.parser;

import io.jtune.gc.parser.SetAhead;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several logs read on several threads (each rotated set, or single file, read ahead with its own
 * parsers and taken in order) give the same analysis, byte for byte, as reading them one after
 * another on one thread: the corpus's directories of many logs, its rotated sets, and directories
 * that mix small and large files and an unreadable one. Sets must also be taken from the threads
 * that read them ahead (else every set would be read in place). And no parser state goes from
 * one JVM's log to another's: a log read after another JVM's says what it says alone.
 */
class SetAheadTest {
  private static final String REGION_SIZE_LOG =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt";
  private static final String NO_HEADER_LOG =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu-to-space-exhausted.txt";
  private static final String RESTARTS =
      "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log";

  @TempDir
  Path tmp;

  @AfterEach
  void reset() {
    ParallelReadTest.clearProperties();
  }

  @ParameterizedTest
  @ValueSource(strings = {"GCViewer", "gctoolkit-testdata"})
  void corpusDirectoryIsReadAsOneAfterAnother(String dir) throws IOException {
    Path d = ParallelReadTest.corpus().resolve(dir);
    long files;
    try (Stream<Path> s = Files.list(d)) {
      files = s.count();
    }
    // nearly every file there is one JVM's log, read ahead
    assertReadAlike(d, Long.MAX_VALUE, files / 2);
    // and with the larger files read in parts (parts and sets ahead on the same threads)
    assertReadAlike(d, 256 << 10, files / 4);
  }

  @Test
  void allTheCorpusTogetherIsReadAsOneAfterAnother() throws IOException {
    Path all = Files.createDirectory(tmp.resolve("all"));
    try (Stream<Path> s = Files.walk(ParallelReadTest.corpus())) {
      for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
        Files.copy(f, all.resolve(f.getParent().getFileName() + "-" + f.getFileName()));
      }
    }
    // a file that cannot be read among them: a problem at its place, the others read
    Path locked = all.resolve("GCViewer-zz-locked.log");
    Files.writeString(locked, "[0.1s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 20M->5M(256M) 3.1ms\n");
    boolean lockedOut = locked.toFile().setReadable(false) && !Files.isReadable(locked);
    assertReadAlike(all, 1 << 20, 50);
    if (lockedOut) {
      assertThat(analysis(all, true, 1 << 20)).contains("permission denied");
    }
  }

  @Test
  void rotatedSetWithRestartsIsReadAsOneAfterAnother() throws IOException {
    Path dir = Files.createDirectory(tmp.resolve("restarts"));
    for (String suffix : List.of("", ".1", ".2", ".3", ".4")) {
      Files.copy(ParallelReadTest.corpus().resolve(RESTARTS + suffix), dir.resolve("gc.log" + suffix));
    }
    // beside another JVM's log, so that there are two sets
    Files.copy(ParallelReadTest.corpus().resolve(NO_HEADER_LOG), dir.resolve("other.log"));
    assertReadAlike(dir, Long.MAX_VALUE, 1);
    assertReadAlike(dir, 1 << 20, 0);
  }

  /**
   * The corpus's rotated sets kept as zip archives, unpacked: plain files, each set in a directory
   * beside another JVM's log. The 27 MB set is more than a set read ahead may be: it is read in
   * place (its 5 MB files in parts), the other log ahead or in place, whichever comes first.
   */
  @ParameterizedTest
  @CsvSource({"gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__zip__rollover.zip, 0",
      "gctoolkit-testdata/gctoolkit-gclogs__streaming__rotating.zip, 1"})
  void unpackedRotatedSetIsReadAsOneAfterAnother(String zip, int taken) throws IOException {
    Path dir = Files.createDirectory(tmp.resolve("set"));
    int files = 0;
    try (InputStream raw = Files.newInputStream(ParallelReadTest.corpus().resolve(zip));
        ZipInputStream in = new ZipInputStream(raw)) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        Path name = Path.of(e.getName()).getFileName();
        if (!e.isDirectory() && name != null && !name.toString().startsWith(".")) {
          Files.copy(in, dir.resolve(name.toString()));
          files++;
        }
      }
    }
    assertThat(files).as("files in " + zip).isGreaterThan(1);
    Files.copy(ParallelReadTest.corpus().resolve(REGION_SIZE_LOG), dir.resolve("another-jvm.log"));
    assertReadAlike(dir, Long.MAX_VALUE, taken);
    assertReadAlike(dir, 1 << 20, 0); // files of 2 MB and more in parts: the set is read in place
  }

  /**
   * A G1 log without its JVM's header (no region size) read after another G1 JVM's log that has
   * one: its capacities are its own (not known), not the other JVM's, as when it is read alone.
   */
  @Test
  void noParserStateGoesFromOneJvmsLogToAnother() throws IOException {
    Path dir = Files.createDirectory(tmp.resolve("two-jvms"));
    Files.copy(ParallelReadTest.corpus().resolve(REGION_SIZE_LOG), dir.resolve("a-first.log"));
    Files.copy(ParallelReadTest.corpus().resolve(NO_HEADER_LOG), dir.resolve("b-second.log"));
    ObjectMapper m = new ObjectMapper();
    for (boolean parallel : new boolean[] {false, true}) {
      JsonNode both = m.readTree(analysis(dir, parallel, Long.MAX_VALUE));
      JsonNode alone = m.readTree(analysis(dir.resolve("b-second.log"), parallel, Long.MAX_VALUE));
      assertThat(both.path("jvms")).hasSize(2);
      JsonNode second = both.path("jvms").get(1);
      assertThat(second.path("inputs").get(0).asText()).endsWith("b-second.log");
      assertThat(second.path("memoryModel").path("capacities"))
          .isEqualTo(alone.path("memoryModel").path("capacities"));
      // its young size comes from its own pauses' regions (their size inferred, as it states none), the
      // same as when it is read alone: nothing of the first log's region size
      assertThat(second.path("memoryModel").path("capacities").path("youngSource").asText())
          .isEqualTo("largest young capacity in the log");
      // while the first one's capacities are known from its header
      assertThat(both.path("jvms").get(0).path("memoryModel").path("capacities").path("youngBytes").isNumber()).isTrue();
    }
  }

  /**
   * Read ahead on three threads (files of {@code part} bytes or more in parts) and one after
   * another: the same, and at least {@code taken} sets read ahead were taken.
   */
  private static void assertReadAlike(Path input, long part, long taken) {
    long before = SetAhead.TAKEN.get();
    String ahead = analysis(input, true, part);
    assertThat(SetAhead.TAKEN.get() - before).as("sets read ahead and taken").isGreaterThanOrEqualTo(taken);
    assertThat(ahead).isEqualTo(analysis(input, false, part));
  }

  /** The JSON analysis of {@code input}: files of {@code part} bytes or more read in parts of {@code part}. */
  private static String analysis(Path input, boolean parallel, long part) {
    return ParallelReadTest.analysis(input, parallel, Math.min(part, 1L << 30),
        part == Long.MAX_VALUE ? Long.MAX_VALUE : 2 * part);
  }
}
