package io.jtune.diagnostics.threads.parse;

/** {@code Thread.State} by its name, without exceptions for other words. */
final class StateNames {
  private static final Thread.State[] STATES = Thread.State.values();

  private StateNames() {}

  /** The state named {@code word}, or null. */
  static Thread.State of(String word) {
    for (Thread.State s : STATES) {
      if (s.name().equals(word)) {
        return s;
      }
    }
    return null;
  }
}
