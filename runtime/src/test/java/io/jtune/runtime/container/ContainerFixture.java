package io.jtune.runtime.container;

import io.jtune.common.units.MemoryQuantity;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.util.List;

/**
 * A stand-in for a jtune that gets killed: it starts a long sleeper under a memory limit, prints
 * the group and the sleeper's pid, and waits to be killed (SIGKILL: no shutdown hook runs).
 */
public final class ContainerFixture {
  private ContainerFixture() {}

  public static void main(String[] args) throws Exception {
    ChildProcess sleeper = ChildProcess.start(ProcessSpec.of("sleeper", List.of("sleep", "300"))
        .withLimits(new ContainerLimits(MemoryQuantity.parse("64Mi"), null)));
    ContainerGroup group = sleeper.container().orElseThrow();
    while (group.pids().isEmpty()) {
      Thread.sleep(10);
    }
    System.out.println("group " + group.name() + " sleeper " + sleeper.pid());
    Thread.sleep(120_000);
  }
}
