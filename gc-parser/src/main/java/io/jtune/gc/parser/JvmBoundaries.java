package io.jtune.gc.parser;

/**
 * Told by the reader where one JVM lifetime ends and the next begins. The reader places the
 * events of each lifetime on that lifetime's own uptime axis; a restart (the clock going back to
 * the start with a new header) or an input from a different JVM (another collector or version)
 * starts a new lifetime. Rotated files of one JVM stay in one lifetime.
 */
public interface JvmBoundaries {
  JvmBoundaries NONE = new JvmBoundaries() {
    @Override
    public void jvmStarts(String source, String reason) {}

    @Override
    public void sourceJoins(String source) {}
  };

  /** A new JVM lifetime starts with the next event, read from {@code source}; why it is a new one. */
  void jvmStarts(String source, String reason);

  /** The first event of {@code source} goes to the current lifetime. */
  void sourceJoins(String source);
}
