package io.jtune.diagnostics.threads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@link LockContention} running in a child JVM of a chosen JDK, its stdout and stderr going to
 * files (as a service's console log does), with the means to take its thread dumps: {@code jcmd
 * PID Thread.print} and {@code kill -QUIT PID}.
 */
final class ContentionJvm implements AutoCloseable {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final Path javaHome;
  private final Path dir;
  private final Process process;

  private ContentionJvm(Path javaHome, Path dir, Process process) {
    this.javaHome = javaHome;
    this.dir = dir;
    this.process = process;
  }

  /**
   * Starts {@code <javaHome>/bin/java -cp <test classes> LockContention <args> --parent-pid <ours>}
   * and waits for its {@code ready} line.
   */
  static ContentionJvm start(Path javaHome, Path dir, String... args) throws Exception {
    Path classes = Path.of(LockContention.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), "-Xmx64m",
        "-cp", classes.toString(), LockContention.class.getName()));
    command.addAll(List.of(args));
    command.addAll(List.of("--parent-pid", Long.toString(ProcessHandle.current().pid())));
    Process process = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile()).start();
    ContentionJvm jvm = new ContentionJvm(javaHome, dir, process);
    try {
      jvm.awaitStdout(lines -> lines.stream().anyMatch(l -> l.startsWith("ready ")), "a ready line");
    } catch (Throwable t) {
      jvm.close();
      throw t;
    }
    return jvm;
  }

  long pid() {
    return process.pid();
  }

  /** The child's stdout so far. */
  List<String> stdout() throws IOException {
    return lines(dir.resolve("stdout"));
  }

  /** The {@code java.vm.version} the child printed on its ready line. */
  String vmVersion() throws IOException {
    return stdout().stream().filter(l -> l.startsWith("ready ")).findFirst().orElseThrow().substring(6);
  }

  /** Runs {@code <javaHome>/bin/jcmd PID <command>} and returns its output. */
  List<String> jcmd(String... command) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(javaHome.resolve("bin/jcmd").toString(), Long.toString(pid())));
    cmd.addAll(List.of(command));
    Path out = Files.createTempFile(dir, "jcmd", ".txt");
    Process jcmd = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!jcmd.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      jcmd.destroyForcibly();
      fail("jcmd did not finish within " + TIMEOUT.toSeconds() + " s: " + lines(out));
    }
    assertThat(jcmd.exitValue()).as("jcmd exit code; output: %s", lines(out)).isZero();
    return lines(out);
  }

  /** Sends SIGQUIT and waits until the JVM has printed its thread dump number {@code nth}. */
  void quit(int nth) throws Exception {
    Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(pid())).start();
    assertThat(kill.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -QUIT").isTrue();
    awaitStdout(lines -> lines.stream().filter(l -> l.startsWith("JNI global ")).count() >= nth,
        "the end of thread dump " + nth);
  }

  private void awaitStdout(Predicate<List<String>> condition, String what) throws Exception {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (!condition.test(stdout())) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        fail("child JVM " + pid() + " did not print " + what + (process.isAlive() ? "" : "; it exited")
            + "\nstderr: " + lines(dir.resolve("stderr")) + "\nstdout tail: " + tail(stdout()));
      }
      Thread.sleep(20);
    }
  }

  private static List<String> tail(List<String> lines) {
    return lines.subList(Math.max(0, lines.size() - 20), lines.size());
  }

  private static List<String> lines(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
