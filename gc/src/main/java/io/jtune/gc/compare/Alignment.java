package io.jtune.gc.compare;

import io.jtune.common.JtuneException;
import io.jtune.gc.render.IsoTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the sides are put on one time axis: over the wall-clock range they have in common when
 * every log has dates and the ranges overlap by a window at least (a side's range runs from its
 * first JVM's start to its last one's end); else by JVM uptime (the time since each JVM
 * started: the range every JVM of every side covers), saying why. The range is cut into whole
 * windows from its start.
 *
 * @param wallClock whether the axis is the wall clock (else uptime)
 * @param note why uptime was used, or null
 * @param start start of the common range: epoch seconds or uptime seconds
 * @param windowS the window
 * @param windows how many whole windows the common range holds
 */
public record Alignment(boolean wallClock, String note, double start, double windowS, int windows) {

  public static Alignment of(List<CompareSide> sides, double windowS) {
    List<String> undated = new ArrayList<>();
    for (CompareSide s : sides) {
      if (!s.wallClock()) {
        undated.add(s.label());
      }
    }
    String note;
    if (undated.isEmpty()) {
      Alignment wall = common(sides, windowS, true, null);
      String gaps = wall.windows() > 0 ? gaps(sides, wall) : null;
      if (wall.windows() > 0 && gaps == null) {
        return wall;
      }
      note = wall.windows() == 0
          ? "the logs do not share a window of wall-clock time (" + ranges(sides) + "): aligned by JVM uptime"
          : "the logs do not run side by side in wall-clock time (" + gaps + "): aligned by JVM uptime";
    } else {
      note = String.join(", ", undated) + (undated.size() == 1 ? "'s log has" : "'s logs have")
          + " no date stamps: aligned by JVM uptime";
    }
    Alignment up = common(sides, windowS, false, note);
    if (up.windows() == 0) {
      throw new JtuneException("the logs share less than one window (" + seconds(windowS) + ") of time, by wall clock"
          + " or by uptime; give a shorter --window");
    }
    return up;
  }

  private static Alignment common(List<CompareSide> sides, double windowS, boolean wall, String note) {
    double start = Double.NEGATIVE_INFINITY;
    double end = Double.POSITIVE_INFINITY;
    for (CompareSide s : sides) {
      if (wall) {
        start = Math.max(start, s.jvms().stream().mapToDouble(a -> CompareSide.start(a, true)).min().orElseThrow());
        end = Math.min(end, s.jvms().stream().mapToDouble(a -> CompareSide.end(a, true)).max().orElseThrow());
      } else {
        for (var a : s.jvms()) {
          start = Math.max(start, CompareSide.start(a, false));
          end = Math.min(end, CompareSide.end(a, false));
        }
      }
    }
    int n = end > start ? (int) Math.min(Integer.MAX_VALUE, Math.floor((end - start) / windowS)) : 0;
    return new Alignment(wall, note, start, windowS, n);
  }

  /** The share of the common range a side's JVMs must cover for a side-by-side comparison. */
  static final double MIN_COVER = 0.9;

  /**
   * Which sides' JVMs leave more than a tenth of the common wall-clock range uncovered (runs of
   * one side interleaved with the other's, say), in words; null when every side covers it.
   */
  private static String gaps(List<CompareSide> sides, Alignment wall) {
    List<String> out = new ArrayList<>();
    double from = wall.start();
    double to = wall.start() + wall.lengthS();
    for (CompareSide s : sides) {
      List<double[]> spans = new ArrayList<>();
      for (var a : s.jvms()) {
        spans.add(new double[] {Math.max(from, CompareSide.start(a, true)), Math.min(to, CompareSide.end(a, true))});
      }
      spans.sort((x, y) -> Double.compare(x[0], y[0]));
      double covered = 0;
      double reach = from;
      for (double[] sp : spans) {
        double lo = Math.max(sp[0], reach);
        if (sp[1] > lo) {
          covered += sp[1] - lo;
          reach = sp[1];
        }
      }
      double share = covered / (to - from);
      if (share < MIN_COVER) {
        out.add(String.format(Locale.US, "%s's JVMs run in %.0f %% of the time both sides span", s.label(), 100 * share));
      }
    }
    return out.isEmpty() ? null : String.join(", ", out);
  }

  private static String ranges(List<CompareSide> sides) {
    List<String> r = new ArrayList<>();
    for (CompareSide s : sides) {
      var first = s.jvms().get(0);
      var last = s.jvms().get(s.jvms().size() - 1);
      ZoneOffset off = first.input().wallClockOffset();
      r.add(s.label() + " " + IsoTime.of(first.span().firstEpochMs(), off) + " to "
          + IsoTime.of(last.span().lastEpochMs(), off));
    }
    return String.join("; ", r);
  }

  /** The window index of a time on this axis, or -1 outside the common range. */
  public int indexOf(double t) {
    double rel = (t - start) / windowS;
    return rel >= 0 && rel < windows ? (int) rel : -1;
  }

  /** The common range's length, seconds. */
  public double lengthS() {
    return windows * windowS;
  }

  /** The axis in words. */
  public String describe() {
    return (wallClock ? "common wall-clock range" : "common JVM uptime range") + ": " + windows + " windows of "
        + seconds(windowS) + " (" + seconds(lengthS()) + ")";
  }

  static String seconds(double s) {
    if (s >= 120) {
      return String.format(Locale.US, "%.1f min", s / 60);
    }
    return String.format(Locale.US, s == Math.rint(s) ? "%.0f s" : "%.1f s", s);
  }
}
