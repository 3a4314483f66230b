package io.jtune.load;

/**
 * An incremental HTTP/1.x response reader: finds where one response ends (Content-Length,
 * chunked, or end of stream), its status and whether the server will close the connection.
 *
 * <p>It keeps no bytes beyond the current header line (capped), so it can be fed straight from
 * a shared read buffer.
 */
final class ResponseParser {
  /*
   * One instance per connection, reused for every response: the hot path allocates nothing.
   * Bodies are skipped by count, never scanned; only header lines are looked at byte by byte,
   * and of those only Content-Length, Transfer-Encoding and Connection matter, and Set-Cookie
   * when the connection's user keeps cookies (its line buffer then grows to hold long headers,
   * once: a cookie is stored whole or not at all).
   */
  private static final int STATUS_LINE = 0;
  private static final int HEADER_LINE = 1;
  private static final int BODY_BY_LENGTH = 2;
  private static final int CHUNK_SIZE_LINE = 3;
  private static final int CHUNK_DATA = 4;
  private static final int CHUNK_END_LINE = 5;
  private static final int TRAILER_LINE = 6;
  private static final int BODY_UNTIL_CLOSE = 7;
  private static final int DONE = 8;
  private static final int FAILED = 9;

  private static final int MAX_HEAD_BYTES = 64 * 1024;
  private static final int MAX_LINE_BYTES = 8 * 1024;
  private static final byte[] HTTP_PREFIX = {'H', 'T', 'T', 'P', '/'};
  private static final byte[] CONTENT_LENGTH = lower("content-length:");
  private static final byte[] TRANSFER_ENCODING = lower("transfer-encoding:");
  private static final byte[] CONNECTION = lower("connection:");
  private static final byte[] SET_COOKIE = lower("set-cookie:");
  private static final byte[] CHUNKED = lower("chunked");
  private static final byte[] CLOSE = lower("close");
  private static final byte[] KEEP_ALIVE = lower("keep-alive");

  private byte[] line = new byte[128];
  /** The user's cookies that Set-Cookie headers go to, or null when cookies are not kept. */
  private final CookieJar cookies;
  private int lineStored;
  private int lineLength;
  private boolean lineEndsWithCr;
  private int headBytes;
  private int state;
  private int status;
  private long contentLength;
  private long remaining;
  private boolean chunked;
  private boolean closeHeader;
  private boolean keepAliveHeader;
  private boolean http10;
  private boolean headRequest;
  private String failure;

  ResponseParser() {
    this(null);
  }

  /** A parser that hands each response's Set-Cookie headers to {@code cookies} (null: ignores them). */
  ResponseParser(CookieJar cookies) {
    this.cookies = cookies;
  }

  /** Prepares for the response to a new request. */
  void start(boolean head) {
    headRequest = head;
    state = STATUS_LINE;
    headBytes = 0;
    resetResponse();
  }

  private void resetResponse() {
    lineStored = 0;
    lineLength = 0;
    lineEndsWithCr = false;
    status = 0;
    contentLength = -1;
    remaining = 0;
    chunked = false;
    closeHeader = false;
    keepAliveHeader = false;
    http10 = false;
    failure = null;
  }

  boolean isComplete() {
    return state == DONE;
  }

  boolean hasFailed() {
    return state == FAILED;
  }

  /** Why the response is not valid HTTP; only set when {@link #hasFailed()}. */
  String failure() {
    return failure;
  }

  int status() {
    return status;
  }

  /** Whether no byte of the response has arrived since {@link #start(boolean)}. */
  boolean receivedNothing() {
    return state == STATUS_LINE && headBytes == 0 && lineLength == 0;
  }

  /** Whether the server closes the connection after this response. */
  boolean closesConnection() {
    return closeHeader || (http10 && !keepAliveHeader) || state == BODY_UNTIL_CLOSE;
  }

  /**
   * Reads bytes {@code [from, to)} of {@code buf}; returns the index after the last byte used.
   * Stops at the end of the response, so a return value below {@code to} with the response
   * complete means the server sent more than one response.
   */
  int feed(byte[] buf, int from, int to) {
    int pos = from;
    while (pos < to && state != DONE && state != FAILED) {
      switch (state) {
        case BODY_BY_LENGTH, CHUNK_DATA -> {
          int n = (int) Math.min(remaining, to - pos);
          pos += n;
          remaining -= n;
          if (remaining == 0) {
            state = state == BODY_BY_LENGTH ? DONE : CHUNK_END_LINE;
          }
        }
        case BODY_UNTIL_CLOSE -> pos = to;
        default -> pos = readLineBytes(buf, pos, to);
      }
    }
    return pos;
  }

  /** Tells the parser the server closed the stream; returns whether the response is complete. */
  boolean endOfStream() {
    if (state == BODY_UNTIL_CLOSE) {
      state = DONE;
    }
    return state == DONE;
  }

