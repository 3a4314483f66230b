package io.jtune.gc.input;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name a log file had before rotation: what is left of a source name once the suffixes that
 * rotation and archiving add are taken off. The JVM's own rotation adds {@code .0}, {@code .1},
 * ... and JDK 8's {@code .current}; logrotate adds {@code .1} or a date ({@code -20240131});
 * archiving adds {@code .gz} or {@code .zip}. Files of one rotated set share this stem; files
 * whose stems differ are the logs of different JVMs (a JVM started with {@code -Xloggc:gc-%t.log}
 * or {@code %p} writes a new name each start).
 */
public final class RotationStem {
  private static final Pattern SUFFIX = Pattern.compile(
      "(?:\\.gz|\\.zip|\\.current|\\.\\d{1,6}|-\\d{8}(?:\\d{2}|\\d{4}|\\d{6})?)$", Pattern.CASE_INSENSITIVE);

  private RotationStem() {}

  /** The stem of a source name: its file name (a zip member's own name) without rotation suffixes. */
  public static String of(String sourceName) {
    String base = sourceName;
    int cut = Math.max(base.lastIndexOf('/'), Math.max(base.lastIndexOf('\\'), base.lastIndexOf('!')));
    base = base.substring(cut + 1);
    while (true) {
      Matcher m = SUFFIX.matcher(base);
      if (!m.find() || m.start() == 0) {
        return base;
      }
      base = base.substring(0, m.start());
    }
  }
}
