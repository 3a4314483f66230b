package io.jtune.core.finding;

import io.jtune.core.aggregate.Example;
import io.jtune.core.aggregate.Trend;
import io.jtune.core.analysis.Analysis;
import java.util.List;
import java.util.Locale;

/**
 * The old generation's live set keeps growing: occupancy after Full GCs (or, without enough
 * Full GCs, the lowest old occupancy after GC per window) rises steadily over the log — a leak
 * suspect (such as HTTP sessions that are never used again but live for their whole TTL).
 */
final class OldGenGrowthRule implements FindingRule {
  /** Shortest span a trend is judged over. */
  private static final double MIN_SPAN_S = 30;
  /** Fewest points (Full GCs, or envelope groups) a trend is fitted to. */
  private static final int MIN_POINTS = 10;

  @Override
  public void evaluate(Analysis a, List<Finding> out) {
    Trend afterFull = a.memory().oldAfterFullTrend();
    boolean fullBased = afterFull.count() >= 3 && afterFull.spanS() >= MIN_SPAN_S;
    Trend t = fullBased ? afterFull : a.memory().oldTrend();
    String basis = fullBased ? "old generation after Full GC" : "lowest old-generation occupancy after GC";
    if ((!fullBased && t.count() < MIN_POINTS) || t.spanS() < MIN_SPAN_S) {
      return;
    }
    double slope = t.slopeMBph();
    double r2 = t.r2();
    double grownBytes = t.slopePerS() * t.spanS();
    long oldCap = Math.max(a.memory().old().allocated(), a.memory().heap().allocated());
    if (!(slope > 0) || !(r2 >= 0.6) || grownBytes < Math.max(32L << 20, 0.1 * Math.max(oldCap, 0))) {
      return;
    }
    String title = String.format(Locale.US, "Old-generation live set grows %.1f MB/hour (%s -> %s over %.1f h, R² %.2f)",
        slope, Sizes.mb(t.firstY()), Sizes.mb(t.lastY()), t.spanS() / 3600, r2);
    List<Example> ev = fullBased
        ? a.anomalies().fullGcs().examples()
        : List.of(new Example(-1, a.span().startS(), basis + " at start: " + Sizes.mb(t.firstY())),
            new Example(-1, a.span().endS(), basis + " at end: " + Sizes.mb(t.lastY())));
    String eta = "";
    if (oldCap > 0 && t.lastY() < oldCap) {
      double hoursLeft = (oldCap - t.lastY()) / (slope * (1 << 20));
      eta = String.format(Locale.US, " At this rate the %s it can use is full in about %.1f hours.",
          Sizes.mb(oldCap), hoursLeft);
    }
    out.add(new Finding("old-gen-growth", Severity.WARNING, title, ev, t.count(),
        "Objects that survive collections accumulate (" + basis + ")." + eta + " Take two heap dumps some"
            + " time apart (`jcmd PID GC.heap_dump`) and compare what grows: caches without bounds, HTTP"
            + " sessions with long TTLs, listeners and ThreadLocals are the usual suspects. More heap only"
            + " postpones it.",
        List.of()));
  }
}
