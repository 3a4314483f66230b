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
 * OutOfMemoryError long before the last file. The same holds for {@code --each}, which analyzes
 * several files at a time.
 */
class ManyLogsBoundedMemoryTest {
  private static final int FILES = 1000;

  @TempDir Path dir;

  /** 1,000 copies of the GCViewer corpus logs, each under its own name: the logs of 1,000 JVMs. */
  private Path thousandLogs() throws Exception {
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
    return logs;
  }

  /** Runs jtune in a JVM of its own with a 32 MB heap; returns its standard output. */
  private Path jtune(String... args) throws Exception {
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx32m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
        "-cp", System.getProperty("java.class.path"), "io.jtune.cli.Main"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      assertThat(p.waitFor(240, TimeUnit.SECONDS)).as("jtune finished").isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as(Files.readString(err)).isZero();
    return out;
  }

  @Test
  @Timeout(300)
  void aThousandLogsInA32MegabyteHeap() throws Exception {
    Path logs = thousandLogs();
    JsonNode doc = new ObjectMapper().readTree(jtune("analyze", "--format", "json", logs.toString()).toFile());
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

  /** {@code --each} over the same 1,000 logs, files analyzed in parallel: a row per log, in name order. */
  @Test
  @Timeout(300)
  void eachOfAThousandLogsInA32MegabyteHeap() throws Exception {
    Path logs = thousandLogs();
    List<String> lines = Files.readAllLines(jtune("analyze", "--each", "--format", "jsonl", logs.toString()));
    assertThat(lines).hasSize(FILES);
    ObjectMapper json = new ObjectMapper();
    List<String> names = new ArrayList<>();
    long jvms = 0;
    for (String line : lines) {
      JsonNode row = json.readTree(line);
      names.add(Path.of(row.path("inputs").get(0).asText()).getFileName().toString());
      jvms += row.path("error").isNull() ? 1 : 0;
    }
    assertThat(jvms).isGreaterThan(FILES * 9 / 10);
    assertThat(names).isEqualTo(names.stream().sorted().toList());
  }
}
