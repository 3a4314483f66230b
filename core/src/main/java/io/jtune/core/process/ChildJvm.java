package io.jtune.core.process;

import io.jtune.core.JtuneException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM that jtune started and owns: its stdout and stderr are drained on their own threads
 * into bounded tails, readiness is a URL polled against a deadline, and stopping is graceful
 * (SIGTERM) and then forced on the whole process tree. A shutdown hook stops every child
 * still running when jtune exits, so no child outlives jtune.
 */
public final class ChildJvm implements AutoCloseable {
  /** Lines kept from each output stream. */
  public static final int TAIL_LINES = 200;

  private static final Set<ChildJvm> RUNNING = ConcurrentHashMap.newKeySet();
  private static final Duration HOOK_GRACE = Duration.ofSeconds(2);

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(ChildJvm::stopAllOnExit, "jtune-child-reaper"));
  }

  private final Process process;
  private final List<String> command;
  private final OutputTail stdout = new OutputTail(TAIL_LINES);
  private final OutputTail stderr = new OutputTail(TAIL_LINES);
  private final Thread stdoutDrain;
  private final Thread stderrDrain;

  private ChildJvm(Process process, List<String> command, Consumer<String> echo) {
    this.process = process;
    this.command = List.copyOf(command);
    long pid = process.pid();
    this.stdoutDrain = drain(process.getInputStream(), stdout, echo, "jtune-child-" + pid + "-stdout");
    this.stderrDrain = drain(process.getErrorStream(), stderr, echo, "jtune-child-" + pid + "-stderr");
  }

  /** Starts the child JVM; throws {@link JtuneException} if it cannot be started. */
  public static ChildJvm start(ChildJvmSpec spec) {
    return start(spec, null);
  }

  /**
   * Starts the child JVM, passing every output line to {@code echo} as well (if not null),
   * for a child run in the foreground.
   */
  public static ChildJvm start(ChildJvmSpec spec, Consumer<String> echo) {
    Path java = spec.javaHome().resolve("bin").resolve("java");
    if (!Files.isExecutable(java)) {
      throw new JtuneException("no java executable at " + java + " (check the JDK home)");
    }
    List<String> command = spec.command(ProcessHandle.current().pid());
    Process process;
    try {
      process = new ProcessBuilder(command).directory(spec.workDir().toFile()).start();
    } catch (IOException e) {
      throw new JtuneException("cannot start " + String.join(" ", command) + ": " + e.getMessage(), e);
    }
    ChildJvm child = new ChildJvm(process, command, echo);
    RUNNING.add(child);
    process.onExit().thenRun(() -> RUNNING.remove(child));
    return child;
  }

  private static Thread drain(InputStream in, OutputTail tail, Consumer<String> echo, String name) {
    Thread t = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          tail.append(line);
          if (echo != null) {
            echo.accept(line);
          }
        }
      } catch (IOException e) {
        tail.append("[jtune: output closed: " + e.getMessage() + "]");
      } finally {
        tail.close();
      }
    }, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  public long pid() {
    return process.pid();
  }

  /** The command line it was started with. */
  public List<String> command() {
    return command;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** The exit code, once it has exited. */
  public OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  /** The last {@value #TAIL_LINES} lines of stdout. */
  public OutputTail stdout() {
    return stdout;
  }

  /** The last {@value #TAIL_LINES} lines of stderr. */
  public OutputTail stderr() {
    return stderr;
  }

  /**
   * Waits for a stdout line matching {@code pattern}; throws {@link JtuneException} with the
   * last stderr line if the child exits or the timeout passes first.
   */
  public Matcher awaitStdout(Pattern pattern, Duration timeout) {
    try {
      Optional<Matcher> m = stdout.await(pattern, timeout);
      if (m.isPresent()) {
        return m.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JtuneException("interrupted while waiting for the child JVM");
    }
    throw failure("did not print a line matching '" + pattern + "' within " + timeout.toSeconds() + " s");
  }

  /**
   * Polls {@code url} with GET until it answers 200; throws {@link JtuneException} if the child
   * exits or the timeout passes first.
   */
  public void awaitReady(URI url, Duration timeout) {
    ReadyProbe.await(url, timeout, process::isAlive, this::failure);
  }

  /** Waits for the child to exit by itself; returns its exit code, or empty on timeout. */
  public OptionalInt awaitExit(Duration timeout) throws InterruptedException {
    if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      joinDrains();
      return OptionalInt.of(process.exitValue());
    }
    return OptionalInt.empty();
  }

  /**
   * Stops the child: SIGTERM, then after {@code grace} a forced kill of it and every
   * descendant. Returns the exit code.
   */
  public int stop(Duration grace) {
    List<ProcessHandle> descendants = process.descendants().toList();
    if (process.isAlive()) {
      process.destroy();
    }
    boolean exited;
    try {
      exited = process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exited = false;
    }
    if (!exited) {
      descendants = process.descendants().toList();
      process.destroyForcibly();
    }
    descendants.forEach(ProcessHandle::destroyForcibly);
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    RUNNING.remove(this);
    joinDrains();
    return process.isAlive() ? -1 : process.exitValue();
  }

  /** Stops the child with a 10 s grace period. */
  @Override
  public void close() {
    stop(Duration.ofSeconds(10));
  }

  private void joinDrains() {
    try {
      stdoutDrain.join(2000);
      stderrDrain.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private JtuneException failure(String what) {
    String exit = process.isAlive() ? "" : " (exit code " + process.exitValue() + ")";
    String last = stderr.lastLine().or(stdout::lastLine).map(l -> "; last output: " + l).orElse("");
    return new JtuneException("child JVM " + process.pid() + " " + what + exit + last);
  }

  private static void stopAllOnExit() {
    for (ChildJvm child : List.copyOf(RUNNING)) {
      child.process.descendants().forEach(ProcessHandle::destroy);
      child.process.destroy();
    }
    long deadline = System.nanoTime() + HOOK_GRACE.toNanos();
    for (ChildJvm child : List.copyOf(RUNNING)) {
      try {
        long left = Math.max(0, deadline - System.nanoTime());
        child.process.waitFor(left, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      child.process.descendants().forEach(ProcessHandle::destroyForcibly);
      child.process.destroyForcibly();
    }
  }
}
