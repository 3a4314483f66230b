package io.jtune.runtime.process;

import io.jtune.common.JtuneException;
import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerKill;
import io.jtune.runtime.container.ContainerStats;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process that jtune started and owns, the one way jtune runs child processes: standard
 * output and error are drained on their own threads into bounded tails (or written to files),
 * a watchdog kills it when it outlives its {@link ProcessSpec#timeout() timeout}, stopping is
 * graceful (SIGTERM) and then forced on the whole process tree, and a shutdown hook stops every
 * child still running when jtune exits, so no child outlives jtune.
 *
 * <p>A child with {@link ProcessSpec#limits() container limits} runs, with every process it
 * starts, in a fresh cgroup ({@link ContainerGroup}) from its first instruction; the group is
 * removed, with whatever still runs in it, as soon as the child has exited, and its counters
 * stay readable through {@link #container()}.
 */
public final class ChildProcess implements AutoCloseable {
  /** Lines kept from each output stream. */
  public static final int TAIL_LINES = 200;

  private final ProcessSpec spec;
  private final Process process;
  private final ContainerGroup container;
  private final OutputTail stdout = new OutputTail(TAIL_LINES);
  private final OutputTail stderr = new OutputTail(TAIL_LINES);
  private final List<OutputDrain> drains = new ArrayList<>();
  private volatile boolean timedOut;

  private ChildProcess(ProcessSpec spec, Process process, ContainerGroup container) {
    this.spec = spec;
    this.process = process;
    this.container = container;
  }

  /** Starts the process; throws {@link JtuneException} with one line if it cannot be started. */
  public static ChildProcess start(ProcessSpec spec) {
    return start(spec, null, null);
  }

  /** Starts the process, passing every line it prints on either stream to {@code echo} too. */
  public static ChildProcess start(ProcessSpec spec, Consumer<String> echo) {
    return start(spec, echo, echo);
  }

  /**
   * Starts the process, passing its standard output lines to {@code stdoutListener} and its
   * error lines to {@code stderrListener} as well as to the tails (either may be null).
   */
  public static ChildProcess start(ProcessSpec spec, Consumer<String> stdoutListener, Consumer<String> stderrListener) {
    // made before anything starts: without the right to make it, nothing runs
    ContainerGroup container = spec.limits().any() ? ContainerGroup.create(spec.limits()) : null;
    ProcessBuilder pb = new ProcessBuilder(container == null ? spec.command() : container.wrap(spec.command()));
    if (spec.workDir() != null) {
      pb.directory(spec.workDir().toFile());
    }
    pb.environment().putAll(spec.environment());
    if (spec.stdoutFile() != null) {
      pb.redirectOutput(spec.stdoutFile().toFile());
    }
    if (spec.stderrFile() != null) {
      pb.redirectError(spec.stderrFile().toFile());
    }
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      if (container != null) {
        container.close();
      }
      // the message names the program ("Cannot run program \"java\" ..."); the arguments may span lines
      throw new JtuneException("cannot start " + spec.name() + ": " + e.getMessage(), e);
    }
    ProcessReaper.register(process);
    ChildProcess child = new ChildProcess(spec, process, container);
    if (container != null) {
      process.onExit().thenRunAsync(child::removeContainer, ChildProcess::daemon);
    }
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // its input is closed either way
    }
    String thread = "jtune-child-" + process.pid();
    if (spec.stdoutFile() == null) {
      child.drains.add(OutputDrain.start(process.getInputStream(), child.stdout, stdoutListener, thread + "-stdout"));
    } else {
      child.stdout.close();
    }
    if (spec.stderrFile() == null) {
      child.drains.add(OutputDrain.start(process.getErrorStream(), child.stderr, stderrListener, thread + "-stderr"));
    } else {
      child.stderr.close();
    }
    if (spec.timeout() != null) {
      // run on the delay scheduler's own thread: a busy common pool cannot hold up the kill
      CompletableFuture.delayedExecutor(spec.timeout().toNanos(), TimeUnit.NANOSECONDS, Runnable::run)
          .execute(child::killOnTimeout);
    }
    return child;
  }

  /**
   * Runs the process to its end and returns its exit code and output tails; throws
   * {@link JtuneException} if it cannot start or is killed at its timeout.
   */
  public static Finished run(ProcessSpec spec) {
    try (ChildProcess child = start(spec)) {
      int code = child.process.waitFor();
      child.joinDrains();
      if (child.timedOut) {
        throw new JtuneException(spec.name() + " did not finish within " + seconds(spec.timeout()));
      }
      return new Finished(code, child.stdout.lines(), child.stderr.lines());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JtuneException("interrupted while running " + spec.name());
    }
  }

  /** How a process {@link #run run} to its end ended: its exit code and the tails of its output. */
  public record Finished(int exitCode, List<String> stdout, List<String> stderr) {
    /** Standard output's lines, then standard error's. */
    public List<String> allLines() {
      List<String> all = new ArrayList<>(stdout);
      all.addAll(stderr);
      return all;
    }
  }

  /**
   * Whether jtune is exiting (normally, on SIGINT or SIGTERM) and its shutdown hook is stopping
   * every child: a child that dies now was stopped by jtune, which callers should not record as
   * the child's failure.
   */
  public static boolean jtuneExiting() {
    return ProcessReaper.exiting();
  }

  public long pid() {
    return process.pid();
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** The cgroup it runs in when it runs under container limits: its limits and counters. */
  public Optional<ContainerGroup> container() {
    return Optional.ofNullable(container);
  }

  /** The command line it was started with. */
  public List<String> command() {
    return spec.command();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Whether the watchdog killed it at its timeout. */
  public boolean timedOut() {
    return timedOut;
  }

  /** The exit code, once it has exited. */
  public OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  /** The last {@value #TAIL_LINES} lines of standard output (empty when it goes to a file). */
  public OutputTail stdout() {
    return stdout;
  }

  /** The last {@value #TAIL_LINES} lines of standard error (empty when it goes to a file). */
  public OutputTail stderr() {
    return stderr;
  }

  /** The last lines of standard output, then those of standard error. */
  public List<String> outputTail() {
    List<String> all = new ArrayList<>(stdout.lines());
    all.addAll(stderr.lines());
    return all;
  }

  /**
   * Waits for a standard output line matching {@code pattern}; throws {@link JtuneException}
   * with the last output line if the process exits or the timeout passes first.
   */
  public Matcher awaitStdout(Pattern pattern, Duration timeout) {
    try {
      Optional<Matcher> m = stdout.await(pattern, timeout);
      if (m.isPresent()) {
        return m.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JtuneException("interrupted while waiting for " + spec.name());
    }
    if (stdout.isClosed()) {
      try {
        process.waitFor(2, TimeUnit.SECONDS); // its exit code, for the message
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw failure("ended its output before printing a line matching '" + pattern + "'");
    }
    throw failure("did not print a line matching '" + pattern + "' within " + seconds(timeout));
  }

  /**
   * Polls {@code url} with GET until it answers 200; throws {@link JtuneException} if the
   * process exits or the timeout passes first.
   */
  public void awaitReady(URI url, Duration timeout) {
    awaitReady(url, timeout, false);
  }

  /**
   * As {@link #awaitReady(URI, Duration)}; with {@code insecure} (for testing only) an https://
   * URL may have any certificate and host name.
   */
  public void awaitReady(URI url, Duration timeout, boolean insecure) {
    ReadyProbe.await(url, timeout, insecure, process::isAlive, this::failure);
  }

  /** Waits for it to exit by itself; returns its exit code, or empty on timeout. */
  public OptionalInt awaitExit(Duration timeout) throws InterruptedException {
    if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      joinDrains();
      return OptionalInt.of(process.exitValue());
    }
    return OptionalInt.empty();
  }

  /**
   * Stops it: SIGTERM, then after {@code grace} a forced kill of it and every descendant.
   * Returns the exit code (-1 if it could not be stopped).
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
    ProcessReaper.forget(process);
    removeContainer();
    joinDrains();
    return process.isAlive() ? -1 : process.exitValue();
  }

  /** A forced kill of it and its whole process tree, at once. */
  public void kill() {
    ProcessReaper.killTree(process.toHandle());
  }

  /** Stops it with a 10 s grace period. */
  @Override
  public void close() {
    stop(Duration.ofSeconds(10));
  }

  /** The one-line error for {@code what} went wrong, with the exit code and last output line. */
  public JtuneException failure(String what) {
    if (container != null && !process.isAlive()) {
      ContainerStats s = container.stats();
      if (ContainerKill.byMemoryLimit(s, process.exitValue())) {
        return new ContainerKill(spec.name() + " (pid " + process.pid() + ") was " + ContainerKill.words(s, -1)
            + ", before it served", s);
      }
    }
    String exit = process.isAlive() ? "" : " (exit code " + process.exitValue() + ")";
    String last = stderr.lastLine().or(stdout::lastLine).map(l -> "; last output: " + l).orElse("");
    return new JtuneException(spec.name() + " (pid " + process.pid() + ") " + what + exit + last);
  }

  private void killOnTimeout() {
    if (process.isAlive()) {
      timedOut = true;
      kill();
    }
  }

  /** Kills what is left in its cgroup and removes the group (once), keeping the counters. */
  private void removeContainer() {
    if (container != null) {
      container.close(); // a group it could not remove is named by its problem()
    }
  }

  private static void daemon(Runnable r) {
    Thread t = new Thread(r, "jtune-cgroup-remover");
    t.setDaemon(true);
    t.start();
  }

  private void joinDrains() {
    drains.forEach(d -> d.join(2000));
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
