package io.jtune.gc.render.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.aggregate.Series;
import io.jtune.common.format.JsonNumbers;
import java.util.List;

/**
 * A {@link Series} as the points a chart draws: each bucket gives its minimum and its maximum at
 * the times they were seen, in time order, or one point when both are the same observation. So a
 * chart shows every spike and dip of the log while drawing at most twice the series' capacity.
 */
public final class ChartSeries {
  private ChartSeries() {}

  /** Number of chart points {@code points} expand to. */
  static int pointCount(List<Series.Point> points) {
    int n = 0;
    for (Series.Point p : points) {
      n += single(p) ? 1 : 2;
    }
    return n;
  }

  /**
   * The series as a JSON object {@code {id, label, total, t: [...], v: [...]}}: times in seconds,
   * values multiplied by {@code scale} (e.g. bytes to MB), both rounded for size.
   */
  public static ObjectNode json(String id, String label, Series s, double scale, int decimals) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("id", id);
    o.put("label", label);
    o.put("total", s.total());
    ArrayNode t = o.putArray("t");
    ArrayNode v = o.putArray("v");
    for (Series.Point p : s.points()) {
      if (single(p)) {
        t.add(round(p.maxAtS(), 3));
        v.add(round(p.max() * scale, decimals));
      } else if (p.minAtS() <= p.maxAtS()) {
        t.add(round(p.minAtS(), 3));
        v.add(round(p.min() * scale, decimals));
        t.add(round(p.maxAtS(), 3));
        v.add(round(p.max() * scale, decimals));
      } else {
        t.add(round(p.maxAtS(), 3));
        v.add(round(p.max() * scale, decimals));
        t.add(round(p.minAtS(), 3));
        v.add(round(p.min() * scale, decimals));
      }
    }
    return o;
  }

  private static boolean single(Series.Point p) {
    return p.minAtS() == p.maxAtS() && p.min() == p.max();
  }

  /** {@code v} rounded to {@code decimals} places; 0 for NaN and infinities (never in JSON). */
  public static double round(double v, int decimals) {
    Double r = JsonNumbers.round(v, decimals);
    return r == null ? 0 : r;
  }
}
