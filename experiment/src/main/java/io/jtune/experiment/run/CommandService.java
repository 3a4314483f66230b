package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A service under test started from a command line through {@code sh}, as a
 * {@link ChildProcess}. The command runs in its own process group under a small watchdog shell
 * that kills the group when jtune's process disappears, so even a SIGKILL of jtune leaves no
 * service running; ChildProcess's shutdown hook stops it on a normal exit, SIGINT or SIGTERM.
 */
final class CommandService implements RunningService {
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

  private final ChildProcess shell;
  private final URI url;
  private final OutputCapture capture;
  private volatile long jvmPid = -1;

  private CommandService(ChildProcess shell, URI url, OutputCapture capture) {
    this.shell = shell;
    this.url = url;
    this.capture = capture;
  }

  /**
   * Starts {@code command} in {@code workDir}, with every process it starts under {@code limits};
   * returns at once (see {@link #awaitReady}).
   */
  static CommandService start(String command, Path workDir, URI url, ContainerLimits limits) {
    List<String> argv = List.of("sh", "-c", WATCHDOG, command, Long.toString(ProcessHandle.current().pid()));
    OutputCapture capture = new OutputCapture();
    return new CommandService(ChildProcess.start(ProcessSpec.of("the target", argv).in(workDir).withLimits(limits),
        capture, null),
        url, capture);
  }

  /**
   * Polls {@code ready} until it answers 200; throws with the output's last line if the command
   * exits or time runs out. With {@code insecure} an https:// URL may have any certificate.
   */
  void awaitReady(URI ready, Duration timeout, boolean insecure) {
    shell.awaitReady(ready, timeout, insecure);
    jvmPid = findJvm().orElseThrow(() -> new JtuneException("the target command serves " + ready
        + " but runs no java process (jtune measures a JVM)"));
  }

  /** The java process among the command's descendants: the deepest one named java. */
  private Optional<Long> findJvm() {
    List<Long> javas = javas();
    return javas.isEmpty() ? Optional.empty() : Optional.of(javas.get(javas.size() - 1));
  }

  /** The pids of the java processes the command runs, parents before their children. */
  List<Long> javas() {
    List<Long> javas = new ArrayList<>();
    shell.handle().descendants().forEach(h -> {
      String cmd = h.info().command().orElse("");
      if (cmd.endsWith("/java") || cmd.equals("java")) {
        javas.add(h.pid());
      }
    });
    return javas;
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
    return shell.exitCode();
  }

  @Override
  public List<String> outputTail() {
    return shell.outputTail();
  }

  @Override
  public OutputCapture capture() {
    return capture;
  }

  @Override
  public Optional<ContainerGroup> container() {
    return shell.container();
  }

  /** SIGTERM to the shell, whose trap stops the command's group; the whole tree forced after the grace. */
  @Override
  public void close() {
    shell.stop(Duration.ofSeconds(11));
  }
}
