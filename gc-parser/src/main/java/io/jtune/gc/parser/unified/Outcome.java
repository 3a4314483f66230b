package io.jtune.gc.parser.unified;

/** What a line handler made of a message: the line accounting of {@link UnifiedLogParser}. */
final class Outcome {
  /** Not a line this handler models. */
  static final int UNKNOWN = 0;
  /** Read (or deliberately skipped). */
  static final int KNOWN = 1;
  /** Has the shape of an event line but its numbers cannot be read. */
  static final int BROKEN = 2;

  private Outcome() {
  }
}
