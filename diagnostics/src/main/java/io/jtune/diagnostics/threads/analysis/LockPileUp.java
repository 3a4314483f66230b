package io.jtune.diagnostics.threads.analysis;

import java.util.List;

/**
 * A lock threads wait for, with its owner and its waiters.
 *
 * @param className the lock object's class, or null
 * @param address its address (or, in Thread.dump_to_file dumps, its identity hash)
 * @param monitor true for a monitor ({@code synchronized}), false for a java.util.concurrent lock
 * @param owner the holding thread's name, or null when the dump does not say
 * @param ownerState the owner's state, or null
 * @param ownerFrames the owner's top frames (at most 5)
 * @param waiters the waiting threads' names
 * @param waiterFrame where most waiters wait (their top application frame), or null
 */
public record LockPileUp(String className, String address, boolean monitor, String owner, Thread.State ownerState,
    List<String> ownerFrames, List<String> waiters, String waiterFrame) {
  public LockPileUp {
    ownerFrames = List.copyOf(ownerFrames);
    waiters = List.copyOf(waiters);
  }

  /** "a java.lang.Object <0x..>" style name of the lock. */
  public String label() {
    return (className == null ? "an object" : className) + " <" + address + ">";
  }
}
