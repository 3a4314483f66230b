package io.jtune.load;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * One HTTP request that a load run sends over and over: URL, method, extra headers, body and
 * its share of the traffic (weight) among several request templates. The URL's path and query,
 * header values and a UTF-8 body may hold references ({@link Templates}) that each request fills
 * in, some from the rows of a data file ({@code data}, null for none); a body that is not UTF-8
 * text is bytes, sent as they are.
 */
public record RequestTemplate(URI url, String method, List<String> headers, byte[] body, int weight, DataFile data) {

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

  /** A request without a data file. */
  public RequestTemplate(URI url, String method, List<String> headers, byte[] body, int weight) {
    this(url, method, headers, body, weight, null);
  }

  /** The same request taking its {@code ${COLUMN}} values from {@code newData} (null: none). */
  public RequestTemplate withData(DataFile newData) {
    return new RequestTemplate(url, method, headers, body, weight, newData);
  }

  /**
   * Compiles the request as a run will, so that an unknown template name, a column the data file
   * lacks or an unset environment variable is a one-line {@link LoadException} now.
   */
  public void check() {
    CompiledRequest.of(this);
  }

  /** Whether every request is the same: no reference in the URL, headers or body. */
  public boolean fixed() {
    return CompiledRequest.of(this).fixed() != null;
  }

  /** The URL as given, its references written {@code ${...}}. */
  public String urlText() {
    return Templates.fromUri(url.toString());
  }

  /** A GET of the URL with weight 1. */
  public static RequestTemplate get(String url) {
    return new RequestTemplate(parseUrl(url), "GET", List.of(), null, 1);
  }

  /**
   * Parses an http:// or https:// URL, failing with a one-line message; references in it
   * ({@code ${uuid}}) are kept percent-encoded ({@link Templates#uriSafe}).
   */
  public static URI parseUrl(String text) {
    try {
      URI uri = new URI(Templates.uriSafe(text));
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

  /** Whether responses carry no body whatever their headers say. */
  boolean isHead() {
    return method.equals("HEAD");
  }

  /**
   * The complete request as it goes on the wire when every request is the same: request line,
   * headers, body, each {@code ${env:NAME}} reference replaced by the variable's value now (see
   * {@link SecretHeaders}); a {@link LoadException} when the request varies.
   */
  byte[] requestBytes() {
    byte[] fixed = CompiledRequest.of(this).fixed();
    if (fixed == null) {
      throw new LoadException("the request " + method + " " + urlText() + " differs from request to request");
    }
    return fixed;
  }
}
