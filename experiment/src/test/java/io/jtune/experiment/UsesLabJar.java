package io.jtune.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For tests that run the real lab: points jtune at the lab jar the build made ({@code
 * -Djtune.lab.jar}) for each test, and fails a test after which a child process of this JVM (a
 * lab service, a target JVM) is still alive.
 */
public final class UsesLabJar implements BeforeEachCallback, AfterEachCallback {
  /** The lab jar the build made. */
  public static final Path LAB_JAR = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();

  @Override
  public void beforeEach(ExtensionContext context) {
    System.setProperty("jtune.lab.jar", LAB_JAR.toString());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    System.clearProperty("jtune.lab.jar");
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
        .as("child processes alive after the test").isEmpty();
  }
}
