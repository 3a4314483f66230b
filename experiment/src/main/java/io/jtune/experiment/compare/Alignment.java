package io.jtune.experiment.compare;

import io.jtune.core.JtuneException;
import io.jtune.core.render.IsoTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the sides are put on one time axis: over the wall-clock range they have in common when
 * every log has dates and the ranges overlap by a window at least; else by JVM uptime (the time
 * since each JVM started), saying why. The range is cut into whole windows from its start.
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
      if (wall.windows() > 0) {
        return wall;
      }
      note = "the logs do not share a window of wall-clock time (" + ranges(sides) + "): aligned by JVM uptime";
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
      start = Math.max(start, s.start(wall));
      end = Math.min(end, s.end(wall));
    }
    int n = end > start ? (int) Math.min(Integer.MAX_VALUE, Math.floor((end - start) / windowS)) : 0;
    return new Alignment(wall, note, start, windowS, n);
  }

  private static String ranges(List<CompareSide> sides) {
    List<String> r = new ArrayList<>();
    for (CompareSide s : sides) {
      ZoneOffset off = s.analysis().input().wallClockOffset();
      r.add(s.label() + " " + IsoTime.of(s.analysis().span().firstEpochMs(), off) + " to "
          + IsoTime.of(s.analysis().span().lastEpochMs(), off));
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
