package io.jtune.gc.aggregate;

/**
 * A least-squares line through (time, bytes) points, kept as running sums. A slope is given only
 * from enough data: at least {@link #MIN_POINTS} points over at least {@link #MIN_SPAN_S} seconds,
 * with no gap between two consecutive points longer than three quarters of the span (two clusters either side
 * of a long gap fit any line perfectly and say nothing about the time between them). A point
 * earlier than the one before it (the log's clock went back: a damaged or hand-edited line) is
 * left out: a trend runs forward in time, and its span is never negative.
 */
public final class Trend {
  /** Fewest points a slope is fitted to. */
  public static final int MIN_POINTS = 3;
  /** Shortest time a slope is fitted over, seconds. */
  public static final double MIN_SPAN_S = 30;
  /** Largest share of the span one gap between consecutive points may take. */
  public static final double MAX_GAP_SHARE = 0.75;

  private long n;
  private double maxGapS;
  private double sx;
  private double sy;
  private double sxx;
  private double sxy;
  private double syy;
  private double firstX = Double.NaN;
  private double lastX;
  private double firstY;
  private double lastY;

  public void add(double x, double y) {
    if (Double.isNaN(x) || n > 0 && x < lastX) {
      return;
    }
    if (n == 0) {
      firstX = x;
      firstY = y;
    } else {
      maxGapS = Math.max(maxGapS, x - lastX);
    }
    lastX = x;
    lastY = y;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }

  public long count() {
    return n;
  }

  /** Whether the points are enough for a slope (see the class comment). */
  public boolean enoughData() {
    double span = spanS();
    return n >= MIN_POINTS && span >= MIN_SPAN_S && maxGapS <= MAX_GAP_SHARE * span;
  }

  /** Why there is no slope, or null when there is one. */
  public String notEnoughDataReason() {
    if (n < MIN_POINTS) {
      return "not enough data: " + n + " point(s), at least " + MIN_POINTS + " needed";
    }
    if (spanS() < MIN_SPAN_S) {
      return String.format(java.util.Locale.US, "not enough data: the points cover %.3f s, at least %.0f s needed",
          spanS(), MIN_SPAN_S);
    }
    if (maxGapS > MAX_GAP_SHARE * spanS()) {
      return String.format(java.util.Locale.US, "not enough data: a gap of %.1f s without points in a span of %.1f s",
          maxGapS, spanS());
    }
    return null;
  }

  /** Longest time between two consecutive points, seconds. */
  public double maxGapS() {
    return maxGapS;
  }

  /** Slope in bytes per second, or NaN without {@linkplain #enoughData() enough data}. */
  public double slopePerS() {
    return enoughData() ? fittedSlopePerS() : Double.NaN;
  }

  /**
   * The least-squares slope of whatever points there are, without the span and gap rules of
   * {@link #enoughData()} (a caller that chose its points itself, such as one per part of a short
   * run); NaN when the points do not span any time.
   */
  public double fittedSlopePerS() {
    double d = n * sxx - sx * sx;
    return d <= 0 ? Double.NaN : (n * sxy - sx * sy) / d;
  }

  /** Slope in MB per hour, or NaN. */
  public double slopeMBph() {
    return slopePerS() * 3600 / (1 << 20);
  }

  /** Coefficient of determination of the fit (0..1), or NaN. */
  public double r2() {
    return enoughData() ? fittedR2() : Double.NaN;
  }

  /** The fit's coefficient of determination without the rules of {@link #enoughData()}. */
  public double fittedR2() {
    double dx = n * sxx - sx * sx;
    double dy = n * syy - sy * sy;
    if (dx <= 0 || dy <= 0) {
      return Double.NaN;
    }
    double r = (n * sxy - sx * sy) / Math.sqrt(dx * dy);
    return r * r;
  }

  public double spanS() {
    return n == 0 ? 0 : lastX - firstX;
  }

  public double firstY() {
    return firstY;
  }

  public double lastY() {
    return lastY;
  }
}
