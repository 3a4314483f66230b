package io.jtune.diagnostics.threads;

/**
 * One lock line of a thread in a dump: a monitor it holds or waits for, or a
 * {@code java.util.concurrent} lock it parks on or owns.
 *
 * @param kind what the thread does with the lock
 * @param address the object's address as printed, e.g. {@code 0x000000069ec1c0d0}
 * @param className the object's class as printed after "a ", e.g. {@code java.lang.Object}, or null
 * @param frame index in {@link ThreadInfo#frames()} of the frame the line belongs to, or -1 for
 *     an entry of "Locked ownable synchronizers"
 */
public record ThreadLock(Kind kind, String address, String className, int frame) {

  /** The lock lines HotSpot prints, in the words it prints them with. */
  public enum Kind {
    /** {@code - locked <0x..>}: the frame entered the monitor (and may since have waited on it). */
    LOCKED,
    /** {@code - waiting to lock <0x..>}: BLOCKED entering the monitor. */
    WAITING_TO_LOCK,
    /** {@code - waiting to re-lock in wait() <0x..>}: BLOCKED re-entering the monitor after a wait. */
    WAITING_TO_RELOCK,
    /** {@code - waiting on <0x..>}: in {@code Object.wait()}, the monitor released. */
    WAITING_ON,
    /** {@code - parking to wait for <0x..>}: parked on a {@code java.util.concurrent} object. */
    PARKED_ON,
    /** An entry under "Locked ownable synchronizers" ({@code jstack -l}, {@code Thread.print -l}). */
    OWNS
  }
}
