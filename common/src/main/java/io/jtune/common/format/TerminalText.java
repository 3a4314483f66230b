package io.jtune.common.format;

/**
 * Makes text from outside jtune (log lines, file names, child process output, server answers)
 * safe to print on a terminal: control characters, escape sequences and bidirectional overrides
 * are shown escaped ({@code \x1b}, {@code \r}, {@code \u202e}) so they cannot move the cursor,
 * recolour, retitle or hide anything. Tabs stay; newlines are escaped too, so a one-line message
 * stays one line.
 */
public final class TerminalText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private TerminalText() {}

  /** {@code text} with every character a terminal would act on escaped; null stays null. */
  public static String safe(String text) {
    if (text == null) {
      return null;
    }
    int first = 0;
    while (first < text.length() && !acts(text.charAt(first))) {
      first++;
    }
    if (first == text.length()) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!acts(c)) {
        sb.append(c);
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\r') {
        sb.append("\\r");
      } else if (c <= 0xff) {
        sb.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
      } else {
        sb.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf]).append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
      }
    }
    return sb.toString();
  }

  /** C0 controls but tab, DEL, C1 controls (0x9b is a one-byte CSI), bidi embeddings, overrides and isolates. */
  private static boolean acts(char c) {
    return (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f)
        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
  }
}
