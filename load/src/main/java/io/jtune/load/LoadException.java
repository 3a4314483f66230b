package io.jtune.load;

/** A load plan that cannot run as given (bad URL, missing body file, unreachable target). */
public final class LoadException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LoadException(String message) {
    super(message);
  }

  public LoadException(String message, Throwable cause) {
    super(message, cause);
  }
}
