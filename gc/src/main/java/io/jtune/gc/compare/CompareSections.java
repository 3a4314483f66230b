package io.jtune.gc.compare;

import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.render.IsoTime;
import io.jtune.gc.render.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The comparison laid out as report sections, for text, Markdown and the HTML page's tables. */
public final class CompareSections {
  private CompareSections() {}

  public static List<Section> build(Comparison c) {
    return List.of(sides(c), windows(c), distributions(c), verdicts(c), findings(c));
  }

  private static Section sides(Comparison c) {
    List<List<String>> rows = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (CompareSide s : c.sides()) {
      rows.add(List.of(s.label(), s.argument(), s.collectors(), String.valueOf(s.jvms().size()), s.diagnosis().code(),
          Alignment.seconds(s.spanS())));
      if (s.jvms().size() > 1) {
        lines.add(s.label() + ": " + s.jvms().size() + " JVMs, " + (c.axis().wallClock()
            ? "their pauses added up per window" : "each with windows of its own (the table shows their mean)"));
      }
      if (s.restarts() > 0) {
        lines.add(s.label() + ": " + s.restarts() + " earlier JVM lifetime(s) inside its logs not compared (a log's"
            + " latest lifetime is)");
      }
    }
    lines.add(0, "Compared over the " + c.axis().describe() + (c.axis().note() != null ? "; " + c.axis().note() : "")
        + ". " + c.sides().get(0).label() + " is the reference.");
    return new Section("Sides", List.of("Side", "Logs", "Collector", "JVMs", "Diagnosis", "Span"), rows, lines);
  }

  /** The start of window {@code w}: its wall clock, or its JVM uptime. */
  static String windowStart(Comparison c, int w) {
    double t = c.axis().start() + w * c.axis().windowS();
    if (c.axis().wallClock()) {
      return IsoTime.of(Math.round(t * 1000), c.sides().get(0).jvms().get(0).input().wallClockOffset());
    }
    return String.format(Locale.US, "%.0f s", t);
  }

  private static final WindowMetric[] TABLE = {WindowMetric.YGC_COUNT, WindowMetric.YGC_MS, WindowMetric.FGC_COUNT,
      WindowMetric.FGC_MS, WindowMetric.MAX_PAUSE};

  private static Section windows(Comparison c) {
    List<String> headers = new ArrayList<>();
    headers.add(c.axis().wallClock() ? "Window start" : "Uptime");
    for (WindowMetric m : TABLE) {
      for (CompareSide s : c.sides()) {
        headers.add(s.label() + " " + m.label());
      }
    }
    List<List<String>> rows = new ArrayList<>();
    for (int w = 0; w < c.axis().windows(); w++) {
      List<String> row = new ArrayList<>();
      row.add(windowStart(c, w));
      for (WindowMetric m : TABLE) {
        for (SideWindows sw : c.windows()) {
          row.add(m.format(sw.value(w, m)));
        }
      }
      rows.add(row);
    }
    return new Section("GC per " + Alignment.seconds(c.axis().windowS()) + ", side by side", headers, rows, List.of());
  }

  private static Section distributions(Comparison c) {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < c.sides().size(); i++) {
      SideWindows sw = c.windows().get(i);
      PauseDistribution d = sw.pauses();
      rows.add(List.of(c.sides().get(i).label(), String.valueOf(d.count()), String.valueOf(sw.young()),
          String.valueOf(sw.full()), ms(d, 50), ms(d, 90), ms(d, 99), d.count() > 0 ? fmt(d.maxMs()) : "-",
          fmt(d.totalMs())));
    }
    return new Section("Pauses over the common range",
        List.of("Side", "Pauses", "Young", "Full", "p50 ms", "p90 ms", "p99 ms", "Max ms", "Total ms"), rows, List.of());
  }

  private static Section verdicts(Comparison c) {
    List<List<String>> rows = new ArrayList<>();
    for (MetricVerdict v : c.verdicts()) {
      rows.add(List.of(v.side() + " vs " + v.reference(), v.metric().label() + " per window",
          v.metric().format(v.referenceMean()), v.metric().format(v.mean()), v.metric().format(v.referenceMedian()),
          v.metric().format(v.median()), v.words()));
    }
    return new Section("Which side is better", List.of("Sides", "Metric", "Reference mean", "Side mean",
        "Reference median", "Side median", "Verdict"), rows, List.of("Two-sided Mann-Whitney U test over the "
        + c.axis().windows() + " windows of each side" + (c.axis().wallClock() ? "" : " (of each of its JVMs)")
        + ", significant below p = " + MetricVerdict.ALPHA + "; lower is better for every metric."));
  }

  private static Section findings(Comparison c) {
    List<String> lines = new ArrayList<>();
    for (Comparison.FindingsDiff d : c.findings()) {
      lines.add(describe(d.reference(), d.side(), d.onlyReference()));
      lines.add(describe(d.side(), d.reference(), d.onlySide()));
    }
    return Section.text("Findings on one side only", lines);
  }

  private static String describe(String has, String hasNot, List<Finding> only) {
    if (only.isEmpty()) {
      return "Only " + has + " (not " + hasNot + "): none";
    }
    List<String> parts = new ArrayList<>();
    only.forEach(f -> parts.add(f.id() + " (" + f.severity().label() + ": " + f.title() + ")"));
    return "Only " + has + " (not " + hasNot + "): " + String.join("; ", parts);
  }

  private static String ms(PauseDistribution d, double p) {
    return d.count() > 0 ? fmt(d.percentileMs(p)) : "-";
  }

  private static String fmt(double ms) {
    return String.format(Locale.US, "%.1f", ms);
  }
}
