package io.jtune.common.format;

/**
 * Markdown text from untrusted text (log lines, thread names, file names, plan text): the one
 * Markdown escaper, safe in running text and in table cells.
 */
public final class Markdown {
  private static final String BACKSLASHED = "\\`*_{}[]#|";

  private Markdown() {}

  /**
   * Makes control characters visible ({@link TerminalText#safe}), writes {@code < > &} as
   * entities (no HTML gets through) and puts a backslash before every other character Markdown
   * would interpret: {@code \ ` * _ { } [ ] # |}.
   */
  public static String escape(String s) {
    String safe = TerminalText.safe(s);
    StringBuilder sb = new StringBuilder(safe.length() + 16);
    for (int i = 0; i < safe.length(); i++) {
      char c = safe.charAt(i);
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        default -> {
          if (BACKSLASHED.indexOf(c) >= 0) {
            sb.append('\\');
          }
          sb.append(c);
        }
      }
    }
    return sb.toString();
  }

  /** A table row: each cell escaped, {@code | a | b |}. */
  public static String row(java.util.List<String> cells) {
    StringBuilder sb = new StringBuilder("|");
    for (String c : cells) {
      sb.append(' ').append(escape(c)).append(" |");
    }
    return sb.toString();
  }
}
