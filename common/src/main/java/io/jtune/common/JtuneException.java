package io.jtune.common;

/** An error the user can act on: shown as one line, with an exit code (2 unless told). */
public class JtuneException extends RuntimeException {
  private final int exitCode;

  public JtuneException(String message) {
    this(message, 2, null);
  }

  public JtuneException(String message, Throwable cause) {
    this(message, 2, cause);
  }

  public JtuneException(String message, int exitCode, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  public int exitCode() {
    return exitCode;
  }
}
