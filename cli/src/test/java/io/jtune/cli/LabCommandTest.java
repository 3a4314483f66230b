package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code jtune lab} against the lab jar built by the lab module. */
class LabCommandTest {
  private static final Path LAB_JAR = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();

  @BeforeEach
  void pointAtTheLabJar() {
    assertThat(LAB_JAR).as("the lab module's jar (built before cli)").exists();
    System.setProperty("jtune.lab.jar", LAB_JAR.toString());
  }

  @AfterEach
  void forgetTheLabJar() {
    System.clearProperty("jtune.lab.jar");
  }

  @Test
  void listsEveryScenarioWithItsLoad() {
    CliRun run = CliRun.of("lab", "--list");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines().map(l -> l.split("\\s+")[0]))
        .containsExactly("api", "survivor-overflow", "session-leak", "xml-lock", "cache-churn",
            "metaspace-boot", "cpu-bound", "io-bound", "heap-too-small", "container-default-heap",
            "container-heap-over-limit", "store-bound", "jit-warmup");
    assertThat(run.out()).contains("rate=150/s connections=4", "concurrency=32");
  }

  @Test
  void printsAScenariosMixFlagsAndFix() {
    CliRun run = CliRun.of("lab", "--scenario", "survivor-overflow", "--print");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("jvm flags  -Xms256m -Xmx256m -Xmn19m -XX:SurvivorRatio=8")
        .contains("fix flags  -Xmn64m -XX:SurvivorRatio=6")
        .contains("load       rate=150/s connections=4 against /scenario")
        .contains("mix        1 /work?alloc=2097152&hold=10")
        .containsPattern("command    \\S+/bin/java -Xms256m .* -jar \\S+jtune-lab.jar --scenario survivor-overflow"
            + " --port 0 --live-mb 100 --parent-pid \\d+");
  }

  @Test
  void unknownScenarioIsOneLineAndExit2() {
    CliRun run = CliRun.of("lab", "--scenario", "nope", "--print");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("jtune: unknown lab scenario 'nope'; known: api, survivor-overflow")
        .hasLineCount(1);
  }

  @Test
  void missingLabJarIsOneLineAndExit2() {
    System.setProperty("jtune.lab.jar", "/nonexistent/jtune-lab.jar");
    CliRun run = CliRun.of("lab", "--list");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("jtune: lab jar not found at /nonexistent/jtune-lab.jar").hasLineCount(1);
  }

  @Test
  void badCacheKindIsExit2() {
    CliRun run = CliRun.of("lab", "--cache", "disk", "--print");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--cache must be heap or offheap");
  }

  @Test
  void runsTheLabInTheForegroundUntilItStops() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int[] code = {-1};
    Thread foreground = new Thread(() -> code[0] = Main.run(
        new String[] {"lab", "--threads", "8", "--jvm-flags", "-Xms64m -Xmx96m -XX:+UseSerialGC"},
        new PrintWriter(out, true), new PrintWriter(err, true)));
    foreground.start();
    Pattern serving = Pattern.compile("serving at (http://127\\.0\\.0\\.1:\\d+) \\(pid (\\d+)\\)");
    Optional<ProcessHandle> lab = Optional.empty();
    try {
      Matcher m = serving.matcher("");
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (System.nanoTime() < deadline && !(m = serving.matcher(out.toString())).find()) {
        Thread.sleep(50);
      }
      assertThat(m.find(0)).as("serving line in: " + out + err).isTrue();
      lab = ProcessHandle.of(Long.parseLong(m.group(2)));
      HttpResponse<String> stats = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(m.group(1) + "/stats")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(stats.body()).contains("\"threads\":8").contains("\"Copy\":{\"count\"");
      lab.orElseThrow().destroy();
      foreground.join(30_000);
      assertThat(foreground.isAlive()).isFalse();
      assertThat(code[0]).isEqualTo(1);
      assertThat(err.toString()).contains("jtune: the lab exited with code 143");
    } finally {
      lab.ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void sigtermStopsTheLabQuietly() throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Djtune.lab.jar=" + LAB_JAR, "io.jtune.cli.Main",
        "lab", "--threads", "4", "--jvm-flags", "-Xms64m -Xmx96m -XX:+UseSerialGC");
    Path log = Files.createTempFile("jtune-lab-sigterm", ".txt");
    Process jtune = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Optional<ProcessHandle> lab = Optional.empty();
    try {
      Pattern serving = Pattern.compile("serving at http://127\\.0\\.0\\.1:\\d+ \\(pid (\\d+)\\)");
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      Matcher m = serving.matcher("");
      while (System.nanoTime() < deadline && jtune.isAlive() && !(m = serving.matcher(Files.readString(log))).find()) {
        Thread.sleep(50);
      }
      assertThat(m.find(0)).as("serving line in: " + Files.readString(log)).isTrue();
      lab = ProcessHandle.of(Long.parseLong(m.group(1)));
      assertThat(lab).isPresent();
      new ProcessBuilder("kill", "-TERM", Long.toString(jtune.pid())).start().waitFor();
      assertThat(jtune.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(lab.get().onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
      assertThat(Files.readString(log)).doesNotContain("internal error").doesNotContain("Exception");
    } finally {
      jtune.destroyForcibly();
      lab.ifPresent(ProcessHandle::destroyForcibly);
      Files.deleteIfExists(log);
    }
  }
}
