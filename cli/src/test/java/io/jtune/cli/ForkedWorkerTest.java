package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service that does its work in a worker JVM it starts itself ({@link ForkingServer}): given
 * {@code {jvmFlags}} on the parent's command line, jtune would measure the worker (the JVM that
 * serves) and read the parent's GC log; it refuses that before any run, in one line that says how
 * to pass the flags through. Given them through the service's own option for its worker's JVM
 * arguments, the session runs to its verdict on the worker's GC log. No JVM of the service
 * outlives a test.
 */
@RunsBesideAnother
class ForkedWorkerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** The service's command: {@code {jvmFlags}} to the parent, or through to the worker. */
  private String command(boolean passThrough) throws Exception {
    Path classes = Path.of(ForkingServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String main = "-cp " + classes + " " + ForkingServer.class.getName() + " {port} " + marker();
    return passThrough ? "java " + main + " --worker-jvm-args \"{jvmFlags}\"" : "java {jvmFlags} " + main;
  }

  /** A word only this test's service processes carry. */
  private String marker() {
    return "forked-" + dir.getFileName();
  }

  private List<String> tuneArgs(boolean passThrough, Path out) throws Exception {
    return new ArrayList<>(List.of("tune", "--command", command(passThrough), "--ready",
        "http://127.0.0.1:{port}/ready", "--url", "/work", "--rate", "100", "--concurrency", "2",
        "--flags", "-XX:+UseSerialGC -Xmx64m -Xmn6m", "--quick", "--duration", "2s", "--budget", "70s",
        "--out", out.toString()));
  }

  private List<ProcessHandle> serviceProcesses() {
    return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().orElse("").contains(marker())).toList();
  }

  /** Every JVM of the service is gone once jtune returns (after a short grace); any left is killed. */
  @AfterEach
  void noServiceJvmLeft() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (!serviceProcesses().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    List<ProcessHandle> left = serviceProcesses();
    left.forEach(h -> {
      h.descendants().forEach(ProcessHandle::destroyForcibly);
      h.destroyForcibly();
    });
    assertThat(left.stream().map(h -> h.info().commandLine().orElse("?")).toList())
        .as("service processes alive after jtune returned").isEmpty();
  }

  @Test
  void flagsGivenToTheParentAreOneLineAndExit2BeforeAnyRun() throws Exception {
    Path out = dir.resolve("tune");
    CliRun r = CliRun.of(tuneArgs(false, out).toArray(String[]::new));
    assertOneLine(r);
    assertThat(out.resolve("runs")).doesNotExist();
    assertThat(out.resolve("baseline/runs/high-baseline-r1/result.json")).doesNotExist();

    // the same from a plan run by `jtune experiment`
    Path plan = Files.writeString(dir.resolve("forked.yaml"), """
        name: forked
        target:
          command: '%s'
          ready: http://127.0.0.1:{port}/ready
        baseline: serial
        candidates:
          - {name: serial, flags: -XX:+UseSerialGC -Xmx64m}
          - {name: parallel, flags: -XX:+UseParallelGC -Xmx64m}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 2s, urls: ["/work"]}
        repetitions: 1
        cooldown: 0s
        """.formatted(command(false)));
    Path run = dir.resolve("experiment");
    CliRun e = CliRun.of("experiment", plan.toString(), "--out", run.toString());
    assertOneLine(e);
    assertThat(e.err()).contains("forked.yaml line ");
    try (var s = Files.list(run.resolve("runs"))) {
      assertThat(s.toList()).as("runs started").isEmpty();
    }
  }

  private static void assertOneLine(CliRun r) {
    assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(2);
    // (experiment prints what it checks before the error; the error is its last line)
    List<String> lines = r.err().strip().lines().toList();
    assertThat(lines.stream().filter(l -> l.startsWith("jtune: "))).hasSize(1);
    assertThat(r.err()).doesNotContain("Exception");
    assertThat(lines.get(lines.size() - 1)).startsWith("jtune: ")
        .containsPattern("the JVM jtune measures \\(pid \\d+, java \\.\\.\\. io\\.jtune\\.cli\\.ForkingServer worker,"
            + " the deepest java process of the command\\) did not receive \\{jvmFlags\\} \\(-XX:\\+UseSerialGC\\):"
            + " pid \\d+ \\(java \\.\\.\\. io\\.jtune\\.cli\\.ForkingServer \\d+\\) did")
        .contains("pass {jvmFlags} through the service's own option for its child JVM's arguments");
  }

  @Test
  void flagsPassedThroughToTheWorkerRunTheSessionToItsVerdict() throws Exception {
    Path out = dir.resolve("tune");
    CliRun r = CliRun.of(tuneArgs(true, out).toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err() + r.out()).isIn(0, 3);
    assertThat(r.out()).contains("1/4  baseline", "4/4  verdict", "Summary: verdict ");
    // the baseline's GC log is the worker's: its serial young collections under the load
    String gc = Files.readString(out.resolve("baseline/runs/high-baseline-r1/gc.log"));
    assertThat(gc).contains("Using Serial", "Pause Young");
    JsonNode json = JSON.readTree(out.resolve("experiment.json").toFile());
    assertThat(json.path("recommendation").path("verdict").asText())
        .isIn("adopt", "keep-baseline", "not-a-gc-problem", "inconclusive");
    // every run measured the worker: the pid in each result is a JVM whose arguments carried the candidate's flags
    try (var s = Files.list(out.resolve("runs"))) {
      for (Path run : s.toList()) {
        JsonNode result = JSON.readTree(run.resolve("result.json").toFile());
        assertThat(result.path("status").asText()).as(run.toString()).isEqualTo("ok");
        assertThat(Files.readString(run.resolve("gc.log"))).as(run.toString()).contains("Pause Young");
      }
    }
  }
}
