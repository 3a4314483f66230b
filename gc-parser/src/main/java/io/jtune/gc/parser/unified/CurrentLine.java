package io.jtune.gc.parser.unified;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;

/**
 * The line being read: its decorators (recognised by content, in any order, and reused as read
 * when a line starts with the same bytes as the line before), its time stamps (decoded only
 * when an event needs them), its tag family, GC id and indentation.
 */
final class CurrentLine {
  static final int TAGS_NONE = 0;
  static final int TAGS_GC = 1;
  static final int TAGS_ARGUMENTS = 2;
  static final int TAGS_OTHER = 3;
  static final int TAGS_STATISTICS = 4;

  private static final Ascii GC_STATS = Ascii.of("gc,stats");
  private static final Ascii SAFEPOINT_TAG = Ascii.of("safepoint");
  private static final Ascii ARGUMENTS_TAG = Ascii.of("arguments");
  private static final Ascii INFO = Ascii.of("info");
  private static final Ascii DEBUG = Ascii.of("debug");
  private static final Ascii TRACE = Ascii.of("trace");
  private static final Ascii WARNING = Ascii.of("warning");
  private static final Ascii ERROR = Ascii.of("error");

  /** The line being read; null between lines. */
  Line line;
  /** The decorations of the line before, up to its message, and how many bytes they took (0: none). */
  @io.jtune.gc.parser.NotState // a cache: the decorations of the line before, reused when the next has the same
  private byte[] decorations = new byte[64];
  private int decorationsLength;
  /** Off only in the test that checks reading with and without reuse gives the same. */
  boolean reuseDecorations = true;
  /**
   * Whether the current line has decorations (when they are reused, still true from the line
   * they were read on).
   */
  boolean decorated;
  // where the current line's time decorators are; decoded only when an event needs them
  private char uptimeUnit;
  private int uptimeAt;
  private char epochUnit;
  private int epochAt;
  private boolean timeDecoded;
  private double lineUptimeS;
  private long lineEpochMs;
  /** The tag family of the current line: one of the TAGS_ constants. */
  int tags;
  // set by the line dispatch (UnifiedLogParser.message)
  /** The line's GC id, or -1. */
  long gcId;
  /** Spaces between the GC id (or the decorations) and the message, less the one separator. */
  int indent;
  /** Where the message starts, after the GC id, indentation and generational ZGC's generation mark. */
  int nameStart;
  /** Generational ZGC's generation mark of the line: 'Y' (young, major), 'y' (young, minor), 'O' (old), else 0. */
  char generation;

  /**
   * Where the decorations of {@code l} end when they are the same bytes as the line before's (a
   * pause's lines mostly share time, level and tags): what they were read as still holds, the
   * decoded time included. -1 when they must be read ({@link #decorations}). Small enough for
   * C1 to inline: most lines of a big log take this path.
   */
  int reused(Line l) {
    int n = decorationsLength;
    return n > 0 && reuseDecorations && l.regionEquals(0, decorations, n) ? n : -1;
  }

  /** Reads the decorations of {@code l} (the current line); returns where they end. */
  int decorations(Line l) {
    int n = l.length();
    uptimeUnit = 0;
    epochUnit = 0;
    timeDecoded = false;
    tags = TAGS_NONE;
    int i = 0;
    decorated = false;
    while (i < n && l.charAt(i) == '[') {
      int close = l.indexOf(']', i + 1);
      if (close < 0) {
        break;
      }
      decoration(l, i + 1, close);
      decorated = true;
      i = close + 1;
    }
    boolean spaced = decorated && i < n && l.charAt(i) == ' ';
    if (spaced) {
      i++;
    }
    // decorations ended by a space were read from the bytes before i and no others (without
    // the space, the byte after them was looked at too: such lines are not remembered)
    decorationsLength = spaced ? i : 0;
    if (spaced) {
      if (decorations.length < i) {
        decorations = new byte[Math.max(i, 2 * decorations.length)];
      }
      l.copyTo(0, decorations, 0, i);
    }
    return i;
  }

  /** The current line's number. */
  long number() {
    return line.number();
  }

