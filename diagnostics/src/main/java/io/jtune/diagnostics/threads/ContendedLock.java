package io.jtune.diagnostics.threads;

import java.util.List;

/**
 * A lock that threads wait for in one dump: a monitor they are BLOCKED entering, or a
 * {@code java.util.concurrent} lock they are parked on.
 *
 * @param address the lock object's address, e.g. {@code 0x000000069ec1c0d0}
 * @param className the lock object's class, or null when not printed
 * @param monitor true for a monitor ({@code synchronized}); false for a j.u.c. lock
 * @param waiters the names of the waiting threads, in dump order
 * @param waiterFrame the most common top application frame of the waiters (ties: the first
 *     seen), or null when none has one
 * @param waiterFrameCount how many waiters have {@code waiterFrame} as their top application frame
 * @param owner the name of the thread holding it, or null when the dump does not say (a j.u.c.
 *     lock's owner is listed only by {@code jstack -l} / {@code Thread.print -l})
 * @param ownerTopFrame the owner's top frame: what it is doing now; or null
 * @param ownerFrame where the owner took the lock: the frame of its {@code - locked} line, or for
 *     a j.u.c. lock its top application frame; or null
 */
public record ContendedLock(
    String address,
    String className,
    boolean monitor,
    List<String> waiters,
    String waiterFrame,
    int waiterFrameCount,
    String owner,
    String ownerTopFrame,
    String ownerFrame) {

  public ContendedLock {
    waiters = List.copyOf(waiters);
  }
}
