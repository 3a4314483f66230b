package io.jtune.load;

import java.util.ArrayList;
import java.util.List;

/**
 * The syntax of request templates: {@code ${NAME}} or {@code ${NAME:ARG}} references in URLs,
 * header values and bodies, {@code $${} for a literal {@code ${}. The names: {@code seq},
 * {@code uuid}, {@code rand:MIN-MAX}, {@code hex:N}, {@code now}, {@code nowMs},
 * {@code env:NAME} and a data file's column. This class splits a text into literal text and
 * references; {@link CompiledTemplate} gives them their meaning.
 */
public final class Templates {
  /** The names a template knows besides the data file's columns, for error messages. */
  public static final String KNOWN = "${seq}, ${uuid}, ${rand:MIN-MAX}, ${hex:N}, ${now}, ${nowMs}, ${env:NAME}";

  private Templates() {}

  /** One piece of a text: literal text, or a reference (its text between the braces). */
  record Piece(String text, boolean reference) {}

  /** Whether the text holds a reference or an escaped {@code $${} (a text without either is sent as it is). */
  public static boolean hasTemplate(String text) {
    return text.contains("${");
  }

  /**
   * Splits {@code text} into literal text and references; {@code what} names the text in the
   * one-line error for a reference that is never closed.
   */
  static List<Piece> split(String text, String what) {
    List<Piece> out = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("$${", i)) {
        literal.append("${");
        i += 3;
      } else if (text.startsWith("${", i)) {
        int end = text.indexOf('}', i + 2);
        if (end < 0) {
          throw new LoadException(what + ": '" + text.substring(i, Math.min(text.length(), i + 30))
              + "' has no closing '}' (write $${ for a literal ${)");
        }
        if (literal.length() > 0) {
          out.add(new Piece(literal.toString(), false));
          literal.setLength(0);
        }
        out.add(new Piece(text.substring(i + 2, end), true));
        i = end + 1;
      } else {
        literal.append(text.charAt(i++));
      }
    }
    if (literal.length() > 0) {
      out.add(new Piece(literal.toString(), false));
    }
    return out;
  }

  /**
   * The URL text with its references made legal in a URI: the braces of each {@code ${...}}
   * and any character inside them that a URI does not allow are percent-encoded
   * ({@code /items/${uuid}} becomes {@code /items/$%7Buuid%7D}); {@link #fromUri} undoes it.
   * A text without references is returned as it is.
   */
  public static String uriSafe(String url) {
    if (!url.contains("${")) {
      return url;
    }
    StringBuilder out = new StringBuilder(url.length() + 16);
    int i = 0;
    while (i < url.length()) {
      int start = url.indexOf("${", i);
      int end = start < 0 ? -1 : url.indexOf('}', start + 2);
      if (start < 0 || end < 0) {
        out.append(url, i, url.length());
        break;
      }
      out.append(url, i, start).append("$%7B");
      for (int k = start + 2; k < end; k++) {
        char ch = url.charAt(k);
        if (Character.isLetterOrDigit(ch) && ch < 128 || ch == '_' || ch == ':' || ch == '-' || ch == '.') {
          out.append(ch);
        } else {
          for (byte b : String.valueOf(ch).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            out.append('%').append(String.format("%02X", b & 0xFF));
          }
        }
      }
      out.append("%7D");
      i = end + 1;
    }
    return out.toString();
  }

  /** Undoes {@link #uriSafe}: each {@code $%7B...%7D} of a URI's text back to {@code ${...}}. */
  public static String fromUri(String uriText) {
    if (!uriText.contains("$%7B")) {
      return uriText;
    }
    StringBuilder out = new StringBuilder(uriText.length());
    int i = 0;
    while (i < uriText.length()) {
      int start = uriText.indexOf("$%7B", i);
      int end = start < 0 ? -1 : uriText.indexOf("%7D", start + 4);
      if (start < 0 || end < 0) {
        out.append(uriText, i, uriText.length());
        break;
      }
      out.append(uriText, i, start).append("${")
          .append(java.net.URLDecoder.decode(uriText.substring(start + 4, end).replace("+", "%2B"),
              java.nio.charset.StandardCharsets.UTF_8))
          .append('}');
      i = end + 3;
    }
    return out.toString();
  }
}
