package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -o}: a regular file is replaced whole and keeps its mode; a FIFO, a device or a link
 * is written through and stays what it is; a directory or a missing directory is a one-line
 * error with exit code 2. Real FIFOs and devices, made with mkfifo and mknod.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OutputFileTest {
  private static final String LOG =
      CliRun.corpusFile("GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part4.txt").toString();
  private static final int S_IFMT = 0170000;
  private static final int S_IFIFO = 0010000;
  private static final int S_IFCHR = 0020000;

  @TempDir Path dir;

  private static String report() {
    CliRun r = CliRun.of("analyze", "--format", "json", LOG);
    assertThat(r.exitCode()).isZero();
    return r.out();
  }

  private static CliRun analyzeInto(Path out) {
    return CliRun.of("analyze", "--format", "json", "-o", out.toString(), LOG);
  }

  private static int mode(Path p) throws IOException {
    return (int) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(String.join(" ", command) + ": " + out).isZero();
  }

  private List<Path> leftovers() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
    }
  }

  @Test
  void aFifoStaysAFifoAndItsReaderGetsTheReport() throws Exception {
    Path fifo = dir.resolve("report.fifo");
    run("mkfifo", fifo.toString());
    CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
      try (InputStream in = Files.newInputStream(fifo)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    CliRun r = analyzeInto(fifo);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(reader.get(30, TimeUnit.SECONDS)).isEqualTo(report());
    assertThat(mode(fifo) & S_IFMT).isEqualTo(S_IFIFO);
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aProcessSubstitutionGetsTheReport() throws Exception {
    // jtune as a user runs it from bash: -o >(cat > got.json), a /dev/fd/N pipe that cannot be renamed over
    Path got = dir.resolve("got.json");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder("bash", "-c", "\"$0\" -cp \"$1\" io.jtune.cli.Main analyze --format json"
        + " -o >(cat > \"$2\") \"$3\"", java, System.getProperty("java.class.path"), got.toString(), LOG)
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(output).isZero();
    assertThat(output).startsWith("jtune: report written to /dev/fd/");
    String expected = report();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!(Files.exists(got) && Files.readString(got).equals(expected)) && System.nanoTime() < deadline) {
      Thread.sleep(20); // cat finishes after jtune exits
    }
    assertThat(Files.readString(got)).isEqualTo(expected);
  }

  @Test
  void aCharacterDeviceStaysTheSameDevice() throws Exception {
    Path device = dir.resolve("null");
    run("mknod", device.toString(), "c", "1", "3"); // what /dev/null is
    Object rdev = Files.getAttribute(device, "unix:rdev");
    CliRun r = analyzeInto(device);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(mode(device) & S_IFMT).isEqualTo(S_IFCHR);
    assertThat(Files.getAttribute(device, "unix:rdev")).isEqualTo(rdev);
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aLinkStaysALinkAndItsFileGetsTheReport() throws Exception {
    Path file = Files.writeString(dir.resolve("real.json"), "old");
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), file);
    CliRun r = analyzeInto(link);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(file)).isEqualTo(report());
  }

  @Test
  void aRegularFileIsReplacedAndKeepsItsMode() throws Exception {
    Path file = Files.writeString(dir.resolve("report.json"), "old");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    Object inode = Files.getAttribute(file, "unix:ino");
    CliRun r = analyzeInto(file);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("report written to " + file);
    assertThat(Files.readString(file)).isEqualTo(report());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    assertThat(Files.getAttribute(file, "unix:ino")).as("replaced by rename, not rewritten").isNotEqualTo(inode);
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aDirectoryOrAMissingDirectoryIsAOneLineUsageError() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    assertOneLine(analyzeInto(sub), "jtune: cannot write " + sub + ": it is a directory");
    Path missing = dir.resolve("missing/deeper/report.json");
    assertOneLine(analyzeInto(missing), "jtune: cannot write " + missing + ": no directory " + missing.getParent());
    Path underFile = Files.writeString(dir.resolve("plain"), "x").resolve("report.json");
    assertOneLine(analyzeInto(underFile), "jtune: cannot write " + underFile + ": " + underFile.getParent()
        + " is not a directory");
    // the same facility for every command that writes files, checked before any work
    assertOneLine(CliRun.of("suggest", "-o", sub.toString(), LOG), "jtune: cannot write " + sub + ": it is a directory");
    assertOneLine(CliRun.of("experiment", "--report", dir.toString(), "-o", missing.toString()),
        "jtune: cannot write " + missing + ": no directory " + missing.getParent());
    assertThat(Files.exists(missing.getParent())).isFalse();
  }

  private static void assertOneLine(CliRun r, String line) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo(line);
  }
}
