package io.jtune.runtime.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.runtime.lab.LabLauncher;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ChildProcess against real child JVMs running {@link ChildJvmFixture} and {@link ReaperFixture}. */
class ChildProcessTest {
  @TempDir static Path dir;
  private static Path jar;
  private final List<ChildProcess> started = new ArrayList<>();

  @BeforeAll
  static void writeJar() throws Exception {
    jar = FixtureJar.write(dir.resolve("fixture.jar"), ChildJvmFixture.class, Map.of());
  }

  @AfterEach
  void stopAll() {
    started.forEach(c -> c.stop(Duration.ofSeconds(1)));
  }

  private static ProcessSpec fixture(String... args) {
    return new ChildJvmSpec(ChildJvmSpec.currentJavaHome(), List.of("-Xmx32m", "-XX:TieredStopAtLevel=1"), jar,
        List.of(args), "--parent-pid", dir).processSpec();
  }

  private ChildProcess start(String... args) {
    return started(ChildProcess.start(fixture(args)));
  }

  private ChildProcess started(ChildProcess child) {
    started.add(child);
    return child;
  }

  @Test
  void commandIsJavaFlagsJarArgsThenParentPid() {
    ChildJvmSpec spec = new ChildJvmSpec(Path.of("/jdk"), List.of("-Xmx1g", "-XX:+UseSerialGC"),
        Path.of("/lab.jar"), List.of("--port", "0"), "--parent-pid", dir);
    assertThat(spec.command(42)).containsExactly(
        Path.of("/jdk/bin/java").toString(), "-Xmx1g", "-XX:+UseSerialGC", "-jar", "/lab.jar",
        "--port", "0", "--parent-pid", "42");
    ChildJvmSpec plain = new ChildJvmSpec(Path.of("/jdk"), List.of(), Path.of("/x.jar"), List.of(), null, dir);
    assertThat(plain.command(42)).containsExactly(Path.of("/jdk/bin/java").toString(), "-jar", "/x.jar");
  }

  @Test
  void announcesItsUrlBecomesReadyAndStopsGracefully() {
    ChildProcess child = start("serve");
    assertThat(child.command()).contains("--parent-pid", Long.toString(ProcessHandle.current().pid()));
    Matcher m = child.awaitStdout(LabLauncher.LISTENING, Duration.ofSeconds(30));
    URI url = URI.create(m.group(1));
    child.awaitReady(url.resolve("/ready"), Duration.ofSeconds(30));
    assertThat(child.isAlive()).isTrue();
    int code = child.stop(Duration.ofSeconds(10));
    assertThat(child.isAlive()).isFalse();
    assertThat(code).isEqualTo(143);
  }

  @Test
  void outputTailsAreBoundedButCountEveryLine() throws Exception {
    ChildProcess child = start("spam", "5000", "fail", "0");
    assertThat(child.awaitExit(Duration.ofSeconds(30))).hasValue(0);
    assertThat(child.stdout().lines()).hasSize(ChildProcess.TAIL_LINES).last().isEqualTo("line 4999");
    assertThat(child.stdout().totalLines()).isEqualTo(5000);
    assertThat(child.stderr().text()).isEqualTo("fixture failing on purpose\n");
  }

  @Test
  void failureBeforeReadyIsOneLineWithExitCodeAndLastOutput() {
    ChildProcess child = start("fail", "3");
    assertThatThrownBy(() -> child.awaitReady(URI.create("http://127.0.0.1:1/ready"), Duration.ofSeconds(30)))
        .isInstanceOf(JtuneException.class)
        .hasMessageContaining("exit code 3")
        .hasMessageContaining("last output: fixture failing on purpose")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aChildThatExitsBeforeItsLineIsNotReportedAsATimeout() {
    ChildProcess child = start("fail", "4");
    assertThatThrownBy(() -> child.awaitStdout(LabLauncher.LISTENING, Duration.ofSeconds(60)))
        .isInstanceOf(JtuneException.class)
        .hasMessageContaining("ended its output before printing a line matching")
        .hasMessageContaining("exit code 4")
        .hasMessageNotContaining("within");
  }

  @Test
  void readinessTimesOutWhenNothingAnswers() {
    ChildProcess child = start();
    assertThatThrownBy(() -> child.awaitReady(URI.create("http://127.0.0.1:1/ready"), Duration.ofMillis(500)))
        .isInstanceOf(JtuneException.class)
        .hasMessageContaining("did not answer 200 within");
  }

  @Test
  void stopForcesAChildThatIgnoresTermAndKillsItsDescendants() {
    ChildProcess child = start("grandchild", "slow-stop");
    Matcher m = child.awaitStdout(Pattern.compile("^grandchild (\\d+)$"), Duration.ofSeconds(30));
    Optional<ProcessHandle> grandchild = ProcessHandle.of(Long.parseLong(m.group(1)));
    assertThat(grandchild).isPresent();
    long t0 = System.nanoTime();
    child.stop(Duration.ofMillis(500));
    assertThat(child.isAlive()).isFalse();
    assertThat((System.nanoTime() - t0) / 1_000_000).as("ms to stop").isLessThan(10_000);
    assertThat(grandchild.get().onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS)
        .join()).as("grandchild gone").isNotNull();
  }

