package io.jtune.runtime.lab;

import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.process.ChildProcess;
import java.net.URI;
import java.time.Duration;

/**
 * A lab that serves: its base URL and port as announced on its stdout, the scenario and the
 * JVM behind it. Closing it stops the JVM.
 *
 * @param url base URL, such as {@code http://127.0.0.1:41234}
 * @param port the port it listens on
 * @param scenario the scenario it serves at {@code /scenario}
 * @param jvm the child JVM
 */
public record RunningLab(URI url, int port, LabScenario scenario, ChildProcess jvm) implements AutoCloseable {

  /** The URL of a path on the lab, such as {@code /scenario}. */
  public URI resolve(String pathAndQuery) {
    return url.resolve(pathAndQuery);
  }

  public long pid() {
    return jvm.pid();
  }

  /** Stops the lab: graceful first, forced after 10 s. */
  @Override
  public void close() {
    jvm.stop(Duration.ofSeconds(10));
  }
}
