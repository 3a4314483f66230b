package io.jtune.gc.analysis;

import io.jtune.common.units.ByteSize;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.aggregate.Trend;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run's live set was still rising at its end, judged on one short run at a fixed heap
 * (a memory search's answer run longer): the lower envelope of the old generation after its
 * collections, the lowest occupancy in each of up to {@value #SEGMENTS} equal parts of the run
 * (each part holding at least one collection of the old generation, so its lowest point is what
 * survived one), fitted by least squares. It rises when the fit is good ({@link
 * MemoryModel#LEAK_R2}), it grew by at least {@link #MIN_GROWTH_BYTES} and {@link
 * #MIN_GROWTH_SHARE} of the heap, and its later half rose at no less than {@link
 * MemoryModel#LEVELLED_SHARE} of its whole rate (else it levelled off: a cache that filled).
 *
 * <p>The memory model's own trend asks for 32 MB of growth, made for long logs of large heaps; a
 * 64 MB heap is full before that. Found on Apache Tomcat at 64 MB under 2,500 req/s, one HTTP
 * session per request kept for 30 minutes: 12 -> 39 MB in 80 s, which the memory model called a
 * leak in one run and a level live set of 39 MB in the next.
 *
 * @param collections the old generation's collections (Full GCs or concurrent cycles) in the run
 * @param firstBytes the envelope's first point
 * @param lastBytes its last point
 * @param spanS the time between them
 * @param slopeBytesPerS the fitted rate
 * @param r2 the fit's coefficient of determination
 * @param laterBytesPerS the rate over the later half of the points
 */
public record LiveSetEnvelope(long collections, long firstBytes, long lastBytes, double spanS, double slopeBytesPerS,
    double r2, double laterBytesPerS) {
  /** Parts of the run, at most. */
  public static final int SEGMENTS = 6;
  /** Least growth that counts, bytes... */
  public static final long MIN_GROWTH_BYTES = 8L << 20;
  /** ...and share of the heap. */
  public static final double MIN_GROWTH_SHARE = 0.1;

  /**
   * The envelope of {@code a}'s old generation, or null when the old generation was collected fewer
   * than three times (its live set is not measured) or the points are too few for a line.
   */
  public static LiveSetEnvelope of(Analysis a) {
    MemoryAggregator m = a.memory();
    long collections = Math.max(m.fullGcsWithOld(), a.concurrent().cycles().count());
    List<Series.Point> pts = m.oldAfter().points();
    if (collections < 3 || pts.size() < 3) {
      return null;
    }
    double t0 = pts.get(0).startS();
    double width = (pts.get(pts.size() - 1).endS() - t0) / Math.min(SEGMENTS, collections);
    if (!(width > 0)) {
      return null;
    }
    List<double[]> low = new ArrayList<>(); // time, bytes
    for (Series.Point p : pts) {
      int part = (int) Math.min(Math.min(SEGMENTS, collections) - 1, (p.minAtS() - t0) / width);
      while (low.size() <= part) {
        low.add(null);
      }
      double[] cur = low.get(part);
      if (cur == null || p.min() < cur[1]) {
        low.set(part, new double[] {p.minAtS(), p.min()});
      }
    }
    low.removeIf(x -> x == null);
    double[] first = low.get(0);
    double[] last = low.get(low.size() - 1);
    if (low.size() < 3 || !(last[0] > first[0])) {
      return null;
    }
    double[] mid = low.get((low.size() - 1) / 2);
    double later = last[0] > mid[0] ? (last[1] - mid[1]) / (last[0] - mid[0]) : 0;
    Trend fit = new Trend();
    low.forEach(x -> fit.add(x[0], x[1]));
    // the parts' lowest points are chosen here, one a part: the fit without the trend's span and gap rules
    return new LiveSetEnvelope(collections, (long) first[1], (long) last[1], last[0] - first[0],
        fit.fittedSlopePerS(), fit.fittedR2(), later);
  }

  /** Whether it was still rising at the end, in a heap of {@code heapBytes} (see the class comment). */
  public boolean rising(long heapBytes) {
    double grown = lastBytes - firstBytes;
    return slopeBytesPerS > 0 && r2 >= MemoryModel.LEAK_R2
        && grown >= Math.max(MIN_GROWTH_BYTES, MIN_GROWTH_SHARE * Math.max(0, heapBytes))
        && laterBytesPerS >= MemoryModel.LEVELLED_SHARE * slopeBytesPerS;
  }

  /** The rise in words, with when it fills {@code heapBytes} at that rate (-1: not said). */
  public String words(long heapBytes) {
    double perMin = slopeBytesPerS * 60;
    String fill = heapBytes > lastBytes && slopeBytesPerS > 0 ? String.format(Locale.US, "; at that rate the %s heap"
        + " is full of it in about %s", ByteSize.human(heapBytes), duration((heapBytes - lastBytes) / slopeBytesPerS))
        : "";
    return String.format(Locale.US, "the old generation after its collections (its lowest point in each part of the"
        + " run, %d collections of it) rose from %s to %s in %.0f s (%s a minute, R² %.2f) and was still rising at the"
        + " end%s", collections, ByteSize.human(firstBytes), ByteSize.human(lastBytes), spanS, ByteSize.human(perMin),
        r2, fill);
  }

  private static String duration(double s) {
    return s < 90 ? String.format(Locale.US, "%.0f s", Math.max(1, s)) : s < 5400
        ? String.format(Locale.US, "%.0f min", s / 60) : String.format(Locale.US, "%.1f hours", s / 3600);
  }
}
