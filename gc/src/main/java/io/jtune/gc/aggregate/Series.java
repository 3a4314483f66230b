package io.jtune.gc.aggregate;

import java.util.ArrayList;
import java.util.List;

/**
 * A time series kept to a bounded number of points for charts: when full, neighbouring buckets
 * are merged pairwise, keeping each bucket's minimum and maximum so spikes survive.
 */
public final class Series {
  /** One bucket: its time span and the extreme values seen in it (with their times). */
  public record Point(double startS, double endS, double min, double minAtS, double max, double maxAtS, long count) {}

  private final int capacity;
  private final List<double[]> buckets = new ArrayList<>(); // startS, endS, min, minAt, max, maxAt, count
  /** The newest bucket (the one values are added to), or null; kept to avoid List.get per value. */
  private double[] last;
  private double bucketWidthS;
  private long total;

  public Series(int capacity) {
    if (capacity < 2) {
      throw new IllegalArgumentException("capacity < 2");
    }
    this.capacity = capacity;
  }

  public void add(double timeS, double value) {
    total++;
    double[] last = this.last;
    if (last != null && timeS <= last[0] + bucketWidthS) {
      last[1] = Math.max(last[1], timeS);
      if (value < last[2]) {
        last[2] = value;
        last[3] = timeS;
      }
      if (value > last[4]) {
        last[4] = value;
        last[5] = timeS;
      }
      last[6]++;
      return;
    }
    this.last = new double[] {timeS, timeS, value, timeS, value, timeS, 1};
    buckets.add(this.last);
    if (buckets.size() > capacity) {
      compact();
    }
  }

  private void compact() {
    double first = buckets.get(0)[0];
    double last = buckets.get(buckets.size() - 1)[1];
    bucketWidthS = Math.max(bucketWidthS * 2, (last - first) / (capacity / 2.0));
    // merged in place: a bucket is folded into the one kept before it, or kept (moved down)
    int kept = 0;
    double[] cur = null;
    for (int i = 0, n = buckets.size(); i < n; i++) {
      double[] b = buckets.get(i);
      if (cur != null && b[0] <= cur[0] + bucketWidthS) {
        cur[1] = Math.max(cur[1], b[1]);
        if (b[2] < cur[2]) {
          cur[2] = b[2];
          cur[3] = b[3];
        }
        if (b[4] > cur[4]) {
          cur[4] = b[4];
          cur[5] = b[5];
        }
        cur[6] += b[6];
      } else {
        cur = b;
        buckets.set(kept++, b);
      }
    }
    buckets.subList(kept, buckets.size()).clear();
    this.last = cur;
  }

  /** Number of values added (before downsampling). */
  public long total() {
    return total;
  }

  public List<Point> points() {
    List<Point> out = new ArrayList<>(buckets.size());
    for (double[] b : buckets) {
      out.add(new Point(b[0], b[1], b[2], b[3], b[4], b[5], (long) b[6]));
    }
    return out;
  }
}
