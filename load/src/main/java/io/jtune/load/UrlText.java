package io.jtune.load;

import java.io.ByteArrayOutputStream;

/**
 * Values put into a URL by templates: characters a request line cannot carry (blanks, controls,
 * non-ASCII, {@code " < > \ ^ ` { | } #}) are percent-encoded as UTF-8; everything else,
 * {@code / ? & = %} included, is left as given, so a value may carry a path or a query part.
 */
final class UrlText {
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private UrlText() {}

  static boolean illegal(int b) {
    return b <= 0x20 || b >= 0x7F || b == '"' || b == '<' || b == '>' || b == '\\' || b == '^' || b == '`'
        || b == '{' || b == '|' || b == '}' || b == '#';
  }

  /** The UTF-8 bytes with the illegal ones percent-encoded (the same array when none is). */
  static byte[] legal(byte[] utf8) {
    boolean clean = true;
    for (byte b : utf8) {
      clean &= !illegal(b & 0xFF);
    }
    if (clean) {
      return utf8;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + 16);
    for (byte b : utf8) {
      int v = b & 0xFF;
      if (illegal(v)) {
        out.write('%');
        out.write(HEX[v >> 4]);
        out.write(HEX[v & 15]);
      } else {
        out.write(v);
      }
    }
    return out.toByteArray();
  }
}