  private int readLineBytes(byte[] buf, int from, int to) {
    // find the end of the line first, then take the bytes before it in one copy: a per-byte
    // state machine costs more than the rest of the request's user-space work
    int lf = from;
    while (lf < to && buf[lf] != '\n') {
      lf++;
    }
    int segment = lf - from;
    if (state == STATUS_LINE || state == HEADER_LINE) {
      headBytes += segment + (lf < to ? 1 : 0);
      if (headBytes > MAX_HEAD_BYTES) {
        return fail(to, "response head longer than " + MAX_HEAD_BYTES + " bytes");
      }
    }
    if (state == STATUS_LINE && lineLength < HTTP_PREFIX.length) {
      int check = Math.min(segment, HTTP_PREFIX.length - lineLength);
      for (int i = 0; i < check; i++) {
        if (buf[from + i] != HTTP_PREFIX[lineLength + i]) {
          return fail(to, "not an HTTP response");
        }
      }
    }
    lineLength += segment;
    if (lineLength > MAX_LINE_BYTES) {
      return fail(to, "line longer than " + MAX_LINE_BYTES + " bytes");
    }
    if (cookies != null && state == HEADER_LINE && lineStored + segment > line.length && line.length < MAX_LINE_BYTES) {
      line = java.util.Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(2 * line.length, lineStored + segment)));
    }
    int copy = Math.min(segment, line.length - lineStored);
    if (copy > 0) {
      System.arraycopy(buf, from, line, lineStored, copy);
      lineStored += copy;
    }
    if (segment > 0) {
      lineEndsWithCr = buf[lf - 1] == '\r';
    }
    if (lf == to) {
      return to;
    }
    if (lineEndsWithCr) {
      lineLength--;
      lineStored = Math.min(lineStored, lineLength);
    }
    endOfLine();
    lineStored = 0;
    lineLength = 0;
    lineEndsWithCr = false;
    return lf + 1;
  }

  private int fail(int pos, String why) {
    state = FAILED;
    failure = why;
    return pos;
  }

  private void endOfLine() {
    switch (state) {
      case STATUS_LINE -> statusLine();
      case HEADER_LINE -> {
        if (lineLength == 0) {
          endOfHead();
        } else {
          headerLine();
        }
      }
      case CHUNK_SIZE_LINE -> chunkSizeLine();
      case CHUNK_END_LINE -> {
        if (lineLength != 0) {
          fail(0, "chunk not followed by CRLF");
        } else {
          state = CHUNK_SIZE_LINE;
        }
      }
      case TRAILER_LINE -> {
        if (lineLength == 0) {
          state = DONE;
        }
      }
      default -> throw new IllegalStateException("line in state " + state);
    }
  }

  private void statusLine() {
    // "HTTP/1.1 200 OK": the status code sits at bytes 9..11
    if (lineStored < 12 || line[5] != '1' || line[6] != '.' || line[8] != ' '
        || !isDigit(line[9]) || !isDigit(line[10]) || !isDigit(line[11])
        || (lineStored > 12 && line[12] != ' ')) {
      fail(0, "malformed HTTP status line");
      return;
    }
    http10 = line[7] == '0';
    status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
    if (status < 100 || status > 599) {
      // RFC 9110 defines 100-599 only; 999 is no server error, it is no HTTP
      fail(0, "status code outside 100-599");
      return;
    }
    state = HEADER_LINE;
  }

  private void headerLine() {
    if (startsWithIgnoreCase(CONTENT_LENGTH)) {
      long value = 0;
      int digits = 0;
      for (int i = CONTENT_LENGTH.length; i < lineStored; i++) {
        byte b = line[i];
        if (isDigit(b)) {
          value = value * 10 + (b - '0');
          if (++digits > 18) {
            fail(0, "Content-Length too large");
            return;
          }
        } else if (b != ' ' && b != '\t') {
          fail(0, "malformed Content-Length");
          return;
        }
      }
      if (digits == 0) {
        fail(0, "empty Content-Length");
        return;
      }
      contentLength = value;
    } else if (startsWithIgnoreCase(TRANSFER_ENCODING)) {
      chunked |= valueContains(TRANSFER_ENCODING.length, CHUNKED);
    } else if (startsWithIgnoreCase(CONNECTION)) {
      closeHeader |= valueContains(CONNECTION.length, CLOSE);
      keepAliveHeader |= valueContains(CONNECTION.length, KEEP_ALIVE);
    } else if (cookies != null && startsWithIgnoreCase(SET_COOKIE)) {
      cookies.set(line, SET_COOKIE.length, lineStored);
    }
  }

  private void endOfHead() {
    if (status >= 100 && status < 200 && status != 101) {
      // an interim response (100 Continue, 103 Early Hints): the real one follows
      resetResponse();
      state = STATUS_LINE;
    } else if (headRequest || status == 204 || status == 304 || status == 101) {
      state = DONE;
    } else if (chunked) {
      state = CHUNK_SIZE_LINE;
    } else if (contentLength >= 0) {
      remaining = contentLength;
      state = contentLength == 0 ? DONE : BODY_BY_LENGTH;
    } else {
      state = BODY_UNTIL_CLOSE;
    }
  }

  private void chunkSizeLine() {
    long size = 0;
    int digits = 0;
    for (int i = 0; i < lineStored; i++) {
      int d = Character.digit(line[i], 16);
      if (d < 0) {
        if (line[i] == ';' || line[i] == ' ' || line[i] == '\t') {
          break;
        }
        fail(0, "malformed chunk size");
        return;
      }
      size = size * 16 + d;
      if (++digits > 15) {
        fail(0, "chunk size too large");
        return;
      }
    }
    if (digits == 0) {
      fail(0, "missing chunk size");
      return;
    }
    if (size == 0) {
      state = TRAILER_LINE;
    } else {
      remaining = size;
      state = CHUNK_DATA;
    }
  }

  private boolean startsWithIgnoreCase(byte[] lowerPrefix) {
    if (lineStored < lowerPrefix.length) {
      return false;
    }
    for (int i = 0; i < lowerPrefix.length; i++) {
      if (toLower(line[i]) != lowerPrefix[i]) {
        return false;
      }
    }
    return true;
  }

  private boolean valueContains(int from, byte[] lowerWord) {
    outer:
    for (int start = from; start + lowerWord.length <= lineStored; start++) {
      for (int i = 0; i < lowerWord.length; i++) {
        if (toLower(line[start + i]) != lowerWord[i]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  private static byte toLower(byte b) {
    return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
  }

  private static byte[] lower(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
