package io.jtune.load;

import java.util.concurrent.CountDownLatch;

/**
 * Holds a run's event loops until all of them are running, so the run's clock starts when
 * they can send, not while threads are still being created on a busy machine.
 */
final class StartingGate {
  private final CountDownLatch arrived;
  private final CountDownLatch opened = new CountDownLatch(1);
  private volatile RunControl control;

  StartingGate(int loops) {
    this.arrived = new CountDownLatch(loops);
  }

  /** Called by each loop: waits for the start; null when the run was abandoned. */
  RunControl arriveAndAwaitStart() {
    arrived.countDown();
    try {
      opened.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    return control;
  }

  /** Called by the coordinator: waits until every loop has arrived. */
  void awaitArrivals() throws InterruptedException {
    arrived.await();
  }

  /** Starts the run with {@code runControl} (null abandons it). */
  void open(RunControl runControl) {
    control = runControl;
    opened.countDown();
  }
}