  @Test
  void aMissingJavaIsAUserError() {
    ChildJvmSpec spec = new ChildJvmSpec(dir.resolve("no-jdk"), List.of(), jar, List.of(), null, dir);
    assertThatThrownBy(spec::processSpec)
        .isInstanceOf(JtuneException.class)
        .hasMessageStartingWith("no java executable at ");
  }

  @Test
  void theWatchdogKillsTheWholeTreeAtTheTimeout() throws Exception {
    ChildProcess child = started(ChildProcess.start(fixture("grandchild").withTimeout(Duration.ofSeconds(2))));
    Matcher m = child.awaitStdout(Pattern.compile("^grandchild (\\d+)$"), Duration.ofSeconds(30));
    ProcessHandle grandchild = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
    assertThat(child.awaitExit(Duration.ofSeconds(30))).as("killed at the timeout").isPresent();
    assertThat(child.timedOut()).isTrue();
    assertThat(grandchild.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).join()).as("grandchild gone").isNotNull();
  }

  @Test
  void runReturnsTheExitCodeAndBothStreams() {
    ChildProcess.Finished f = ChildProcess.run(fixture("spam", "3", "fail", "2").withTimeout(Duration.ofSeconds(60)));
    assertThat(f.exitCode()).isEqualTo(2);
    assertThat(f.stdout()).containsExactly("line 0", "line 1", "line 2");
    assertThat(f.allLines()).containsExactly("line 0", "line 1", "line 2", "fixture failing on purpose");
  }

  @Test
  void runPastItsTimeoutIsOneLineError() {
    assertThatThrownBy(() -> ChildProcess.run(fixture().withTimeout(Duration.ofMillis(1500))))
        .isInstanceOf(JtuneException.class)
        .hasMessage("child JVM did not finish within 1500 ms");
  }

  @Test
  void outputCanGoToFiles() throws Exception {
    Path out = dir.resolve("spam.out");
    Path err = dir.resolve("spam.err");
    ChildProcess child = started(ChildProcess.start(fixture("spam", "300", "fail", "0").outputTo(out, err)));
    assertThat(child.awaitExit(Duration.ofSeconds(30))).hasValue(0);
    assertThat(Files.readAllLines(out)).hasSize(300).endsWith("line 299");
    assertThat(Files.readString(err)).isEqualTo("fixture failing on purpose\n");
    assertThat(child.outputTail()).isEmpty();
  }

  @Test
  void aChildThatCannotStartIsOneLineError() {
    assertThatThrownBy(() -> ChildProcess.start(ProcessSpec.of("the tool", List.of(dir.resolve("no-such-tool").toString()))))
        .isInstanceOf(JtuneException.class)
        .hasMessageStartingWith("cannot start the tool: ")
        .hasMessageContaining("no-such-tool")
        .hasMessageNotContaining("\n");
  }

  @Test
  void noChildOutlivesTheJvmThatStartedIt() throws Exception {
    String classpath = System.getProperty("java.class.path");
    Path java = ChildJvmSpec.currentJavaHome().resolve("bin").resolve("java");
    ChildProcess parent = started(ChildProcess.start(ProcessSpec.of("reaper fixture",
        List.of(java.toString(), "-Xmx32m", "-cp", classpath, ReaperFixture.class.getName()))));
    Matcher m = parent.awaitStdout(Pattern.compile("^sleeper (\\d+)$"), Duration.ofSeconds(30));
    ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
    assertThat(parent.awaitExit(Duration.ofSeconds(30))).hasValue(0);
    assertThat(sleeper.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).join())
        .as("the sleeper is stopped by the shutdown hook of the JVM that started it").isNotNull();
    assertThat(parent.stdout().lines()).containsExactly("exiting false", "sleeper " + sleeper.pid(), "exiting true");
  }
}
