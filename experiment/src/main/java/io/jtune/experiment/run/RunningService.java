package io.jtune.experiment.run;

import io.jtune.runtime.container.ContainerGroup;
import java.net.URI;
import java.util.Optional;
import java.util.List;
import java.util.OptionalInt;

/** The service under test, started for one run: where it serves, its JVM, its output; closing stops it. */
public interface RunningService extends AutoCloseable {
  /** Base URL, such as {@code http://127.0.0.1:41234}. */
  URI url();

  /** The pid of the service's JVM (the java process, not a wrapper shell). */
  long jvmPid();

  boolean isAlive();

  /** The exit code once it has exited. */
  OptionalInt exitCode();

  /** The last lines of its stdout and stderr, interleaved by stream (stdout first). */
  List<String> outputTail();

  /** Lines printed to stdout while {@code capture} is on (for thread dumps sent by SIGQUIT). */
  OutputCapture capture();

  /**
   * The cgroup it runs in when it runs under container limits: its limits and counters (the last
   * ones read before the group was removed, once it has stopped).
   */
  Optional<ContainerGroup> container();

  /** Stops it: SIGTERM, then a forced kill of the whole tree after the grace period. */
  @Override
  void close();
}
