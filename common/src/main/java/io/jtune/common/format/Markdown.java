package io.jtune.common.format;

/** Markdown text from untrusted text (log lines, thread names, file names): the one Markdown escaper. */
public final class Markdown {
  private Markdown() {}

  /** Escapes characters Markdown would interpret, after {@link TerminalText#safe} has made control characters visible. */
  public static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : TerminalText.safe(s).toCharArray()) {
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '*', '_', '`', '[', ']', '#' -> sb.append('\\').append(c);
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
