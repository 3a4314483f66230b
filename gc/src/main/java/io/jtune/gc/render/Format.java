package io.jtune.gc.render;

import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.analysis.Analysis;
import java.util.Locale;

/** Number formatting shared by the human-readable renderers. */
final class Format {
  private Format() {}

  static String ms(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (v >= 1000) {
      return String.format(Locale.US, "%,.0f", v);
    }
    if (v >= 10) {
      return String.format(Locale.US, "%.1f", v);
    }
    // sub-millisecond pauses (ZGC, Shenandoah) keep their microseconds: 0.012, not 0.01
    return String.format(Locale.US, v < 1 ? "%.3f" : "%.2f", v);
  }

  /** {@code v} of a phase's or cycles' durations, or "-" when the log times none of them (not 0). */
  static String ms(ConcurrentAggregator.Durations d, double v) {
    return d.timed() == 0 ? "-" : ms(v);
  }

  static String num(double v) {
    return Double.isNaN(v) ? "-" : (v == Math.rint(v) ? String.format(Locale.US, "%.0f", v) : String.format(Locale.US, "%.2f", v));
  }

  static String count(long v) {
    return String.format(Locale.US, "%,d", v);
  }

  static String rate(double mbps) {
    return Double.isNaN(mbps) ? "- (not in the log)" : String.format(Locale.US, "%.2f MB/s", mbps);
  }

  static String duration(double s) {
    if (s < 60) {
      return String.format(Locale.US, "%.1f s", s);
    }
    if (s < 3600) {
      return String.format(Locale.US, "%dm %02ds", (long) s / 60, (long) s % 60);
    }
    if (s < 86400 * 2) {
      return String.format(Locale.US, "%dh %02dm", (long) s / 3600, ((long) s % 3600) / 60);
    }
    return String.format(Locale.US, "%.1f days", s / 86400);
  }

  /** "GC(7) at 2024-05-01T10:15:30.123+02:00" when the log carries dates, else "GC(7) at 142.237 s" (uptime). */
  static String when(long gcId, double uptimeS, Analysis a) {
    String iso = IsoTime.of(a.span().epochAt(uptimeS), a.input().wallClockOffset());
    return (gcId >= 0 ? "GC(" + gcId + ") " : "")
        + (iso != null ? "at " + iso : String.format(Locale.US, "at %.3f s", uptimeS));
  }

}
