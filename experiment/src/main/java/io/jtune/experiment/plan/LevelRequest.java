package io.jtune.experiment.plan;

import java.util.List;

/**
 * What each request of a load level sends, beyond its URL: the method, extra headers and body,
 * and whether https:// certificates go unchecked.
 *
 * @param method HTTP method, GET by default
 * @param headers extra headers, each {@code "Name: value"}
 * @param body request body text, empty for none
 * @param insecure https:// only, for testing: accept any certificate and host name
 */
public record LevelRequest(String method, List<String> headers, String body, boolean insecure) {
  /** A plain GET with no extra headers or body, certificates checked. */
  public static final LevelRequest GET = new LevelRequest("GET", List.of(), "", false);

  public LevelRequest {
    headers = List.copyOf(headers);
    body = body == null ? "" : body;
  }

  public boolean isDefault() {
    return equals(GET);
  }
}
