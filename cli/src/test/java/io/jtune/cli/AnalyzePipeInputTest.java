package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code jtune analyze} on a process substitution and on a named pipe, in real processes. */
class AnalyzePipeInputTest {
  private static final Path LOG =
      CliRun.corpusFile("gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__defnew__details__defnew.log");

  @TempDir Path dir;

  /** Runs {@code script} in bash with $JAVA, $CP and $LOG set; returns its stdout (stderr after it). */
  private String bash(String script) throws Exception {
    Path out = dir.resolve("out.txt");
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).redirectOutput(out.toFile());
    pb.environment().put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
    pb.environment().put("CP", System.getProperty("java.class.path"));
    pb.environment().put("LOG", LOG.toString());
    pb.environment().put("DIR", dir.toString());
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("jtune finished").isTrue();
    String text = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(text).isZero();
    return text;
  }

  @Test
  @Timeout(120)
  void processSubstitutionAndNamedPipeGiveTheSameResultAsTheFile() throws Exception {
    String fromFile = bash("\"$JAVA\" -cp \"$CP\" io.jtune.cli.Main analyze --format json \"$LOG\"");
    String fromSubstitution = bash("\"$JAVA\" -cp \"$CP\" io.jtune.cli.Main analyze --format json <(cat \"$LOG\")");
    String fromFifo = bash("mkfifo \"$DIR/gc.fifo\" && { cat \"$LOG\" > \"$DIR/gc.fifo\" & } && "
        + "\"$JAVA\" -cp \"$CP\" io.jtune.cli.Main analyze --format json \"$DIR/gc.fifo\"");

    assertThat(fromFile).contains("\"pauseCount\"");
    assertThat(withoutSourceNames(fromSubstitution)).isEqualTo(withoutSourceNames(fromFile));
    assertThat(withoutSourceNames(fromFifo)).isEqualTo(withoutSourceNames(fromFile));
  }

  /** The JSON names each source by its path; everything else must match. */
  private static List<String> withoutSourceNames(String json) {
    return json.lines()
        .filter(l -> !l.contains(LOG.toString()) && !l.contains("/dev/fd/") && !l.contains("gc.fifo"))
        .toList();
  }
}
