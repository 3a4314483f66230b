package io.jtune.cli;

import io.jtune.core.JtuneException;

/** Parses durations given on the command line: "90", "90s", "500ms", "5m", "1h". */
final class Durations {
  private Durations() {}

  static double parseSeconds(String text, String option) {
    String s = text.trim().toLowerCase(java.util.Locale.ROOT);
    double mult = 1;
    String num = s;
    if (s.endsWith("ms")) {
      mult = 0.001;
      num = s.substring(0, s.length() - 2);
    } else if (s.endsWith("s")) {
      num = s.substring(0, s.length() - 1);
    } else if (s.endsWith("m")) {
      mult = 60;
      num = s.substring(0, s.length() - 1);
    } else if (s.endsWith("h")) {
      mult = 3600;
      num = s.substring(0, s.length() - 1);
    }
    try {
      double v = Double.parseDouble(num) * mult;
      if (v > 0 && Double.isFinite(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw new JtuneException(option + ": '" + text + "' is not a duration (examples: 30s, 1m, 500ms)");
  }
}
