package io.jtune.runtime.container;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a cgroup version keeps its groups and how it writes limits and reads counters: v1 has a
 * hierarchy per controller (memory and cpu, each its own directory tree), v2 one tree for all.
 * A layout works on the directories it is given, so tests can hand it a directory that mimics
 * the kernel's files.
 */
public sealed interface CgroupLayout permits CgroupV1, CgroupV2 {
  /** 1 or 2. */
  int version();

  /** The directories new groups are made in, one per hierarchy used (for stale groups). */
  List<Path> parents();

  /**
   * Makes the group's directories for {@code limits} and writes the limits; returns the
   * directories made (whose {@code cgroup.procs} a process joins). Throws {@link CgroupProblem}
   * when a controller the limits need is missing or a directory or file cannot be written.
   */
  List<Path> create(String name, ContainerLimits limits) throws IOException;

  /** The counters of the group whose directories are {@code dirs}. */
  ContainerStats stats(List<Path> dirs);

  /** Asks the kernel to kill every process in the group at once, where it can (v2 {@code cgroup.kill}). */
  default void killAll(Path dir) {}
}
