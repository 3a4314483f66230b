package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory of 1,000 logs of unrelated JVMs is analyzed lifetime by lifetime in bounded memory:
 * a real jtune process with a 32 MB heap (jtune's launcher gives it 160 MB) reads them all and
 * gives per-JVM results. Memory that grew with the number of files or lifetimes would end in
 * OutOfMemoryError long before the last file.
 */
class ManyLogsBoundedMemoryTest {
  private static final int FILES = 1000;

  @TempDir Path dir;

  @Test
  @Timeout(300)
  void aThousandLogsInA32MegabyteHeap() throws Exception {
    List<Path> corpus;
    try (Stream<Path> s = Files.list(CliRun.corpus().resolve("GCViewer"))) {
      corpus = s.filter(Files::isRegularFile).sorted().toList();
    }
    Path logs = Files.createDirectory(dir.resolve("logs"));
    for (int i = 0; i < FILES; i++) {
      Path src = corpus.get(i % corpus.size());
      // each copy is the log of another JVM: its own name, as with -Xloggc:gc-%p.log
      Files.copy(src, logs.resolve("jvm" + i + "-" + src.getFileName()));
    }
    Path out = dir.resolve("out.json");
    Path err = dir.resolve("err.txt");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx32m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
        "-cp", System.getProperty("java.class.path"), "io.jtune.cli.Main",
        "analyze", "--format", "json", logs.toString()));
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      assertThat(p.waitFor(240, TimeUnit.SECONDS)).as("jtune finished").isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as(Files.readString(err)).isZero();

    JsonNode doc = new ObjectMapper().readTree(out.toFile());
    long withEvents = doc.path("jvmCount").asLong();
    // a few corpus files have no collection (a header only): every other copy is one lifetime
    assertThat(withEvents).isGreaterThan(FILES * 9 / 10).isEqualTo(doc.path("jvms").size());
    long inputs = 0;
    for (JsonNode j : doc.path("jvms")) {
      inputs += j.path("inputs").size();
    }
    assertThat(inputs).isEqualTo(withEvents);
    assertThat(doc.path("jvmNote").asText()).contains(withEvents + " JVM lifetimes");
  }
}
