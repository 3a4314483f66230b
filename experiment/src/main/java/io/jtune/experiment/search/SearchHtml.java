package io.jtune.experiment.search;

import io.jtune.common.format.Html;
import io.jtune.experiment.plan.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The search as one self-contained HTML page: an inline SVG chart of throughput and the SLO's
 * latency against the first parameter's values (a memory search: against the sizes probed) (the service's flags; the SLO's bound and the
 * offered rate as dashed lines, the winner marked), then the report's table. No script, no
 * external resource (a Content-Security-Policy allows none); every text is escaped.
 */
public final class SearchHtml {
  public static final String FILE = "search.html";
  private static final int W = 720;
  private static final int H = 320;
  private static final int LEFT = 70;
  private static final int RIGHT = 70;
  private static final int TOP = 30;
  private static final int BOTTOM = 50;

  private SearchHtml() {}

  /** The page. */
  public static String page(SearchResult s) {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        .append("<title>").append(Html.escape(title(s))).append("</title>\n")
        .append("<style>body{font-family:sans-serif;margin:2em}pre{background:#f6f6f6;padding:1em;overflow-x:auto}"
            + "svg text{font-size:12px}</style></head><body>\n")
        .append("<h1>").append(Html.escape(title(s))).append("</h1>\n")
        .append("<p>").append(Html.escape("Objective: " + s.spec().objective().key() + ". SLO: " + s.sloWords() + "."))
        .append("</p>\n");
    b.append(chart(s));
    b.append("<pre>");
    for (String line : SearchText.lines(s)) {
      b.append(Html.escape(line)).append('\n');
    }
    b.append("</pre>\n</body></html>\n");
    return b.toString();
  }

  private static String title(SearchResult s) {
    if (s.footprint() != null) {
      return (s.spec().objective() == Objective.COST ? "Cost search: " : "Footprint search: ")
          + s.footprint().grid().describe();
    }
    return "Search over " + s.spec().params().get(0).describe();
  }

  /** The chart: the first parameter's values, with the service's own flags, in order of size. */
  static String chart(SearchResult s) {
    List<Arm> points = new ArrayList<>(s.arms().stream().filter(a -> !a.ownConfiguration())
        .filter(a -> a.cost().get(a.cost().size() - 1) == 0.0).filter(a -> a.summary(Metric.THROUGHPUT).n() > 0)
        .sorted(Arm::cheaper).toList());
    Footprint f = s.footprint();
    String param = f != null ? (f.grid().limits() ? "memory limit, MB" : "heap, MB") : s.spec().params().get(0).name();
    Metric lat = s.latency();
    if (points.isEmpty()) {
      return "<p>No configuration served a request: nothing to chart.</p>\n";
    }
    double tpMax = Math.max(s.racing().offeredRps(), points.stream().mapToDouble(a -> a.mean(Metric.THROUGHPUT)).max()
        .orElse(1)) * 1.1;
    double sloMs = s.spec().slo() != null && s.spec().slo().latency() != null ? s.spec().slo().latencyMs() : Double.NaN;
    double latMax = Math.max(Double.isNaN(sloMs) ? 0 : sloMs, points.stream().mapToDouble(a -> a.mean(lat)).max()
        .orElse(1)) * 1.1;
    double plotW = W - LEFT - RIGHT;
    double plotH = H - TOP - BOTTOM;
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.US, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
        + " role=\"img\" aria-label=\"%s\">\n", W, H, Html.escape("throughput and " + lat.key() + " against " + param)));
    b.append(String.format(Locale.US, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" fill=\"none\""
        + " stroke=\"#999\"/>\n", LEFT, TOP, plotW, plotH));
    StringBuilder tpLine = new StringBuilder();
    StringBuilder latLine = new StringBuilder();
    for (int i = 0; i < points.size(); i++) {
      Arm a = points.get(i);
      double x = LEFT + (points.size() == 1 ? plotW / 2 : plotW * i / (points.size() - 1));
      double ty = TOP + plotH * (1 - a.mean(Metric.THROUGHPUT) / tpMax);
      double ly = TOP + plotH * (1 - Math.min(a.mean(lat), latMax) / latMax);
      tpLine.append(String.format(Locale.US, "%.1f,%.1f ", x, ty));
      latLine.append(String.format(Locale.US, "%.1f,%.1f ", x, ly));
      String value = f != null ? Long.toString(Math.round(a.cost().get(0)))
          : a.candidate().params().getOrDefault(param, "?");
      b.append(String.format(Locale.US, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
          H - BOTTOM + 18, Html.escape(value)));
      b.append(String.format(Locale.US, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#1f77b4\"><title>%s</title>"
          + "</circle>\n", x, ty, Html.escape(a.name() + ": " + Metric.THROUGHPUT.format(a.mean(Metric.THROUGHPUT))
          + " req/s")));
      b.append(String.format(Locale.US, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#d62728\"><title>%s</title>"
          + "</circle>\n", x, ly, Html.escape(a.name() + ": " + lat.key() + " " + lat.format(a.mean(lat)) + " ms")));
      if (a == s.winner()) {
        b.append(String.format(Locale.US, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">"
            + "winner</text>\n", x, TOP - 8));
      }
    }
    b.append("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"").append(tpLine.toString().trim())
        .append("\"/>\n");
    b.append("<polyline fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\" points=\"").append(latLine.toString().trim())
        .append("\"/>\n");
    if (!Double.isNaN(sloMs)) {
      double y = TOP + plotH * (1 - sloMs / latMax);
      b.append(String.format(Locale.US, "<line x1=\"%d\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#d62728\""
          + " stroke-dasharray=\"6 4\"/><text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#d62728\">%s</text>\n",
          LEFT, LEFT + plotW, y, y, LEFT + plotW - 4, y - 4, Html.escape("SLO " + lat.key() + " <= "
              + lat.format(sloMs) + " ms")));
    }
    if (s.racing().offeredRps() > 0) {
      double y = TOP + plotH * (1 - s.racing().offeredRps() / tpMax);
      b.append(String.format(Locale.US, "<line x1=\"%d\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#1f77b4\""
          + " stroke-dasharray=\"2 4\"/><text x=\"%d\" y=\"%.1f\" fill=\"#1f77b4\">%s</text>\n", LEFT, LEFT + plotW, y,
          y, LEFT + 4, y - 4, Html.escape("offered " + Metric.THROUGHPUT.format(s.racing().offeredRps()) + " req/s")));
    }
    // axes: throughput on the left, latency on the right, each from 0
    for (int k = 0; k <= 4; k++) {
      double y = TOP + plotH * (1 - k / 4.0);
      b.append(String.format(Locale.US, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#1f77b4\">%s</text>\n",
          LEFT - 6, y + 4, Metric.THROUGHPUT.format(tpMax * k / 4)));
      b.append(String.format(Locale.US, "<text x=\"%.0f\" y=\"%.1f\" fill=\"#d62728\">%s</text>\n", LEFT + plotW + 6,
          y + 4, String.format(Locale.US, "%.0f", latMax * k / 4)));
    }
    b.append(String.format(Locale.US, "<text x=\"%d\" y=\"%d\" fill=\"#1f77b4\">req/s</text>\n", 4, TOP - 8));
    b.append(String.format(Locale.US, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#d62728\">%s</text>\n", W - 4,
        TOP - 8, Html.escape(lat.key() + " ms")));
    b.append(String.format(Locale.US, "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", LEFT + plotW / 2,
        H - 8, Html.escape(param)));
    b.append("</svg>\n");
    return b.toString();
  }
}
