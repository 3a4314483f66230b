package io.jtune.experiment.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A {@link GcAttribution} in words, a few lines for terminal and Markdown reports. */
public final class AttributionText {
  /** The rule that puts a request in a pause, in words. */
  static final String RULE = "the pause time inside it at least " + PauseAttribution.SHARE_WORDS
      + " of its latency above the median and of the median (of its latency, if shorter)";

  private AttributionText() {}

  /** The figures as lines, most telling first. */
  public static List<String> lines(GcAttribution a) {
    List<String> out = new ArrayList<>();
    if (a.slowRequests() == 0) {
      out.add(String.format(Locale.US, "no request was slower than p99 (%.2f ms) among %,d", a.slowThresholdMs(),
          a.requests()));
    } else {
      out.add(String.format(Locale.US, "requests slower than p99 (%.2f ms): %s of %,d held up by a GC pause (%s)",
          a.slowThresholdMs(), share(a.slowInPause(), a.slowInPauseShare()), a.slowRequests(), RULE));
      out.add(String.format(Locale.US, "pause time inside them: %.1f ms (each pause counted once), %.2f ms per slow"
          + " request, %s of their latency", a.pauseMsInSlow(), a.pauseMsPerSlow(), pct(a.slowLatencyInPauseShare())));
    }
    out.add(String.format(Locale.US, "all requests: %s of %,d held up by a GC pause (%s)", share(a.allInPause(),
        a.allInPauseShare()), a.requests(), RULE));
    out.add(String.format(Locale.US, "GC pauses during the requests: %d, %.1f ms in all", a.pauses(),
        a.pauseMsTotal()));
    if (a.sampleStride() > 1) {
      out.add("(an even sample: 1 request in " + a.sampleStride() + " was kept)");
    }
    return out;
  }

  /** One line, such as "71 of 86 requests slower than p99 (12.30 ms) held up by a GC pause (82.6 %; all requests 12.1 %); ...". */
  public static String summary(GcAttribution a) {
    String s = String.format(Locale.US, "%,d of %,d requests slower than p99 (%.2f ms) held up by a GC pause (%s;"
        + " all requests %s); %.1f ms of pause inside them", a.slowInPause(), a.slowRequests(), a.slowThresholdMs(),
        pct(a.slowInPauseShare()), pct(a.allInPauseShare()), a.pauseMsInSlow());
    if (a.pauseMsPerSlow() != null) {
      s += String.format(Locale.US, ", %.2f ms per slow request", a.pauseMsPerSlow());
    }
    return s + String.format(Locale.US, "; %d pauses, %.1f ms in all", a.pauses(), a.pauseMsTotal());
  }

  private static String share(int part, Double share) {
    return String.format(Locale.US, "%,d (%s)", part, pct(share));
  }

  private static String pct(Double share) {
    return share == null ? "n/a" : String.format(Locale.US, "%.1f %%", 100 * share);
  }
}
