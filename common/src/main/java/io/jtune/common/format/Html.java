package io.jtune.common.format;

/** HTML text from untrusted text (log lines, thread names, cgroup paths): the one HTML escaper. */
public final class Html {
  private Html() {}

  /** Escapes the characters HTML gives meaning to, for element content and quoted attribute values. */
  public static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
