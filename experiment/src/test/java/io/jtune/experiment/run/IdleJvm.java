package io.jtune.experiment.run;

/** A JVM that only waits (at most its argument in seconds), for tests that read a running JVM's options. */
final class IdleJvm {
  private IdleJvm() {
  }

  public static void main(String[] args) throws InterruptedException {
    Thread.sleep(1000L * Integer.parseInt(args[0]));
  }
}
