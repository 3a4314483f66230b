package io.jtune.runtime.lab;

import io.jtune.runtime.process.ChildJvmSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How to start the lab: which scenario, under which JDK, with what on top of the scenario's
 * own JVM flags and lab options.
 *
 * @param scenario the scenario's name
 * @param javaHome the JDK that runs the lab
 * @param applyFix whether to add the scenario's fix flags and fix options
 * @param extraJvmFlags flags after the scenario's (the JVM keeps the last of a repeated flag)
 * @param extraLabArgs lab options after the scenario's (the lab keeps the last of a repeated option)
 * @param port the port, 0 to let the lab pick a free one
 * @param readyTimeout how long to wait until the lab serves
 */
public record LabLaunch(
    String scenario,
    Path javaHome,
    boolean applyFix,
    List<String> extraJvmFlags,
    List<String> extraLabArgs,
    int port,
    Duration readyTimeout) {

  public LabLaunch {
    extraJvmFlags = List.copyOf(extraJvmFlags);
    extraLabArgs = List.copyOf(extraLabArgs);
  }

  /** The scenario under the current JDK on a free port, as its preset says. */
  public static LabLaunch of(String scenario) {
    return new LabLaunch(scenario, ChildJvmSpec.currentJavaHome(), false, List.of(), List.of(), 0,
        Duration.ofSeconds(60));
  }

  public LabLaunch withFix(boolean fix) {
    return new LabLaunch(scenario, javaHome, fix, extraJvmFlags, extraLabArgs, port, readyTimeout);
  }

  public LabLaunch withJvmFlags(List<String> flags) {
    return new LabLaunch(scenario, javaHome, applyFix, flags, extraLabArgs, port, readyTimeout);
  }

  public LabLaunch withLabArgs(List<String> args) {
    return new LabLaunch(scenario, javaHome, applyFix, extraJvmFlags, args, port, readyTimeout);
  }

  public LabLaunch withPort(int newPort) {
    return new LabLaunch(scenario, javaHome, applyFix, extraJvmFlags, extraLabArgs, newPort, readyTimeout);
  }

  public LabLaunch withJavaHome(Path home) {
    return new LabLaunch(scenario, home, applyFix, extraJvmFlags, extraLabArgs, port, readyTimeout);
  }
}
