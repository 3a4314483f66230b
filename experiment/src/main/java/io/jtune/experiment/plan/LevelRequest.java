package io.jtune.experiment.plan;

import io.jtune.load.DataFile;
import io.jtune.load.DataOrder;
import io.jtune.load.EndpointGroups;
import io.jtune.load.Replay;
import io.jtune.load.ReplayLog;
import io.jtune.load.LoadException;
import io.jtune.load.SecretHeaders;
import io.jtune.load.VirtualUsers;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What each request of a load level sends, beyond its URL: the method, extra headers and body,
 * the data file its templates take values from, and whether https:// certificates go unchecked.
 *
 * @param method HTTP method, GET by default
 * @param headers extra headers, each {@code "Name: value"}; values may hold {@code ${env:NAME}}
 *     references and other templates, resolved when the requests are sent
 * @param body request body text, empty for none (may hold templates too)
 * @param insecure https:// only, for testing: accept any certificate and host name
 * @param secretHeaders the names of headers the user marked as secret, besides those
 *     {@link SecretHeaders} knows: written to files only as references or redacted
 * @param bodyFile the file whose bytes are the body (any bytes, any size), with its SHA-256 as
 *     the plan was written, or null; a plan refers to it, never copies it
 * @param data the data file templates take {@code ${COLUMN}} values from, with its order, or null
 * @param replay an access log whose requests are sent instead (the headers go with each), or null
 * @param users whether each connection is a user keeping the cookies the service sets, and how
 *     many requests a user sends before a new one takes over ({@link VirtualUsers#NONE}: no cookies)
 */
public record LevelRequest(String method, List<String> headers, String body, boolean insecure,
    List<String> secretHeaders, BodyFile bodyFile, DataSource data, ReplaySource replay, VirtualUsers users) {
  /** A plain GET with no extra headers or body, certificates checked. */
  public static final LevelRequest GET = new LevelRequest("GET", List.of(), "", false);

  public LevelRequest {
    headers = List.copyOf(headers);
    body = body == null ? "" : body;
    secretHeaders = secretHeaders == null ? List.of() : List.copyOf(secretHeaders);
    users = users == null ? VirtualUsers.NONE : users;
    if (bodyFile != null && !body.isEmpty()) {
      throw new PlanException("a request has a body or a body file, not both");
    }
  }

  public LevelRequest(String method, List<String> headers, String body, boolean insecure,
      List<String> secretHeaders, BodyFile bodyFile, DataSource data) {
    this(method, headers, body, insecure, secretHeaders, bodyFile, data, null, VirtualUsers.NONE);
  }

  public LevelRequest(String method, List<String> headers, String body, boolean insecure,
      List<String> secretHeaders) {
    this(method, headers, body, insecure, secretHeaders, null, null);
  }

  public LevelRequest(String method, List<String> headers, String body, boolean insecure) {
    this(method, headers, body, insecure, List.of(), null, null);
  }

  /** A data file and the order requests take its rows in. */
  public record DataSource(java.nio.file.Path path, DataOrder order) {
    /** The file read now: a missing, empty or malformed file is a one-line {@link PlanException}. */
    public DataFile read() {
      try {
        return DataFile.read(path, order);
      } catch (LoadException e) {
        throw new PlanException(e.getMessage(), e);
      }
    }
  }

  /**
   * An access log replayed: its path, the speed its time shape is followed at (0: its mix at the
   * level's rate or concurrency) and the user's endpoint group rules.
   */
  public record ReplaySource(java.nio.file.Path path, double speed, List<String> groups) {
    public ReplaySource {
      groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** The log read now: a missing file, or one with no request, is a one-line {@link PlanException}. */
    public Replay read() {
      try {
        return new Replay(ReplayLog.read(path), speed, EndpointGroups.of(groups));
      } catch (LoadException e) {
        throw new PlanException(e.getMessage(), e);
      }
    }

    public ReplaySource withSpeed(double newSpeed) {
      return new ReplaySource(path, newSpeed, groups);
    }
  }

  /** This request replaying {@code newReplay} (null: none). */
  public LevelRequest withReplay(ReplaySource newReplay) {
    return new LevelRequest(method, headers, body, insecure, secretHeaders, bodyFile, data, newReplay, users);
  }

  public boolean isDefault() {
    return method.equals("GET") && headers.isEmpty() && body.isEmpty() && bodyFile == null && data == null
        && replay == null && !insecure && !users.cookies();
  }

  /**
   * Whether every request of the level is the same: no replayed log, no data file, and neither the
   * body nor a header holds a per-request template ({@code ${env:NAME}} is the same each time).
   */
  public boolean uniform() {
    if (replay != null || data != null) {
      return false;
    }
    java.util.function.Predicate<String> varies = t -> t.replaceAll("\\$\\$\\{", "").replaceAll("\\$\\{env:[^}]*}", "")
        .contains("${");
    return !varies.test(body) && headers.stream().noneMatch(varies);
  }

  /** The body's bytes: the body file's (checked against its SHA-256), else the body text's. */
  public byte[] bodyBytes() {
    return bodyFile != null ? bodyFile.read() : body.getBytes(StandardCharsets.UTF_8);
  }

  /** The body's size in bytes (a body file's as the plan was written). */
  public long bodyLength() {
    return bodyFile != null ? bodyFile.size() : body.getBytes(StandardCharsets.UTF_8).length;
  }

  /** The data file read now, or null when the level has none. */
  public DataFile dataFile() {
    return data == null ? null : data.read();
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
