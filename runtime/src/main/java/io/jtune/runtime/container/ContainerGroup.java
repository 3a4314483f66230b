package io.jtune.runtime.container;

import io.jtune.common.JtuneException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fresh cgroup that a service's whole process tree runs in, with the memory and CPU limits
 * of the container it runs in in production. jtune makes it, puts the service in it before the
 * service's first instruction ({@link #wrap}: the JVM reads its ergonomics from the group), and
 * removes it after the run ({@link #close}), also when jtune exits on Ctrl-C or SIGTERM. A group
 * is named {@code jtune-<jtune's pid>-<n>}; the groups of a jtune that was killed before it could
 * remove them are removed when the next group is made.
 */
public final class ContainerGroup implements AutoCloseable {
  private static final AtomicInteger COUNTER = new AtomicInteger();
  /** How long a group's processes may take to exit by themselves when jtune exits. */
  private static final long HOOK_GRACE_MILLIS = 3000;

  private final CgroupLayout layout;
  private final String name;
  private final ContainerLimits limits;
  private final List<Path> dirs;
  private ContainerStats last;
  private boolean closed;
  private String problem;

  private ContainerGroup(CgroupLayout layout, String name, ContainerLimits limits, List<Path> dirs) {
    this.layout = layout;
    this.name = name;
    this.limits = limits;
    this.dirs = List.copyOf(dirs);
  }

  /**
   * Makes a group with {@code limits} in this host's cgroup hierarchies; throws
   * {@link JtuneException} (exit code 2) with one line saying what is needed when it cannot.
   */
  public static ContainerGroup create(ContainerLimits limits) {
    CgroupLayout layout = CgroupMounts.detect().orElseThrow(() -> new JtuneException(
        "running under container limits needs cgroups, and this host has no cgroup file system mounted"));
    return create(limits, layout);
  }

  /** Makes a group with {@code limits} in {@code layout}'s hierarchies. */
  public static ContainerGroup create(ContainerLimits limits, CgroupLayout layout) {
    Objects.requireNonNull(limits, "limits");
    if (!limits.any()) {
      throw new IllegalArgumentException("no limits to run under");
    }
    StaleGroups.remove(layout);
    String name = "jtune-" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet();
    List<Path> dirs;
    try {
      dirs = layout.create(name, limits);
    } catch (IOException e) {
      String why = e instanceof CgroupProblem ? e.getMessage() : CgroupFiles.reason(e);
      throw new JtuneException("cannot run under container limits (" + limits.describe() + "): " + why
          + "; jtune needs to create cgroups: run it as root, or in a cgroup delegated to its user");
    }
    ContainerGroup group = new ContainerGroup(layout, name, limits, dirs);
    GroupRegistry.add(group);
    return group;
  }

  /** The group's name, {@code jtune-<pid>-<n>}. */
  public String name() {
    return name;
  }

  public ContainerLimits limits() {
    return limits;
  }

  /** The cgroup version, 1 or 2. */
  public int version() {
    return layout.version();
  }

  /** The group's directories, one per hierarchy. */
  public List<Path> directories() {
    return dirs;
  }

  /**
   * {@code command} run so that it is in the group from its first instruction: a shell writes
   * its own pid into the group's {@code cgroup.procs} and then executes the command in its
   * place (same pid), so the process and everything it starts run under the limits.
   */
  public List<String> wrap(List<String> command) {
    StringBuilder script = new StringBuilder();
    for (Path dir : dirs) {
      script.append("echo $$ > ").append(quote(dir.resolve("cgroup.procs").toString())).append(" && ");
    }
    script.append("exec \"$@\"");
    List<String> wrapped = new ArrayList<>(List.of("/bin/sh", "-c", script.toString(), name));
    wrapped.addAll(command);
    return wrapped;
  }

  /** The pids in the group now. */
  public List<Long> pids() {
    return dirs.isEmpty() ? List.of() : CgroupFiles.pids(dirs.get(0));
  }

  /** The counters now; after {@link #close}, the last ones read before the group was removed. */
  public synchronized ContainerStats stats() {
    return closed ? last : layout.stats(dirs);
  }

  /**
   * Kills what still runs in the group and removes it, keeping its last counters. A directory
   * that could not be removed is named by {@link #problem()} (and removed by the next jtune).
   */
  @Override
  public void close() {
    release(0);
  }

  /** As {@link #close}, giving the processes a few seconds to exit by themselves first; for the shutdown hook. */
  void closeOnExit() {
    release(HOOK_GRACE_MILLIS);
  }

  /** What went wrong when the group was removed, in one line; empty when it is gone or still open. */
  public synchronized Optional<String> problem() {
    return Optional.ofNullable(problem);
  }

  private synchronized void release(long graceMillis) {
    if (closed) {
      return;
    }
    GroupDirs.empty(layout, dirs, graceMillis);
    last = layout.stats(dirs); // final now that nothing runs in it, and read before it is gone
    List<Path> left = dirs.stream().filter(d -> !GroupDirs.remove(d)).toList();
    closed = true;
    GroupRegistry.remove(this);
    if (!left.isEmpty()) {
      problem = "could not remove the cgroup " + left.get(0) + " (remove it with rmdir)";
    }
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
