package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerLimits;
import picocli.CommandLine.Option;

/**
 * {@code --memory-limit} and {@code --cpus}: the container limits the service runs under, as its
 * pod or container has them in production. The service's whole process tree runs in a fresh
 * cgroup that jtune makes for each run and removes after it.
 */
final class ContainerLimitOptions {
  @Option(names = "--memory-limit", paramLabel = "SIZE",
      description = "run the service under this container memory limit (swap off), as Kubernetes or the JVM writes it:"
          + " 512Mi, 1Gi, 500M, 512m; the kernel kills it at the limit, and jtune reports that kill (a lab scenario"
          + " that runs in a container has its own limit, which this replaces)")
  String memory;

  @Option(names = "--cpus", paramLabel = "N",
      description = "run the service under this CPU limit (a CFS quota per 100 ms period), as Kubernetes writes it:"
          + " 1, 1.5, 0.5, 500m; jtune reports how often the quota throttled it (replaces a lab scenario's own)")
  String cpus;

  private ContainerLimits parsed;

  /** Whether either option was given. */
  boolean given() {
    return memory != null || cpus != null;
  }

  /**
   * The limits given ({@link ContainerLimits#none()} when neither); a value that is not a size or
   * a CPU amount is one line naming the option (exit 2).
   */
  ContainerLimits limits() {
    if (parsed == null) {
      try {
        parsed = ContainerLimits.of(memory, null);
      } catch (JtuneException e) {
        throw new JtuneException("--memory-limit: " + e.getMessage());
      }
      try {
        parsed = new ContainerLimits(parsed.memory(), ContainerLimits.of(null, cpus).cpus());
      } catch (JtuneException e) {
        throw new JtuneException("--cpus: " + e.getMessage());
      }
    }
    return parsed;
  }

  /** The limits for a lab scenario: each one given, else the scenario's own (not checked). */
  ContainerLimits limits(LabScenario sc) {
    ContainerLimits given = limits();
    ContainerLimits own = ContainerLimits.of(sc.containerMemory().isEmpty() ? null : sc.containerMemory(),
        sc.containerCpus().isEmpty() ? null : sc.containerCpus());
    return new ContainerLimits(given.memory() != null ? given.memory() : own.memory(),
        given.cpus() != null ? given.cpus() : own.cpus());
  }

  /**
   * The limits for a lab scenario: each one given, else the scenario's own (the container its case
   * runs in), checked as {@link #checked()} does.
   */
  ContainerLimits checked(LabScenario sc) {
    ContainerLimits l = limits(sc);
    if (l.any()) {
      ContainerGroup.create(l).close();
    }
    return l;
  }

  /**
   * Checks, before anything starts, that jtune can make a group with the limits (it makes one and
   * removes it): without the right, one line says what is needed (exit 2).
   */
  ContainerLimits checked() {
    ContainerLimits l = limits();
    if (l.any()) {
      ContainerGroup.create(l).close();
    }
    return l;
  }
}
