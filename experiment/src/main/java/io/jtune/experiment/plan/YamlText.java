package io.jtune.experiment.plan;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Scalars as the plan writer writes them so that {@link PlanReader} reads back exactly the same
 * value: double-quoted text with escapes, folded paragraphs, lists, durations, numbers, paths.
 */
final class YamlText {
  private YamlText() {
  }

  /** Text as a YAML double-quoted scalar. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        default -> {
          if (special(c)) {
            b.append(String.format(Locale.US, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  /** Control characters and what YAML 1.1 takes as line breaks or a byte order mark. */
  private static boolean special(char c) {
    return Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || c == '\ufeff';
  }

  /** Whether a folded block gives back exactly this text: single spaces, printable, no edges. */
  static boolean foldable(String s) {
    if (s.isEmpty() || s.contains("  ") || s.strip().length() != s.length()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (special(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Words of {@code text} in lines of at most {@code width} (a longer word gets its own line). */
  static List<String> wrap(String text, int width) {
    List<String> out = new ArrayList<>();
    if (text.isEmpty()) {
      out.add("");
      return out;
    }
    StringBuilder cur = new StringBuilder();
    for (String w : text.split(" ", -1)) {
      if (cur.length() > 0 && cur.length() + 1 + w.length() > width) {
        out.add(cur.toString());
        cur.setLength(0);
      } else if (cur.length() > 0) {
        cur.append(' ');
      }
      cur.append(w);
    }
    out.add(cur.toString());
    return out;
  }

  static String list(List<String> items) {
    List<String> q = new ArrayList<>();
    for (String s : items) {
      q.add(quote(s));
    }
    return "[" + String.join(", ", q) + "]";
  }

  /** A duration as {@link io.jtune.load.DurationText} reads it back exactly: "30s", "500ms", "0.000001s". */
  static String duration(Duration d) {
    long nanos = d.toNanos();
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  static String path(Path p) {
    return Objects.requireNonNull(p).toString();
  }
}
