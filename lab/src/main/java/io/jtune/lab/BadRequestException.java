package io.jtune.lab;

/** A request the lab refuses: answered with HTTP 400 (or the given status) and this message. */
final class BadRequestException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int status;

  BadRequestException(String message) {
    this(400, message);
  }

  BadRequestException(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  int status() {
    return status;
  }
}
