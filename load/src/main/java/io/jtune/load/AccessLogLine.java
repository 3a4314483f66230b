package io.jtune.load;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request read from a line of an access log: nginx/Apache Common or Combined Log Format
 * ({@code 127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /a?b=1 HTTP/1.1" 200 2326 ...}), or a
 * JSON object per line with {@code method}, {@code path} (or {@code url}), {@code timestamp}
 * and optional {@code body} and {@code headers}.
 *
 * @param method the HTTP method
 * @param target the request target as it goes on the request line (path and query, characters
 *     a request line cannot carry percent-encoded)
 * @param epochNanos when it was logged, in nanoseconds since the epoch, or {@link #NO_TIME}
 * @param headers extra headers, each {@code Name: value} (JSON lines only)
 * @param body the body's bytes, or null when the line gives none (always, in Common/Combined Log Format)
 * @param fromJson whether it came from a JSON line (a CLF line cannot carry a body)
 */
record AccessLogLine(String method, String target, long epochNanos, List<String> headers, byte[] body,
    boolean fromJson) {
  static final long NO_TIME = Long.MIN_VALUE;

  /*
   * host ident user [time] "request" status bytes, then for the Combined format "referer" "agent";
   * anything after them (nginx's custom fields) is ignored. Quoted fields may hold \" and \\.
   */
  private static final Pattern CLF = Pattern.compile(
      "^\\S+ \\S+ .*?\\[([^\\]]+)\\] \"((?:[^\"\\\\]|\\\\.)*)\" (\\d{3}|-) (?:\\d+|-)(?:\\s.*)?$");
  private static final Pattern REQUEST_LINE = Pattern.compile("([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) (\\S+)(?: HTTP/\\d(?:\\.\\d)?)?");
  private static final DateTimeFormatter CLF_TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.US);
  /** Headers the load engine writes itself. */
  private static final Set<String> OWN_HEADERS = Set.of("host", "content-length", "connection", "transfer-encoding");

  /** The request of one line, or null when the line is not an access log line jtune understands. */
  static AccessLogLine parse(String line) {
    String t = line.strip();
    if (t.startsWith("{")) {
      return json(t);
    }
    return clf(t);
  }

  private static AccessLogLine clf(String line) {
    Matcher m = CLF.matcher(line);
    if (!m.matches()) {
      return null;
    }
    Matcher r = REQUEST_LINE.matcher(unescape(m.group(2)));
    if (!r.matches()) {
      return null;
    }
    String target = target(r.group(2));
    long time = clfTime(m.group(1));
    if (target == null || time == NO_TIME) {
      return null;
    }
    return new AccessLogLine(r.group(1).toUpperCase(Locale.ROOT), target, time, List.of(), null, false);
  }

  private static long clfTime(String text) {
    try {
      return nanos(OffsetDateTime.parse(text, CLF_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return NO_TIME;
    }
  }

  private static AccessLogLine json(String line) {
    JsonNode n;
    try {
      n = Json.mapper().readTree(line);
    } catch (java.io.IOException e) {
      return null;
    }
    if (n == null || !n.isObject()) {
      return null;
    }
    JsonNode methodNode = n.get("method");
    String method = methodNode == null || methodNode.isNull() ? "GET" : methodNode.asText().strip();
    if (!method.matches("[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*")) {
      return null;
    }
    JsonNode where = n.hasNonNull("path") ? n.get("path") : n.get("url");
    if (where == null || !where.isTextual()) {
      return null;
    }
    String target = target(where.asText());
    if (target == null) {
      return null;
    }
    long time = NO_TIME;
    if (n.hasNonNull("timestamp")) {
      time = jsonTime(n.get("timestamp"));
      if (time == NO_TIME) {
        return null;
      }
    }
    List<String> headers = new ArrayList<>();
    JsonNode h = n.get("headers");
    if (h != null && !h.isNull() && !headers(h, headers)) {
      return null;
    }
    byte[] body = null;
    JsonNode b = n.get("body");
    if (b != null && !b.isNull()) {
      body = (b.isTextual() ? b.asText() : b.toString()).getBytes(StandardCharsets.UTF_8);
    }
    return new AccessLogLine(method.toUpperCase(Locale.ROOT), target, time, List.copyOf(headers), body, true);
  }

  /** {@code {"Name": "value"}} or {@code ["Name: value"]}; false when neither (or a value spans lines). */
  private static boolean headers(JsonNode h, List<String> out) {
    if (h.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = h.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!add(out, e.getKey() + ": " + e.getValue().asText())) {
          return false;
        }
      }
      return true;
    }
    if (h.isArray()) {
      for (JsonNode item : h) {
        if (!item.isTextual() || !add(out, item.asText())) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  private static boolean add(List<String> out, String header) {
    int colon = header.indexOf(':');
    if (colon <= 0 || header.indexOf('\r') >= 0 || header.indexOf('\n') >= 0) {
      return false;
    }
    if (!OWN_HEADERS.contains(header.substring(0, colon).strip().toLowerCase(Locale.ROOT))) {
      out.add(header.strip());
    }
    return true;
  }

  /** Epoch seconds, milliseconds, microseconds or nanoseconds (by size), or an ISO-8601 or CLF time. */
  private static long jsonTime(JsonNode t) {
    if (t.isNumber()) {
      java.math.BigDecimal v = t.decimalValue();
      double abs = Math.abs(v.doubleValue());
      int scale = abs >= 1e17 ? 0 : abs >= 1e14 ? 3 : abs >= 1e11 ? 6 : 9;
      return v.movePointRight(scale).longValue();
    }
    if (!t.isTextual()) {
      return NO_TIME;
    }
    String s = t.asText().strip();
    try {
      return nanos(OffsetDateTime.parse(s).toInstant());
    } catch (DateTimeParseException e) {
      try {
        return nanos(Instant.parse(s));
      } catch (DateTimeParseException e2) {
        return clfTime(s);
      }
    }
  }

  private static long nanos(Instant i) {
    return i.getEpochSecond() * 1_000_000_000L + i.getNano();
  }

  /**
   * The request target of a logged path or URL: an absolute URL's path and query, a path as it
   * is; characters a request line cannot carry percent-encoded. Null when it is neither.
   */
  static String target(String logged) {
    String t = logged;
    if (t.startsWith("http://") || t.startsWith("https://")) {
      try {
        URI u = new URI(new String(UrlText.legal(t.getBytes(StandardCharsets.UTF_8)), StandardCharsets.US_ASCII));
        t = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
            + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
      } catch (URISyntaxException e) {
        return null;
      }
    }
    if (!t.startsWith("/") && !t.equals("*")) {
      return null;
    }
    return new String(UrlText.legal(t.getBytes(StandardCharsets.UTF_8)), StandardCharsets.US_ASCII);
  }

  /** A quoted log field as sent: {@code \"}, {@code \\} and nginx's {@code \xHH} undone. */
  private static String unescape(String field) {
    if (field.indexOf('\\') < 0) {
      return field;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(field.length());
    byte[] in = field.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < in.length; i++) {
      byte b = in[i];
      if (b == '\\' && i + 1 < in.length) {
        byte next = in[i + 1];
        if (next == 'x' && i + 3 < in.length && hex(in[i + 2]) >= 0 && hex(in[i + 3]) >= 0) {
          out.write(hex(in[i + 2]) * 16 + hex(in[i + 3]));
          i += 3;
          continue;
        }
        if (next == '"' || next == '\\') {
          out.write(next);
          i++;
          continue;
        }
      }
      out.write(b);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static int hex(byte b) {
    return b >= '0' && b <= '9' ? b - '0' : b >= 'a' && b <= 'f' ? b - 'a' + 10 : b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
  }
}
