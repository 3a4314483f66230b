package io.jtune.runtime.process;

import java.util.List;

/**
 * A program that ChildProcessTest runs as a child JVM: it starts a long sleeper through
 * {@link ChildProcess}, prints its pid and exits, leaving the sleeper to jtune's shutdown hook;
 * it prints whether {@link ChildProcess#jtuneExiting()} says so before and while it exits.
 */
public final class ReaperFixture {
  private ReaperFixture() {}

  public static void main(String[] args) {
    ChildProcess sleeper = ChildProcess.start(ProcessSpec.of("sleeper", List.of("sleep", "300")));
    System.out.println("exiting " + ChildProcess.jtuneExiting());
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      long deadline = System.nanoTime() + 3_000_000_000L;
      while (!ChildProcess.jtuneExiting() && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      System.out.println("exiting " + ChildProcess.jtuneExiting());
    }));
    System.out.println("sleeper " + sleeper.pid());
    System.exit(0);
  }
}
