package io.jtune.core.process;

import java.util.List;

/**
 * A program that ChildProcessTest runs as a child JVM: it starts a long sleeper through
 * {@link ChildProcess}, prints its pid and exits, leaving the sleeper to jtune's shutdown hook.
 */
public final class ReaperFixture {
  private ReaperFixture() {}

  public static void main(String[] args) {
    ChildProcess sleeper = ChildProcess.start(ProcessSpec.of("sleeper", List.of("sleep", "300")));
    System.out.println("sleeper " + sleeper.pid());
    System.exit(0);
  }
}
