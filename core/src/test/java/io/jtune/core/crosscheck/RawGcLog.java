package io.jtune.core.crosscheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the test itself reads from the raw log text, without jtune: the precision the pause times
 * are printed with (for the tolerance) and the pause lines of each GC id (to quote in reports).
 *
 * @param decimals the fraction digits of the pause times, smallest seen, or -1 if no pause line
 * @param pauseLinesByGcId the lines ending in a pause time, by GC id
 */
record RawGcLog(int decimals, Map<Long, List<String>> pauseLinesByGcId) {

  /** "GC(12) Pause ..." or generational ZGC's "GC(12) y: Pause ...", ending in a time in ms. */
  private static final Pattern PAUSE_LINE =
      Pattern.compile("GC\\((\\d+)\\) (?:[yYoO]: )?Pause [A-Z].* \\d+\\.(\\d+)ms$");

  static RawGcLog read(List<Path> files) throws IOException {
    TreeSet<Integer> decimals = new TreeSet<>();
    Map<Long, List<String>> lines = new TreeMap<>();
    for (Path f : files) {
      for (String line : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
        Matcher m = PAUSE_LINE.matcher(line);
        if (m.find()) {
          decimals.add(m.group(2).length());
          lines.computeIfAbsent(Long.parseLong(m.group(1)), k -> new ArrayList<>())
              .add(f.getFileName() + ": " + line);
        }
      }
    }
    return new RawGcLog(decimals.isEmpty() ? -1 : decimals.first(), lines);
  }

  /** Half of the last printed digit, in ms: the most a printed time can be off by rounding. */
  double halfUnitMs() {
    return 0.5 * Math.pow(10, -decimals);
  }

  /** The pause lines of one GC id, for a report (at most {@code max}). */
  String quote(long gcId, int max) {
    List<String> l = pauseLinesByGcId.getOrDefault(gcId, List.of());
    if (l.isEmpty()) {
      return "      (no pause line for GC(" + gcId + ") in the log)\n";
    }
    StringBuilder sb = new StringBuilder();
    for (String s : l.subList(0, Math.min(max, l.size()))) {
      sb.append("      ").append(s).append('\n');
    }
    return sb.toString();
  }
}
