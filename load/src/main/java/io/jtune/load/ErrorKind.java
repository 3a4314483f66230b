package io.jtune.load;

/** Why a request failed; each kind is counted on its own. */
public enum ErrorKind {
  /** The connection could not be opened (refused, unreachable, connect timeout, failed TLS handshake). */
  CONNECT("connect"),
  /** No complete response within the per-request timeout. */
  TIMEOUT("timeout"),
  /** The connection was reset or closed by the server before the response was complete. */
  RESET("reset"),
  /** The server answered with something that is not a valid HTTP/1.x response. */
  PROTOCOL("protocol"),
  /** A complete response with a 4xx status. */
  STATUS_4XX("status4xx"),
  /** A complete response with a 5xx status. */
  STATUS_5XX("status5xx");

  private final String key;

  ErrorKind(String key) {
    this.key = key;
  }

  /** The name used in JSON and text reports. */
  public String key() {
    return key;
  }
}
