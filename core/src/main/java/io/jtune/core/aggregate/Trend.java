package io.jtune.core.aggregate;

/** A least-squares line through (time, bytes) points, kept as running sums. */
public final class Trend {
  private long n;
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
    if (n == 0) {
      firstX = x;
      firstY = y;
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

  /** Slope in bytes per second, or NaN with fewer than 3 points or no time spread. */
  public double slopePerS() {
    double d = n * sxx - sx * sx;
    return n < 3 || d <= 0 ? Double.NaN : (n * sxy - sx * sy) / d;
  }

  /** Slope in MB per hour, or NaN. */
  public double slopeMBph() {
    return slopePerS() * 3600 / (1 << 20);
  }

  /** Coefficient of determination of the fit (0..1), or NaN. */
  public double r2() {
    double dx = n * sxx - sx * sx;
    double dy = n * syy - sy * sy;
    if (n < 3 || dx <= 0 || dy <= 0) {
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
