package io.jtune.runtime.process;

import io.jtune.runtime.container.ContainerLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to run as a child process and how: the command line, its working directory, extra
 * environment variables, where its output goes and how long it may run.
 *
 * <p>Standard input is always empty (closed at once). Standard output and error are either
 * drained into bounded tails in memory (the default) or written to files, so a child can never
 * block on a full pipe. A child still running at its timeout is killed with its whole process
 * tree.
 *
 * @param name what the process is, in words for messages (such as {@code child JVM})
 * @param command the program and its arguments
 * @param workDir the working directory, or null for jtune's
 * @param environment variables added to jtune's environment
 * @param stdoutFile the file standard output goes to, or null to drain it into a tail
 * @param stderrFile the file standard error goes to, or null to drain it into a tail
 * @param timeout how long it may run before it is killed, or null for no limit
 * @param limits the container limits its whole process tree runs under ({@link ContainerLimits#none()} for none)
 */
public record ProcessSpec(
    String name,
    List<String> command,
    Path workDir,
    Map<String, String> environment,
    Path stdoutFile,
    Path stderrFile,
    Duration timeout,
    ContainerLimits limits) {

  public ProcessSpec {
    Objects.requireNonNull(name, "name");
    command = List.copyOf(command);
    if (command.isEmpty()) {
      throw new IllegalArgumentException("empty command");
    }
    environment = Map.copyOf(environment);
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    limits = limits == null ? ContainerLimits.none() : limits;
  }

  /** Runs {@code command} in jtune's directory, output drained into tails, with no time limit. */
  public static ProcessSpec of(String name, List<String> command) {
    return new ProcessSpec(name, command, null, Map.of(), null, null, null, ContainerLimits.none());
  }

  public ProcessSpec in(Path dir) {
    return new ProcessSpec(name, command, dir, environment, stdoutFile, stderrFile, timeout, limits);
  }

  public ProcessSpec withEnv(String key, String value) {
    Map<String, String> env = new LinkedHashMap<>(environment);
    env.put(key, value);
    return new ProcessSpec(name, command, workDir, env, stdoutFile, stderrFile, timeout, limits);
  }

  /** Standard output and error to files instead of tails. */
  public ProcessSpec outputTo(Path stdout, Path stderr) {
    return new ProcessSpec(name, command, workDir, environment, stdout, stderr, timeout, limits);
  }

  /** Killed with its process tree when still running after {@code limit}. */
  public ProcessSpec withTimeout(Duration limit) {
    return new ProcessSpec(name, command, workDir, environment, stdoutFile, stderrFile, limit, limits);
  }

  /**
   * Runs in a fresh cgroup with {@code limits} (memory, CPUs), from its first instruction, with
   * every process it starts; the group is removed when it ends.
   */
  public ProcessSpec withLimits(ContainerLimits limits) {
    return new ProcessSpec(name, command, workDir, environment, stdoutFile, stderrFile, timeout, limits);
  }
}
