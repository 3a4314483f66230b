package io.jtune.experiment.run;

import io.jtune.core.JtuneException;
import io.jtune.core.process.OutputTail;
import io.jtune.core.process.ReadyProbe;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A target started from a command line through {@code sh}. The command runs in its own process
 * group under a small watchdog shell that kills the group when jtune's process disappears, so
 * even a SIGKILL of jtune leaves no target running; a shutdown hook stops it on a normal exit
 * or SIGINT.
 */
final class CommandService implements RunningService {
  private static final Set<CommandService> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(t -> t.stop(Duration.ofSeconds(2))),
        "jtune-command-reaper"));
  }

  /*
   * $0 = the command, $1 = jtune's pid. setsid makes the command a process-group leader (the
   * shell is not interactive, so its background job is not one already), so one kill reaches
   * every process the command starts. The shell waits for the command (reaping it, so an exited
   * target is never mistaken for a live zombie); a trap turns jtune's SIGTERM into one for the
   * whole group.
   */
  private static final String WATCHDOG = String.join("\n",
      "setsid sh -c \"$0\" &",
      "c=$!",
      // the watchdog: when jtune's process is gone, stop the group (forced after 10 s)
      "( while kill -0 \"$1\" 2>/dev/null; do sleep 0.5; done; kill -TERM -$c 2>/dev/null; sleep 10;"
          + " kill -KILL -$c 2>/dev/null ) &",
      "w=$!",
      // jtune's stop: SIGTERM to the group, forced after 10 s
      "trap 'kill -TERM -$c 2>/dev/null; ( sleep 10; kill -KILL -$c 2>/dev/null ) &' TERM INT HUP",
      "while :; do wait $c; s=$?; kill -0 $c 2>/dev/null || break; done",
      "kill $w 2>/dev/null",
      "exit $s");

  private final Process shell;
  private final URI url;
  private final OutputTail stdout = new OutputTail(200);
  private final OutputTail stderr = new OutputTail(200);
  private final OutputCapture capture = new OutputCapture();
  private volatile long jvmPid = -1;

  private CommandService(Process shell, URI url) {
    this.shell = shell;
    this.url = url;
  }

  /** Starts {@code command} in {@code workDir}; returns at once (see {@link #awaitReady}). */
  static CommandService start(String command, Path workDir, URI url) {
    List<String> argv = List.of("sh", "-c", WATCHDOG, command, Long.toString(ProcessHandle.current().pid()));
    Process p;
    try {
      p = new ProcessBuilder(argv).directory(workDir.toFile()).start();
    } catch (IOException e) {
      throw new JtuneException("cannot start the target command: " + e.getMessage(), e);
    }
    CommandService t = new CommandService(p, url);
    RUNNING.add(t);
    drain(p.getInputStream(), t.stdout, t.capture, "jtune-target-stdout");
    drain(p.getErrorStream(), t.stderr, null, "jtune-target-stderr");
    return t;
  }

  private static void drain(InputStream in, OutputTail tail, Consumer<String> also, String name) {
    Thread th = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          tail.append(line);
          if (also != null) {
            also.accept(line);
          }
        }
      } catch (IOException e) {
        tail.append("[jtune: output closed: " + e.getMessage() + "]");
      } finally {
        tail.close();
      }
    }, name);
    th.setDaemon(true);
    th.start();
  }

  /** Polls {@code ready} until it answers 200; throws with the output's last line if the command exits or time runs out. */
  void awaitReady(URI ready, Duration timeout) {
    ReadyProbe.await(ready, timeout, shell::isAlive, what -> {
      String last = lastLine();
      return new JtuneException("the target " + what + (last.isBlank() ? "" : "; last output: " + last));
    });
    jvmPid = findJvm().orElseThrow(() -> new JtuneException("the target command serves " + ready
        + " but runs no java process (jtune measures a JVM)"));
  }

  private String lastLine() {
    return stderr.lastLine().or(stdout::lastLine).orElse("");
  }

  /** The java process among the command's descendants: the deepest one named java. */
  private Optional<Long> findJvm() {
    List<ProcessHandle> javas = new ArrayList<>();
    shell.descendants().forEach(h -> {
      String cmd = h.info().command().orElse("");
      if (cmd.endsWith("/java") || cmd.equals("java")) {
        javas.add(h);
      }
    });
    return javas.isEmpty() ? Optional.empty() : Optional.of(javas.get(javas.size() - 1).pid());
  }

  @Override
  public URI url() {
    return url;
  }

  @Override
  public long jvmPid() {
    return jvmPid;
  }

  @Override
  public boolean isAlive() {
    return jvmPid > 0 ? ProcessHandle.of(jvmPid).map(ProcessHandle::isAlive).orElse(false) : shell.isAlive();
  }

  @Override
  public OptionalInt exitCode() {
    return shell.isAlive() ? OptionalInt.empty() : OptionalInt.of(shell.exitValue());
  }

  @Override
  public List<String> outputTail() {
    List<String> all = new ArrayList<>(stdout.lines());
    all.addAll(stderr.lines());
    return all;
  }

  @Override
  public OutputCapture capture() {
    return capture;
  }

  @Override
  public void close() {
    stop(Duration.ofSeconds(10));
  }

  private void stop(Duration grace) {
    List<ProcessHandle> tree = shell.descendants().toList();
    shell.destroy(); // SIGTERM: the watchdog stops the group, forced after 10 s
    try {
      if (!shell.waitFor(grace.toMillis() + 1000, TimeUnit.MILLISECONDS)) {
        shell.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    RUNNING.remove(this);
  }
}
