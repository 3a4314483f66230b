package io.jtune.gc.input;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.parser.GcLogReader;
import io.jtune.gc.parser.ParseReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Named pipes and truncated archives, read through the same path as any file the user names. */
class NonSeekableInputTest {
  private static final String LOG = "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__defnew__details__defnew.log";

  @TempDir
  Path dir;

  private static Path corpusLog() {
    String p = System.getProperty("jtune.corpus");
    return (p != null ? Path.of(p) : Path.of("../testdata/gclogs")).resolve(LOG);
  }

  private record Read(List<String> events, ParseReport report) {}

  private static Read read(Path path) {
    LogInputs.Resolved resolved = LogInputs.resolve(List.of(path.toString()), new ByteArrayInputStream(new byte[0]));
    List<String> events = new ArrayList<>();
    ParseReport report = GcLogReader.read(resolved.sources(), resolved.problems(), (GcEvent e) -> events.add(e.toString()));
    return new Read(events, report);
  }

  /** A real FIFO made by mkfifo, fed by a writer thread with {@code content}. */
  private CompletableFuture<Void> fifoFedWith(Path fifo, byte[] content) throws Exception {
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(mkfifo.exitValue()).isZero();
    return CompletableFuture.runAsync(() -> {
      try (OutputStream out = Files.newOutputStream(fifo)) {
        out.write(content);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  @Test
  @Timeout(30)
  void namedPipeGivesTheSameEventsAsTheFile() throws Exception {
    Read fromFile = read(corpusLog());
    Path fifo = dir.resolve("gc.fifo");
    CompletableFuture<Void> writer = fifoFedWith(fifo, Files.readAllBytes(corpusLog()));
    Read fromFifo = read(fifo);
    writer.get(10, TimeUnit.SECONDS);

    assertThat(fromFile.events()).hasSizeGreaterThan(10);
    assertThat(fromFifo.events()).isEqualTo(fromFile.events());
    assertThat(fromFifo.report().problems()).isEmpty();
    assertThat(fromFifo.report().linesRead()).isEqualTo(fromFile.report().linesRead());
  }

  @Test
  @Timeout(30)
  void namedPipesOfARotatedLogAreOrderedByTheirContentLikeFiles() throws Exception {
    Path dirOfLogs = corpusLog().getParent();
    List<String> files = List.of(
        dirOfLogs.resolve("gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.1").toString(),
        dirOfLogs.resolve("gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.2").toString());
    LogInputs.Resolved fromFiles = LogInputs.resolve(files, new ByteArrayInputStream(new byte[0]));
    List<String> contentOrder = fromFiles.sources().stream().map(LogSource::name).toList();
    List<String> events = new ArrayList<>();
    GcLogReader.read(fromFiles.sources(), (GcEvent e) -> events.add(e.toString()));

    // the pipes are named in the opposite order: only their content can put them right
    List<String> pipes = new ArrayList<>();
    List<CompletableFuture<Void>> writers = new ArrayList<>();
    for (int i = contentOrder.size() - 1; i >= 0; i--) {
      Path fifo = dir.resolve("part" + i + ".fifo");
      writers.add(fifoFedWith(fifo, Files.readAllBytes(Path.of(contentOrder.get(i)))));
      pipes.add(fifo.toString());
    }
    LogInputs.Resolved fromPipes = LogInputs.resolve(pipes, new ByteArrayInputStream(new byte[0]));
    List<String> pipeEvents = new ArrayList<>();
    ParseReport report = GcLogReader.read(fromPipes.sources(), (GcEvent e) -> pipeEvents.add(e.toString()));
    for (CompletableFuture<Void> w : writers) {
      w.get(10, TimeUnit.SECONDS);
    }
    assertThat(fromPipes.sources()).extracting(LogSource::name).containsExactly(pipes.get(1), pipes.get(0));
    assertThat(report.problems()).isEmpty();
    assertThat(events).hasSizeGreaterThan(10);
    assertThat(pipeEvents).isEqualTo(events);
  }

  @Test
  @Timeout(30)
  void gzipThroughANamedPipeIsRecognisedFromTheBytesRead() throws Exception {
    Read fromFile = read(corpusLog());
    Path fifo = dir.resolve("gz.fifo");
    CompletableFuture<Void> writer = fifoFedWith(fifo, gzip(Files.readAllBytes(corpusLog())));
    Read fromFifo = read(fifo);
    writer.get(10, TimeUnit.SECONDS);
    assertThat(fromFifo.events()).isEqualTo(fromFile.events());
  }

  @Test
  @Timeout(30)
  void zipArchiveThroughANamedPipeIsAClearProblem() throws Exception {
    Path fifo = dir.resolve("zip.fifo");
    CompletableFuture<Void> writer = fifoFedWith(fifo, new byte[] {'P', 'K', 3, 4, 0, 0, 0, 0});
    Read fromFifo = read(fifo);
    writer.get(10, TimeUnit.SECONDS);
    assertThat(fromFifo.events()).isEmpty();
    assertThat(fromFifo.report().problems()).singleElement()
        .satisfies(p -> assertThat(p.message()).contains("zip archive").contains("give it as a file"));
  }

  @Test
  void truncatedGzipSaysSoAndKeepsWhatWasRead() throws Exception {
    byte[] whole = gzip(Files.readAllBytes(corpusLog()));
    for (int cut : new int[] {whole.length - 4, whole.length / 2, 5}) {
      Path gz = dir.resolve("cut-" + cut + ".log.gz");
      Files.write(gz, java.util.Arrays.copyOf(whole, cut));
      Read r = read(gz);
      assertThat(r.report().problems()).as("cut at %d", cut).singleElement()
          .satisfies(p -> assertThat(p.message()).contains("truncated").doesNotContain("null"));
      if (cut > 1000) {
        assertThat(r.events()).as("events before the cut at %d", cut).isNotEmpty();
      }
    }
    // cut inside the first 64 KB of content: what was decompressed is still read
    Path small = dir.resolve("small.log.gz");
    Files.write(small, java.util.Arrays.copyOf(whole, 3000));
    assertThat(read(small).events()).isNotEmpty();
  }

  private static byte[] gzip(byte[] content) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(content);
    }
    return bytes.toByteArray();
  }
}
