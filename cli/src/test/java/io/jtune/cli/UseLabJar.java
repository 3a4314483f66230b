package io.jtune.cli;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Points jtune at the lab jar the build made ({@code -Djtune.lab.jar}) for each test of a class. */
final class UseLabJar implements BeforeEachCallback, AfterEachCallback {
  static final Path LAB_JAR = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();

  @Override
  public void beforeEach(ExtensionContext context) {
    System.setProperty("jtune.lab.jar", LAB_JAR.toString());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    System.clearProperty("jtune.lab.jar");
  }
}
