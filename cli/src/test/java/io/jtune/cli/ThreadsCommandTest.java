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
 * {@code jtune threads} on the dumps captured from core's DumpScenarios.java (kept under core's
 * test resources, see the README there), on a live child JVM with --pid, and on bad input.
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
  void textReportNamesTheContendedLockItsOwnerAndTheDeadlocks() {
    CliRun r = CliRun.of("threads", dump("jdk17-jstack-l.txt").toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("lock contention: 4 of 5 http-nio-8080-exec workers wait for DumpScenarios$SharedParser <",
        "held by http-nio-8080-exec-1 (TIMED_WAITING)", "3 waiting for lock java.util.concurrent.locks.ReentrantLock$NonfairSync",
        "held by rl-holder", "deadlock-mon-a -> deadlock-mon-b (reported by the JVM)",
        "deadlock-rl-a -> deadlock-rl-b (reported by the JVM)", "pool-1-thread: 3 threads, 0 busy, 3 idle",
        "Java threads by state: RUNNABLE 10, BLOCKED 6, WAITING 10, TIMED_WAITING 5");
  }

  @Test
  void jdk11AndJdk21DumpsNameTheSameLocksOwnersAndDeadlocks() {
    for (String name : new String[] {"jdk11-jstack-l.txt", "jdk21-jcmd-thread-print-l.txt"}) {
      CliRun r = CliRun.of("threads", dump(name).toString());
      assertThat(r.exitCode()).as(name).isZero();
      assertThat(r.out()).as(name).contains(" of OpenJDK 64-Bit Server VM (" + name.substring(3, 5) + ".0.",
          "lock contention: 4 of 5 http-nio-8080-exec workers wait for DumpScenarios$SharedParser <",
          "held by http-nio-8080-exec-1 (TIMED_WAITING)", "held by rl-holder",
          "deadlock-mon-a -> deadlock-mon-b (reported by the JVM)", "deadlock-rl-a -> deadlock-rl-b (reported by the JVM)",
          "Java threads by state: RUNNABLE ", ", BLOCKED 6, ");
    }
  }

  @Test
  void aJdk21DumpToFileSaysItHasNoStatesNorLocks() {
    CliRun r = CliRun.of("threads", dump("jdk21-dump-to-file.txt").toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("30 Java platform threads, 4 virtual", "Java threads by state: not in this dump",
        "this dump has no thread states and no locks (Thread.dump_to_file before JDK 25): for lock pile-ups and "
            + "deadlocks take jstack -l PID or jcmd PID Thread.print -l",
        "pool http-nio-8080-exec: all 5 threads busy", "4 threads at DumpScenarios$SharedParser.parse(")
        .doesNotContain("no deadlock", "no thread waits for a lock");
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
  void htmlAndMarkdownEscapeThreadNames() throws IOException {
    String hostile = "<img src=x onerror=alert(1)>&\"'";
    Path f = Files.writeString(dir.resolve("dump.txt"),
        Files.readString(dump("jdk17-jstack-l.txt")).replace("\"rl-holder\"", "\"" + hostile + "\""));
    Path html = dir.resolve("t.html");
    CliRun r = CliRun.of("threads", "--format", "html", "-o", html.toString(), f.toString());
    assertThat(r.exitCode()).isZero();
    String page = Files.readString(html);
    assertThat(page).startsWith("<!DOCTYPE html>").doesNotContain("<img").doesNotContain("<script")
        .contains("held by &lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39; (TIMED_WAITING)");
    String md = CliRun.of("threads", "--format", "markdown", f.toString()).out();
    assertThat(md).doesNotContain("<img").contains("&lt;img src=x onerror=alert(1)&gt;");
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
