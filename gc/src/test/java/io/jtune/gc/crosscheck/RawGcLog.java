package io.jtune.gc.crosscheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the test itself reads from the raw log text, without jtune: the precision the pause times
 * are printed with (for the tolerance), the pause lines of each GC id (to quote in reports), and
 * when each GC id was first and last mentioned (to tell whether JFR could have seen it).
 *
 * <p>A line's stamp is its first uptime decorator ({@code 1.234s}, {@code 1234ms},
 * {@code 1234567ns}) in seconds, or, in a log without uptime, its wall-clock decorator in epoch
 * seconds; one log uses one of the two throughout.
 *
 * @param decimals the fraction digits of the pause times, smallest seen, or -1 if no pause line
 * @param pauseLinesByGcId the lines ending in a pause time, by GC id
 * @param firstPauseStampById the stamp of each GC id's first pause line (printed when it ended)
 * @param lastStampById the stamp of the last line naming each GC id
 */
record RawGcLog(
    int decimals,
    Map<Long, List<String>> pauseLinesByGcId,
    Map<Long, Double> firstPauseStampById,
    Map<Long, Double> lastStampById) {

  /** "GC(12) Pause ..." or generational ZGC's "GC(12) y: Pause ...", ending in a time in ms. */
  private static final Pattern PAUSE_LINE =
      Pattern.compile("GC\\((\\d+)\\) (?:[yYoO]: )?Pause [A-Z].* \\d+\\.(\\d+)ms$");
  private static final Pattern GC_ID = Pattern.compile("\\] GC\\((\\d+)\\) ");
  private static final Pattern DECORATOR = Pattern.compile("\\[([^\\]]*)\\]");
  private static final Pattern UPTIME = Pattern.compile("(\\d+(?:\\.\\d+)?)(s|ms|ns)");
  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

  static RawGcLog read(List<Path> files) throws IOException {
    TreeSet<Integer> decimals = new TreeSet<>();
    Map<Long, List<String>> lines = new TreeMap<>();
    Map<Long, Double> firstPause = new TreeMap<>();
    Map<Long, Double> last = new TreeMap<>();
    for (Path f : files) {
      for (String line : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
        Matcher id = GC_ID.matcher(line);
        if (!id.find()) {
          continue;
        }
        long gcId = Long.parseLong(id.group(1));
        double stamp = stamp(line);
        if (!Double.isNaN(stamp)) {
          last.merge(gcId, stamp, Math::max);
        }
        Matcher m = PAUSE_LINE.matcher(line);
        if (m.find()) {
          decimals.add(m.group(2).length());
          lines.computeIfAbsent(gcId, k -> new ArrayList<>()).add(f.getFileName() + ": " + line);
          if (!Double.isNaN(stamp)) {
            firstPause.merge(gcId, stamp, Math::min);
          }
        }
      }
    }
    return new RawGcLog(decimals.isEmpty() ? -1 : decimals.first(), lines, firstPause, last);
  }

  /** The line's uptime in s, else its wall clock in epoch s, else NaN. */
  static double stamp(String line) {
    double wall = Double.NaN;
    Matcher d = DECORATOR.matcher(line);
    int at = 0;
    while (d.find(at) && d.start() == at) {
      String v = d.group(1).trim();
      Matcher u = UPTIME.matcher(v);
      if (u.matches()) {
        double x = Double.parseDouble(u.group(1));
        return switch (u.group(2)) {
          case "s" -> x;
          case "ms" -> x / 1e3;
          default -> x / 1e9;
        };
      }
      if (Double.isNaN(wall) && v.length() > 20 && v.charAt(4) == '-' && v.charAt(10) == 'T') {
        try {
          wall = OffsetDateTime.parse(v, WALL).toInstant().toEpochMilli() / 1e3;
        } catch (DateTimeParseException e) {
          // not a wall-clock decorator
        }
      }
      at = d.end();
    }
    return wall;
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