  private void decoration(Line l, int from, int to) {
    if (from >= to) {
      return;
    }
    char c = l.charAt(from);
    if (Line.isDigit(c)) {
      if (to - from >= 19 && l.charAt(from + 4) == '-') {
        epochUnit = 'i'; // time, utctime
        epochAt = from;
        return;
      }
      if (l.charAt(to - 1) != 's') {
        return; // pid or tid
      }
      char u = l.charAt(to - 2);
      int digits = to - 2 - from;
      if (u == 'm') {
        setTime(digits >= 12, 'm', from); // timemillis >= 1e11 (after 1973), else uptimemillis
      } else if (u == 'n') {
        setTime(digits >= 18, 'n', from); // timenanos >= 1e17, else uptimenanos
      } else {
        setTime(false, 's', from);
      }
      return;
    }
    switch (c) {
      case 'g' -> {
        if (l.at(from + 1) != 'c') {
          tags = TAGS_OTHER;
        } else if (from + 2 == to) {
          tags = TAGS_GC;
        } else {
          // nearly every line is "gc" or "gc,..."; only "gc,s..." can be the statistics tag
          char c2 = l.charAt(from + 2);
          if (c2 == ',' && l.at(from + 3) == 's' && l.startsWith(GC_STATS, from)) {
            tags = TAGS_STATISTICS;
          } else {
            tags = isTagEnd(c2) ? TAGS_GC : TAGS_OTHER;
          }
        }
      }
      case 's' -> tags = l.startsWith(SAFEPOINT_TAG, from) && (from + 9 == to || isTagEnd(l.charAt(from + 9)))
          ? TAGS_GC : TAGS_OTHER;
      case 'a' -> tags = l.startsWith(ARGUMENTS_TAG, from) ? TAGS_ARGUMENTS : TAGS_OTHER;
      default -> {
        if (!isLevel(l, from, to) && c >= 'a' && c <= 'z') {
          tags = TAGS_OTHER;
        }
      }
    }
  }

  private void setTime(boolean wallClock, char unit, int at) {
    if (wallClock) {
      epochUnit = unit;
      epochAt = at;
    } else {
      uptimeUnit = unit;
      uptimeAt = at;
    }
  }

  /** The current line's uptime decorator in seconds, or NaN. */
  double uptimeS() {
    decodeTime();
    return lineUptimeS;
  }

  /** The current line's wall-clock decorator in epoch ms, or {@link GcEvent#NO_EPOCH}. */
  long epochMs() {
    decodeTime();
    return lineEpochMs;
  }

  private void decodeTime() {
    if (timeDecoded) {
      return;
    }
    timeDecoded = true;
    Line l = line;
    lineUptimeS = switch (uptimeUnit) {
      case 's' -> l.parseDouble(uptimeAt);
      case 'm' -> l.parseLong(uptimeAt) / 1e3;
      case 'n' -> l.parseLong(uptimeAt) / 1e9;
      default -> Double.NaN;
    };
    long e = switch (epochUnit) {
      case 'i' -> l.parseIsoEpochMs(epochAt);
      case 'm' -> l.parseLong(epochAt);
      case 'n' -> l.parseLong(epochAt) / 1_000_000L;
      default -> Long.MIN_VALUE;
    };
    lineEpochMs = e == Long.MIN_VALUE ? GcEvent.NO_EPOCH : e;
  }

  private static boolean isTagEnd(char c) {
    return c == ',' || c == '+' || c == ' ';
  }

  private static boolean isLevel(Line l, int from, int to) {
    return switch (l.charAt(from)) {
      case 'i' -> word(l, from, to, INFO);
      case 'd' -> word(l, from, to, DEBUG);
      case 't' -> word(l, from, to, TRACE);
      case 'w' -> word(l, from, to, WARNING);
      case 'e' -> word(l, from, to, ERROR);
      default -> false;
    };
  }

  private static boolean word(Line l, int from, int to, Ascii w) {
    if (!l.startsWith(w, from)) {
      return false;
    }
    int e = from + w.length();
    return e == to || l.charAt(e) == ' ';
  }
}
