package io.jtune.diagnostics.threads;

import io.jtune.diagnostics.threads.parse.ThreadDumps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jtune.diagnostics.threads.analysis.CpuUse;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import io.jtune.diagnostics.threads.live.LiveDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dumps taken now from DumpScenarios.java in a child JVM (the JDK running the tests, and JDK 25
 * when installed), so the formats the captured files keep stay current: {@code jtune threads
 * --pid}'s capture (jcmd Thread.print -l twice, CPU from /proc/PID/task) and, on JDK 21+,
 * {@code jcmd Thread.dump_to_file -format=json}.
 */
class LiveThreadsTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"current", "/usr/lib/jvm/temurin-25-jdk-amd64"})
  void liveCaptureShowsTheKnownFactsAndCpuFromProc(String which) throws Exception {
    Path home = which.equals("current") ? Path.of(System.getProperty("java.home")) : Path.of(which);
    assumeTrue(Files.isExecutable(home.resolve("bin/java")), "no JDK at " + home);
    Path stdout = dir.resolve("stdout");
    Process child = new ProcessBuilder(home.resolve("bin/java").toString(), "-Xmx64m",
        CapturedDumps.program().toString(), "--parent-pid", Long.toString(ProcessHandle.current().pid()))
        .redirectErrorStream(true).redirectOutput(stdout.toFile()).start();
    try {
      String ready = awaitReady(child, stdout);
      LiveDumps live = LiveDumps.capture(child.pid(), 2, Duration.ofMillis(700), Path.of("/proc"));
      assertThat(live.dumps()).hasSize(2);
      ThreadsReport r = ThreadsReport.of(live.dumps(), live.procCpu());
      ScenarioFacts.check(r, true, true, 0);
      assertThat(r.format()).isEqualTo(DumpFormat.HOTSPOT_WITH_SYNCHRONIZERS);
      assertThat(r.stuck()).extracting(s -> s.thread()).containsAll(ScenarioFacts.BLOCKED_WORKERS);
      if (Files.isDirectory(Path.of("/proc/self/task"))) {
        CpuUse top = live.procCpu().get(0);
        assertThat(top.thread()).isEqualTo("spinner");
        assertThat(top.source()).isEqualTo("/proc");
        assertThat(top.cpuMs()).isPositive();
        assertThat(r.cpu()).isEqualTo(live.procCpu());
      }
      if (!ready.endsWith("virtual=0")) {
        Path json = dir.resolve("dump.json");
        run(home.resolve("bin/jcmd").toString(), Long.toString(child.pid()), "Thread.dump_to_file", "-format=json",
            json.toString());
        ThreadsReport fromJson = ThreadsReport.of(ThreadDumps.read(Files.readString(json)), List.of());
        assertThat(fromJson.format()).isEqualTo(DumpFormat.DUMP_TO_FILE_JSON);
        ScenarioFacts.check(fromJson, false, false, Integer.parseInt(ready.substring(ready.indexOf("virtual=") + 8)));
        assertThat(fromJson.mountedVirtual()).isEqualTo(1);
      }
    } finally {
      child.destroyForcibly();
      child.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static String awaitReady(Process child, Path stdout) throws Exception {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(stdout)) {
        String ready = Files.readAllLines(stdout).stream().filter(l -> l.startsWith("ready ")).findFirst().orElse(null);
        if (ready != null) {
          return ready;
        }
      }
      if (!child.isAlive()) {
        fail("DumpScenarios exited: " + Files.readString(stdout));
      }
      Thread.sleep(50);
    }
    fail("DumpScenarios was not ready within " + TIMEOUT.toSeconds() + " s");
    return null;
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      boolean done = p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      String out = new String(p.getInputStream().readAllBytes());
      assertThat(done && p.exitValue() == 0).as("%s: %s", String.join(" ", command), out).isTrue();
    } finally {
      p.destroyForcibly();
    }
  }
}
