package io.jtune.load;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * One HTTP request that a load run sends over and over: URL, method, extra headers, body and
 * its share of the traffic (weight) among several request templates.
 */
public record RequestTemplate(URI url, String method, List<String> headers, byte[] body, int weight) {

  public RequestTemplate {
    if (url == null) {
      throw new LoadException("missing URL");
    }
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new LoadException("unsupported URL scheme '" + (url.getScheme() == null ? "" : url.getScheme())
          + "' in " + url + " (only http:// and https:// are supported)");
    }
    if (url.getHost() == null || url.getHost().isEmpty()) {
      throw new LoadException("URL has no host: " + url);
    }
    if (method == null || method.isBlank() || !method.chars().allMatch(c -> c > 32 && c < 127)) {
      throw new LoadException("invalid HTTP method '" + method + "'");
    }
    for (String h : headers) {
      int colon = h.indexOf(':');
      if (colon <= 0 || h.indexOf('\r') >= 0 || h.indexOf('\n') >= 0) {
        throw new LoadException("invalid header '" + h + "' (expected 'Name: value')");
      }
    }
    if (weight < 1) {
      throw new LoadException("weight must be at least 1, got " + weight + " for " + url);
    }
    headers = List.copyOf(headers);
    body = body == null ? new byte[0] : body.clone();
  }

  /** A GET of the URL with weight 1. */
  public static RequestTemplate get(String url) {
    return new RequestTemplate(parseUrl(url), "GET", List.of(), null, 1);
  }

  /** Parses an http:// or https:// URL, failing with a one-line message. */
  public static URI parseUrl(String text) {
    try {
      URI uri = new URI(text);
      if (uri.getScheme() == null) {
        throw new LoadException("invalid URL '" + text + "' (expected http://host[:port]/path or https://...)");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new LoadException("invalid URL '" + text + "': " + e.getReason());
    }
  }

  @Override
  public byte[] body() {
    return body.clone();
  }

  /** The TCP port, 80 (http) or 443 (https) when the URL does not name one. */
  public int port() {
    return url.getPort() >= 0 ? url.getPort() : isTls() ? 443 : 80;
  }

  /** Whether the URL is https://: the request goes over TLS. */
  public boolean isTls() {
    return url.getScheme().equalsIgnoreCase("https");
  }

  /** The server's address (resolved now), host name and scheme. */
  Endpoint endpoint() {
    return new Endpoint(resolve(), url.getHost(), isTls());
  }

  /** The server's address, resolved now. */
  public InetSocketAddress resolve() {
    InetSocketAddress address = new InetSocketAddress(url.getHost(), port());
    if (address.isUnresolved()) {
      throw new LoadException("cannot resolve host '" + url.getHost() + "' of " + url);
    }
    return address;
  }

  /** The header with its references resolved: one line still. */
  private static String resolved(String h) {
    if (!SecretHeaders.hasReference(h)) {
      return h;
    }
    String name = SecretHeaders.name(h);
    String value = SecretHeaders.resolve(SecretHeaders.value(h), "header " + name);
    if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
      throw new LoadException("header " + name + ": the environment variable it refers to holds a line break");
    }
    return name + ": " + value;
  }

  /** Whether responses carry no body whatever their headers say. */
  boolean isHead() {
    return method.equals("HEAD");
  }

  /**
   * The complete request as it goes on the wire: request line, headers, body, each
   * {@code ${env:NAME}} reference replaced by the variable's value now (see {@link SecretHeaders}).
   */
  byte[] requestBytes() {
    List<String> headers = this.headers.stream().map(RequestTemplate::resolved).toList();
    byte[] body = SecretHeaders.resolveBody(this.body);
    StringBuilder head = new StringBuilder(256);
    String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
    head.append(method).append(' ').append(path);
    if (url.getRawQuery() != null) {
      head.append('?').append(url.getRawQuery());
    }
    head.append(" HTTP/1.1\r\n");
    boolean hasHost = false;
    boolean hasUserAgent = false;
    for (String h : headers) {
      String name = h.substring(0, h.indexOf(':')).trim().toLowerCase(Locale.ROOT);
      hasHost |= name.equals("host");
      hasUserAgent |= name.equals("user-agent");
    }
    if (!hasHost) {
      head.append("Host: ").append(url.getHost());
      if (url.getPort() >= 0) {
        head.append(':').append(url.getPort());
      }
      head.append("\r\n");
    }
    if (!hasUserAgent) {
      head.append("User-Agent: jtune-load\r\n");
    }
    for (String h : headers) {
      head.append(h).append("\r\n");
    }
    if (body.length > 0 || !(method.equals("GET") || method.equals("HEAD"))) {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    head.append("\r\n");
    byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[headBytes.length + body.length];
    System.arraycopy(headBytes, 0, all, 0, headBytes.length);
    System.arraycopy(body, 0, all, headBytes.length, body.length);
    return all;
  }
}
