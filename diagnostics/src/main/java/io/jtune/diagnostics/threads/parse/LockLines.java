package io.jtune.diagnostics.threads.parse;

import io.jtune.diagnostics.threads.ThreadLock;

/** The words a thread dump's lock lines start with ("- locked <...>"), in every text layout. */
final class LockLines {
  private LockLines() {}

  /** The kind of the lock line whose words start at {@code p} (after "- "), or null for another line. */
  static ThreadLock.Kind kind(String text, int p) {
    if (text.startsWith("locked ", p)) {
      return ThreadLock.Kind.LOCKED;
    } else if (text.startsWith("waiting to lock ", p)) {
      return ThreadLock.Kind.WAITING_TO_LOCK;
    } else if (text.startsWith("waiting to re-lock ", p)) {
      return ThreadLock.Kind.WAITING_TO_RELOCK;
    } else if (text.startsWith("waiting on ", p)) {
      return ThreadLock.Kind.WAITING_ON;
    } else if (text.startsWith("parking to wait for ", p)) {
      return ThreadLock.Kind.PARKED_ON;
    }
    return null;
  }

  /**
   * A lock named as {@code Thread.dump_to_file} names it, "java.lang.Object@649529ed": the class
   * and the identity hash (which stands for the address: the same object has the same hash).
   */
  static ThreadLock identity(ThreadLock.Kind kind, String object, int frame) {
    int at = object.lastIndexOf('@');
    if (at <= 0) {
      return new ThreadLock(kind, object, null, frame);
    }
    return new ThreadLock(kind, object.substring(at + 1), object.substring(0, at), frame);
  }
}
