package io.jtune.load;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A {@link RequestTemplate} compiled once before a run: either the same bytes for every request
 * ({@link #fixed()}), or a head (request line and headers) and body of literal parts and
 * per-request values that {@link #render} writes, with the Content-Length of each request's body.
 * A body that is not UTF-8 text (an image, a document, a protobuf message) is bytes, sent as
 * they are; a UTF-8 body may hold references like the URL and header values.
 */
final class CompiledRequest {
  private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CRLF = {'\r', '\n'};

  private final byte[] fixed;
  private final CompiledTemplate head;
  private final boolean sendsLength;
  private final CompiledTemplate body;
  private final byte[] fixedBody;
  private final DataFile data;
  final boolean usesSequence;
  final boolean usesRow;
  final boolean usesClock;

  private CompiledRequest(byte[] fixed, CompiledTemplate head, boolean sendsLength, CompiledTemplate body,
      byte[] fixedBody, DataFile data) {
    this.fixed = fixed;
    this.head = head;
    this.sendsLength = sendsLength;
    this.body = body;
    this.fixedBody = fixedBody;
    this.data = data;
    boolean rows = head.usesRow() || body != null && body.usesRow();
    this.usesRow = rows;
    this.usesSequence = head.usesSequence() || body != null && body.usesSequence() || rows && data.needsSequence();
    this.usesClock = head.usesClock() || body != null && body.usesClock();
  }

  /**
   * Compiles the request: every reference is checked here, once, so that an unknown name, a
   * missing column or an unset variable is a one-line {@link LoadException} before any request.
   */
  static CompiledRequest of(RequestTemplate t) {
    DataFile data = t.data();
    URI url = t.url();
    String target = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
        + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
    CompiledTemplate.Builder head = new CompiledTemplate.Builder()
        .literal((t.method() + " ").getBytes(StandardCharsets.US_ASCII))
        .add(Templates.fromUri(target), CompiledTemplate.Context.URL, data, "the URL " + t.urlText())
        .literal(" HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
    boolean hasHost = false;
    boolean hasUserAgent = false;
    for (String h : t.headers()) {
      String name = SecretHeaders.name(h).toLowerCase(Locale.ROOT);
      hasHost |= name.equals("host");
      hasUserAgent |= name.equals("user-agent");
    }
    if (!hasHost) {
      head.literal(("Host: " + url.getHost() + (url.getPort() >= 0 ? ":" + url.getPort() : "") + "\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
    }
    if (!hasUserAgent) {
      head.literal("User-Agent: jtune-load\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    for (String h : t.headers()) {
      head.add(h, CompiledTemplate.Context.HEADER, data, "header " + SecretHeaders.name(h)).literal(CRLF);
    }
    byte[] bodyBytes = t.body();
    String text = Templates.hasTemplate(new String(bodyBytes, StandardCharsets.ISO_8859_1)) ? utf8(bodyBytes) : null;
    CompiledTemplate body = text == null ? null
        : CompiledTemplate.compile(text, CompiledTemplate.Context.BODY, data, "the request body");
    if (body != null && body.constant()) {
      bodyBytes = body.constantBytes();
      body = null;
    }
    boolean sendsLength = body != null || bodyBytes.length > 0 || !(t.method().equals("GET") || t.isHead());
    CompiledTemplate headTemplate = head.build();
    byte[] fixed = null;
    if (body == null && headTemplate.constant()) {
      ByteSink all = new ByteSink(256 + bodyBytes.length);
      all.put(headTemplate.constantBytes());
      if (sendsLength) {
        all.put(CONTENT_LENGTH);
        all.decimal(bodyBytes.length);
        all.put(CRLF);
      }
      all.put(CRLF);
      all.put(bodyBytes);
      fixed = java.util.Arrays.copyOf(all.bytes, all.length);
    }
    return new CompiledRequest(fixed, headTemplate, sendsLength, body, bodyBytes, data);
  }

  /** The text of a body that holds {@code ${}: as a template when it is UTF-8, else null (bytes). */
  private static String utf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /** The whole request when every one is the same, else null. */
  byte[] fixed() {
    return fixed;
  }

  /** The body sent after each rendered head when the body does not vary (may be empty). */
  byte[] fixedBody() {
    return fixedBody;
  }

  /** Whether the body varies (it is rendered into the request) or is sent after it as {@link #fixedBody()}. */
  boolean bodyVaries() {
    return body != null;
  }

  /** The data file this request takes rows from, or null. */
  DataFile data() {
    return data;
  }

  /**
   * Writes one request into {@code out} (cleared first): head, Content-Length and, when it
   * varies, the body ({@code scratch} holds it meanwhile); otherwise {@link #fixedBody()} follows.
   */
  void render(ByteSink out, ByteSink scratch, CompiledTemplate.Values v) {
    out.clear();
    head.write(out, v);
    long length = fixedBody.length;
    if (body != null) {
      scratch.clear();
      body.write(scratch, v);
      length = scratch.length;
    }
    if (sendsLength) {
      out.put(CONTENT_LENGTH);
      out.decimal(length);
      out.put(CRLF);
    }
    out.put(CRLF);
    if (body != null) {
      out.put(scratch.bytes, 0, scratch.length);
    }
  }

  /** The compiled requests of all targets. */
  static CompiledRequest[] of(List<RequestTemplate> targets) {
    CompiledRequest[] out = new CompiledRequest[targets.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = of(targets.get(i));
    }
    return out;
  }
}
