package io.jtune.runtime.container;

import io.jtune.common.JtuneException;
import io.jtune.common.units.ByteSize;

/**
 * A service the kernel's OOM killer ended at its container's memory limit: SIGKILL, no Java
 * stack trace, no OutOfMemoryError (which is the JVM's own, and its own case). Thrown where jtune
 * waited for a service that was killed so (before it served); its words are {@link #words}.
 */
public final class ContainerKill extends JtuneException {
  private final ContainerStats stats;

  /** A kill is the service's failure, not a usage error: exit code 1. */
  public ContainerKill(String message, ContainerStats stats) {
    super(message, 1, null);
    this.stats = stats;
  }

  /** The group's counters when the kill was seen. */
  public ContainerStats stats() {
    return stats;
  }

  /**
   * Whether a process of the group was ended by the memory limit: the kernel's OOM-kill count,
   * or, on a kernel that does not keep it, an exit by SIGKILL with the group's memory at its limit.
   *
   * @param exitCode the process's exit code (137 or -9 for SIGKILL), or 0 when not known
   */
  public static boolean byMemoryLimit(ContainerStats s, int exitCode) {
    if (s == null || s.memoryLimitBytes() <= 0) {
      return false;
    }
    if (s.oomKills() >= 0) {
      return s.oomKilled();
    }
    return (exitCode == 137 || exitCode == -9) && s.peakBytes() >= s.memoryLimitBytes() * 0.95;
  }

  /**
   * "killed by the container's memory limit at RSS 287.4 MB of 300.0 MB (...)".
   *
   * @param rssBytes the JVM's resident set last seen before the kill, or -1 when it was not
   *     sampled (the group's peak memory is given instead)
   */
  public static String words(ContainerStats s, long rssBytes) {
    String of = " of " + ByteSize.human(s.memoryLimitBytes());
    String at = rssBytes > 0 ? "at RSS " + ByteSize.human(rssBytes) + of
        + " (the group's memory peaked at " + ByteSize.human(s.peakBytes()) + ")"
        : "at " + ByteSize.human(s.peakBytes()) + of + " (the group's peak memory)";
    return "killed by the container's memory limit " + at
        + ": the kernel's OOM killer sent SIGKILL (no Java OutOfMemoryError, no stack trace)";
  }
}
