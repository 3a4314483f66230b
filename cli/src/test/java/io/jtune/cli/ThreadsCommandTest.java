package io.jtune.cli;

import static io.jtune.cli.AnalyzeBadInputTest.assertOneLineError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune threads} on the dumps captured from DumpScenarios.java (kept under diagnostics'
 * test resources, see the README there): a directory and standard input, --fail-on, a live child
 * JVM with --pid, and bad input. What the report says is tested with it (diagnostics module,
 * ThreadsReportTest and ThreadsRenderTest).
 */
class ThreadsCommandTest {
  private static final Path DUMPS = Path.of("../diagnostics/src/test/resources/io/jtune/diagnostics/threads/dumps");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** A captured dump by file name. */
  static Path dump(String name) {
    Path p = DUMPS.resolve(name).toAbsolutePath().normalize();
    assertThat(p).exists();
    return p;
  }

  @Test
  void helpHasExamplesAndExitCodes() {
    CliRun r = CliRun.of("threads", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("Examples:", "Exit codes:", "jtune threads --pid 4711", "--format", "Thread.dump_to_file");
  }

  @Test
  void aDirectoryOfDumpsOverTimeAndStandardInput() throws IOException {
    Path d = Files.createDirectory(dir.resolve("dumps"));
    Files.copy(dump("jdk25-jstack.txt"), d.resolve("1.txt"));
    Files.copy(dump("jdk25-jcmd-thread-print.txt"), d.resolve("2.txt"));
    JsonNode two = JSON.readTree(CliRun.of("threads", "--format", "json", d.toString()).out());
    assertThat(two.path("source").path("dumps").asInt()).isEqualTo(2);
    assertThat(two.path("cpu").get(0).path("thread").asText()).isEqualTo("spinner");
    assertThat(two.path("stuck").toString()).contains("http-nio-8080-exec-2");

    CliRun piped = CliRun.withStdin(new ByteArrayInputStream(Files.readAllBytes(dump("jdk25-dump-to-file.txt"))),
        "threads", "--format", "json", "-");
    JsonNode fromStdin = JSON.readTree(piped.out());
    assertThat(fromStdin.path("threads").path("virtual").asInt()).isEqualTo(4);
    assertThat(fromStdin.path("locks").get(0).path("owner").asText()).isEqualTo("http-nio-8080-exec-1");
    assertThat(fromStdin.path("locks").get(1).path("owner").isNull()).isTrue();
  }

  @Test
  void failOnCriticalExitsFourOnADeadlock() {
    CliRun r = CliRun.of("threads", "--fail-on", "critical", dump("jdk25-dump-to-file.json").toString());
    assertThat(r.exitCode()).isEqualTo(4);
    assertThat(r.err()).contains("--fail-on critical");
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws IOException {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "Dear diary,\nthe service was slow.\n");
    assertOneLineError(CliRun.of("threads", notes.toString()), "no thread dump found");
    assertOneLineError(CliRun.of("threads", dir.resolve("missing.txt").toString()), "no such file");
    assertOneLineError(CliRun.of("threads"), "--pid PID");
    Path brokenJson = Files.writeString(dir.resolve("d.json"), "{\"threadDump\": {\"threadContainers\": [");
    assertOneLineError(CliRun.of("threads", brokenJson.toString()), "not a complete JSON thread dump");
  }

  @Test
  void analyzeNamesJtuneThreadsForAThreadDump() {
    for (String name : new String[] {"jdk17-sigquit-stdout.txt", "jdk25-dump-to-file.json"}) {
      String path = dump(name).toString();
      assertOneLineError(CliRun.of("analyze", path), "a thread dump, not a GC log: read it with 'jtune threads " + path + "'");
    }
  }

  @Test
  void livePidCaptureReadsCpuFromProc() throws Exception {
    Path program = Path.of("../diagnostics/src/test/resources/io/jtune/diagnostics/threads/DumpScenarios.java").toAbsolutePath();
    Path out = dir.resolve("stdout");
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        program.toString(), "--parent-pid", Long.toString(ProcessHandle.current().pid()))
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.readString(out).contains("ready ")) {
        if (!child.isAlive() || System.nanoTime() > deadline) {
          fail("DumpScenarios did not start: " + Files.readString(out));
        }
        Thread.sleep(50);
      }
      CliRun r = CliRun.of("threads", "--pid", Long.toString(child.pid()), "--count", "2", "--interval", "300ms",
          "--format", "json");
      assertThat(r.exitCode()).as(r.err()).isZero();
      JsonNode doc = JSON.readTree(r.out());
      assertThat(doc.path("source").path("dumps").asInt()).isEqualTo(2);
      assertThat(doc.path("locks").get(1).path("owner").asText()).as("-l lists owners").isEqualTo("rl-holder");
      assertThat(doc.path("cpu").get(0).path("thread").asText()).isEqualTo("spinner");
      assertThat(doc.path("cpu").get(0).path("source").asText()).isEqualTo("/proc");
    } finally {
      child.destroyForcibly();
      child.waitFor(10, TimeUnit.SECONDS);
    }
    assertOneLineError(CliRun.of("threads", "--pid", Long.toString(child.pid())), "no process " + child.pid());
  }
}
