package io.jtune.experiment.plan;

import io.jtune.load.SecretHeaders;
import java.util.List;

/**
 * What each request of a load level sends, beyond its URL: the method, extra headers and body,
 * and whether https:// certificates go unchecked.
 *
 * @param method HTTP method, GET by default
 * @param headers extra headers, each {@code "Name: value"}; values may hold {@code ${env:NAME}}
 *     references, resolved when the requests are sent
 * @param body request body text, empty for none (may hold references too)
 * @param insecure https:// only, for testing: accept any certificate and host name
 * @param secretHeaders the names of headers the user marked as secret, besides those
 *     {@link SecretHeaders} knows: written to files only as references or redacted
 */
public record LevelRequest(String method, List<String> headers, String body, boolean insecure,
    List<String> secretHeaders) {
  /** A plain GET with no extra headers or body, certificates checked. */
  public static final LevelRequest GET = new LevelRequest("GET", List.of(), "", false);

  public LevelRequest {
    headers = List.copyOf(headers);
    body = body == null ? "" : body;
    secretHeaders = secretHeaders == null ? List.of() : List.copyOf(secretHeaders);
  }

  public LevelRequest(String method, List<String> headers, String body, boolean insecure) {
    this(method, headers, body, insecure, List.of());
  }

  public boolean isDefault() {
    return method.equals("GET") && headers.isEmpty() && body.isEmpty() && !insecure;
  }

  /** The headers as files hold them: a sensitive one given in clear redacted. */
  public List<String> headersForFile() {
    return headers.stream().map(h -> SecretHeaders.forFile(h, secretHeaders)).toList();
  }

  /** The header names whose values were redacted when the plan was written (none in a plan given in full). */
  public List<String> redactedHeaders() {
    return headers.stream().filter(SecretHeaders::redacted).map(SecretHeaders::name).toList();
  }
}
