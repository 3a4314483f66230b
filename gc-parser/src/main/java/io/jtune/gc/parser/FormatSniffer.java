package io.jtune.gc.parser;

import io.jtune.gc.input.Line;
import io.jtune.gc.input.LineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Decides the log format from the first lines of content (never from the file name): counts
 * lines that look like unified logging and lines that look like JDK 8-style GC output, and
 * tells binary data apart from text.
 */
public final class FormatSniffer {

  /** What the head of a source looks like. */
  public record Sniff(LogFormat format, boolean binary, int unifiedLines, int jdk8Lines, int lines) {}

  private FormatSniffer() {}

  /** Classifies a source from its first bytes (a few tens of KB are plenty). */
  public static Sniff sniff(byte[] head, int length) {
    int nul = 0;
    int control = 0;
    for (int i = 0; i < length; i++) {
      int b = head[i] & 0xff;
      if (b == 0) {
        nul++;
      } else if (b < 0x09 || (b > 0x0d && b < 0x20 && b != 0x1b)) {
        control++;
      }
    }
    if (length > 0 && (nul > 0 || control > length / 10)) {
      return new Sniff(LogFormat.UNKNOWN, true, 0, 0, 0);
    }
    int[] counts = new int[3];
    try {
      LineReader.read(new ByteArrayInputStream(head, 0, length), line -> {
        counts[2]++;
        if (looksUnified(line)) {
          counts[0]++;
        } else if (looksJdk8(line)) {
          counts[1]++;
        }
      });
    } catch (IOException e) {
      throw new IllegalStateException(e); // cannot happen on a byte array
    }
    LogFormat f;
    if (counts[0] == 0 && counts[1] == 0) {
      f = LogFormat.UNKNOWN;
    } else {
      f = counts[0] >= counts[1] ? LogFormat.UNIFIED : LogFormat.JDK8_STYLE;
    }
    return new Sniff(f, false, counts[0], counts[1], counts[2]);
  }

  /**
   * A unified-logging line starts with bracketed decorators and carries a gc-family tag, e.g.
   * {@code [0.011s][info][gc,init] ...} or {@code [2023-01-01T10:00:00.000+0000][gc] ...}.
   */
  public static boolean looksUnified(Line line) {
    if (line.startsWith("GC(") && Line.isDigit(line.at(3))) {
      return true; // -Xlog:gc*:file=x:none (no decorators)
    }
    if (line.length() < 4 || line.charAt(0) != '[') {
      return false;
    }
    char c = line.charAt(1);
    if (!(Line.isDigit(c) || (c >= 'a' && c <= 'z'))) {
      return false;
    }
    int close = line.indexOf(']');
    if (close < 0) {
      return false;
    }
    // a gc / safepoint tag in one of the decorator brackets (they are all before the message)
    int limit = Math.min(line.length(), 200);
    for (int i = 0; i < limit - 3; i++) {
      if (line.charAt(i) == '[' || line.charAt(i) == ',') {
        if (line.startsWith("gc", i + 1) || line.startsWith("safepoint", i + 1)) {
          return true;
        }
      }
    }
    // no tags decorator (e.g. -Xlog:gc*:file=x:uptimenanos,pid,tid): a GC id after the decorators
    int end = close;
    while (end + 1 < line.length() && line.charAt(end + 1) == '[') {
      int next = line.indexOf(']', end + 1);
      if (next < 0) {
        return false;
      }
      end = next;
    }
    return line.startsWith("GC(", end + 1) || line.startsWith(" GC(", end + 1);
  }

  /** A JDK 8-style GC line: a time stamp then "[GC", a bare "[GC"/"[Full GC", a heap dump block, or header. */
  public static boolean looksJdk8(Line line) {
    if (line.isEmpty()) {
      return false;
    }
    if (line.startsWith("[GC") || line.startsWith("[Full GC") || line.startsWith("{Heap before")
        || line.startsWith("CommandLine flags:") || line.startsWith("Java HotSpot")
        || line.startsWith("OpenJDK") || line.startsWith("Memory: ") || line.startsWith("[CMS")
        || line.startsWith("Total time for which") || line.startsWith("Desired survivor")
        || line.startsWith("Shenandoah Heap")) {
      return true;
    }
    if (!Line.isDigit(line.charAt(0))) {
      return false;
    }
    int bracket = line.indexOf(": [", 0);
    return bracket > 0 && bracket < 60 || line.indexOf(": Total time for which") > 0
        || line.indexOf(": Application time:") > 0;
  }
}
