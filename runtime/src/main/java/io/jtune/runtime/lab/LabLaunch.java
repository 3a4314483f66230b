package io.jtune.runtime.lab;

import io.jtune.runtime.container.ContainerLimits;
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
 * @param limits the container limits the lab's JVM runs under, in a fresh cgroup ({@link ContainerLimits#none()}: none)
 */
public record LabLaunch(
    String scenario,
    Path javaHome,
    boolean applyFix,
    List<String> extraJvmFlags,
    List<String> extraLabArgs,
    int port,
    Duration readyTimeout,
    ContainerLimits limits) {

  public LabLaunch {
    limits = limits == null ? ContainerLimits.none() : limits;
    extraJvmFlags = List.copyOf(extraJvmFlags);
    extraLabArgs = List.copyOf(extraLabArgs);
  }

  /** A launch with the host's memory and cores. */
  public LabLaunch(String scenario, Path javaHome, boolean applyFix, List<String> extraJvmFlags,
      List<String> extraLabArgs, int port, Duration readyTimeout) {
    this(scenario, javaHome, applyFix, extraJvmFlags, extraLabArgs, port, readyTimeout, ContainerLimits.none());
  }

  /** The scenario under the current JDK on a free port, as its preset says. */
  public static LabLaunch of(String scenario) {
    return new LabLaunch(scenario, ChildJvmSpec.currentJavaHome(), false, List.of(), List.of(), 0,
        Duration.ofSeconds(60));
  }

  public LabLaunch withFix(boolean fix) {
    return new LabLaunch(scenario, javaHome, fix, extraJvmFlags, extraLabArgs, port, readyTimeout, limits);
  }

  public LabLaunch withJvmFlags(List<String> flags) {
    return new LabLaunch(scenario, javaHome, applyFix, flags, extraLabArgs, port, readyTimeout, limits);
  }

  public LabLaunch withLabArgs(List<String> args) {
    return new LabLaunch(scenario, javaHome, applyFix, extraJvmFlags, args, port, readyTimeout, limits);
  }

  public LabLaunch withPort(int newPort) {
    return new LabLaunch(scenario, javaHome, applyFix, extraJvmFlags, extraLabArgs, newPort, readyTimeout, limits);
  }

  /** Runs the lab's JVM, with every process it starts, in a fresh cgroup with {@code newLimits}. */
  public LabLaunch withLimits(ContainerLimits newLimits) {
    return new LabLaunch(scenario, javaHome, applyFix, extraJvmFlags, extraLabArgs, port, readyTimeout, newLimits);
  }

  public LabLaunch withJavaHome(Path home) {
    return new LabLaunch(scenario, home, applyFix, extraJvmFlags, extraLabArgs, port, readyTimeout, limits);
  }
}
