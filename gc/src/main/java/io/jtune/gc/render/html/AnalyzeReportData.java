package io.jtune.gc.render.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.LifetimeSummary;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.parser.ParseReport;
import io.jtune.gc.render.AnalysisSections;
import io.jtune.gc.render.IsoTime;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.Section;
import java.util.List;
import java.util.Map;

/**
 * The data of the HTML report's {@code analyze} part: KPIs, findings with evidence, the chart
 * series (already bounded by {@link Series}), the pause histogram, the per-window table and the
 * report tables of {@link AnalysisSections}. Its size does not grow with the log: no per-pause
 * events, series of at most twice their capacity in points, and at most
 * {@value #MAX_WINDOW_ROWS} window rows.
 */
final class AnalyzeReportData {
  /** Upper bounds of the pause histogram's buckets, ms; the last bucket is open. */
  static final double[] HISTOGRAM_BOUNDS_MS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000};
  /** Most rows of the per-window table; longer logs get wider windows (a multiple of the asked one). */
  static final int MAX_WINDOW_ROWS = 5000;
  /** Most phases in the phase chart (the largest shares; the phase table lists all). */
  static final int PHASE_BARS = 20;

  private static final double MB = 1.0 / (1 << 20);
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private AnalyzeReportData() {}

  static ObjectNode build(Analysis a) {
    ObjectNode o = JSON.objectNode();
    o.set("inputs", AnalysisJson.inputs(a.input()));
    o.set("jvm", AnalysisJson.jvm(a));
    o.set("kpis", kpis(a));
    if (a.span().hasWallClock()) {
      // the log carries dates: the time axis and evidence show wall clock (uptime + the offset)
      ObjectNode clock = o.putObject("clock");
      clock.put("startTime", IsoTime.of(a.span().startEpochMs(), a.input().wallClockOffset()));
      clock.put("startS", ChartSeries.round(a.span().startS(), 3));
    }
    o.set("diagnosis", io.jtune.gc.render.ModelJson.diagnosis(a.diagnosis()));
    o.set("findings", AnalysisJson.findings(a));
    o.set("pauseTimeline", pauseTimeline(a));
    o.set("heap", heap(a.memory()));
    o.set("rates", rates(a.memory()));
    o.set("histogram", histogram(a.pauses().all()));
    o.set("phases", phases(a.phases()));
    o.set("windows", windows(a.windows(), a.concurrent().hasCycleScopes()));
    o.set("tables", tables(AnalysisSections.build(a)));
    o.set("input", input(a.input()));
    return o;
  }

  /** The report's title: what was analyzed. */
  static String title(Analysis a) {
    List<ParseReport.SourceSummary> s = a.input().sources();
    if (s.isEmpty()) {
      return "GC analysis";
    }
    String first = s.get(0).name();
    String base = first.substring(Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')) + 1);
    return "GC analysis: " + (base.isEmpty() ? first : base) + (s.size() > 1 ? " (+" + (s.size() - 1) + " more)" : "");
  }

  private static ObjectNode kpis(Analysis a) {
    PauseDistribution all = a.pauses().all();
    ObjectNode o = JSON.objectNode();
    o.put("throughputPct", ChartSeries.round(a.throughputPct(), 3));
    o.put("throughputNotApplicable", a.throughputNotApplicable());
    o.put("spanS", ChartSeries.round(a.span().durationS(), 3));
    o.put("pauseCount", all.count());
    o.put("pauseTotalMs", ChartSeries.round(all.totalMs(), 3));
    o.put("p50Ms", ChartSeries.round(all.percentileMs(50), 3));
    o.put("p95Ms", ChartSeries.round(all.percentileMs(95), 3));
    o.put("p99Ms", ChartSeries.round(all.percentileMs(99), 3));
    o.put("maxMs", ChartSeries.round(all.maxMs(), 3));
    o.put("youngCount", a.pauses().kind(PauseKind.YOUNG).count());
    o.put("mixedCount", a.pauses().kind(PauseKind.MIXED).count());
    o.put("fullCount", a.pauses().kind(PauseKind.FULL).count());
    o.put("degeneratedCount", a.pauses().kind(PauseKind.DEGENERATED).count());
    o.put("concurrentCycles", a.concurrent().cycles().count());
    if (a.concurrent().hasCycleScopes()) {
      LifetimeSummary s = LifetimeSummary.of(a);
      o.put("minorCycles", s.minorCycles());
      o.put("majorCycles", s.majorCycles());
    }
    return o;
  }

  private static ArrayNode pauseTimeline(Analysis a) {
    ArrayNode arr = JSON.arrayNode();
    for (Map.Entry<PauseKind, Series> e : a.pauses().timeline().entrySet()) {
      arr.add(ChartSeries.json(e.getKey().label(), e.getKey().displayName(), e.getValue(), 1, 3));
    }
    return arr;
  }

  private static ArrayNode heap(MemoryAggregator m) {
    ArrayNode arr = JSON.arrayNode();
    addSeries(arr, "heapBefore", "heap before GC", m.heapBefore());
    addSeries(arr, "heapAfter", "heap after GC", m.heapAfter());
    addSeries(arr, "youngBefore", "young before GC", m.youngBefore());
    addSeries(arr, "oldAfter", "old after GC", m.oldAfter());
    addSeries(arr, "metaspaceAfter", "metaspace after GC", m.metaspaceAfter());
    return arr;
  }

  private static ArrayNode rates(MemoryAggregator m) {
    ArrayNode arr = JSON.arrayNode();
    if (m.allocationRate().total() > 0) {
      arr.add(ChartSeries.json("allocation", "allocation rate MB/s", m.allocationRate(), 1, 3));
    }
    addSeries(arr, "promoted", "promoted per young GC MB", m.promoted());
    return arr;
  }

  private static void addSeries(ArrayNode arr, String id, String label, Series s) {
    if (s.total() > 0) {
      arr.add(ChartSeries.json(id, label, s, MB, 3));
    }
  }

  private static ObjectNode histogram(PauseDistribution all) {
    ObjectNode o = JSON.objectNode();
    ArrayNode bounds = o.putArray("boundsMs");
    for (double b : HISTOGRAM_BOUNDS_MS) {
      bounds.add(b);
    }
    ArrayNode counts = o.putArray("counts");
    for (long c : all.bucketCounts(HISTOGRAM_BOUNDS_MS)) {
      counts.add(c);
    }
    return o;
  }

  private static ObjectNode phases(PhaseAggregator p) {
    ObjectNode o = JSON.objectNode();
    List<PhaseAggregator.PhaseShare> shares = p.shares();
    o.put("pauses", p.pausesWithPhases());
    o.put("phaseCount", shares.size());
    ArrayNode arr = o.putArray("shares");
    for (PhaseAggregator.PhaseShare s : shares.subList(0, Math.min(PHASE_BARS, shares.size()))) {
      ObjectNode x = arr.addObject();
      x.put("phase", s.phase());
      x.put("meanMs", ChartSeries.round(s.meanMs(), 3));
      x.put("maxMs", ChartSeries.round(s.maxMs(), 3));
      x.put("pct", ChartSeries.round(s.pctOfPauseTime(), 2));
    }
    return o;
  }

  /** Per-window YGC/FGC rows as {@code [startS, ygcCount, ygcMs, fgcCount, fgcMs]}, merged to fit. */
  /** The per-window rows; for ZGC ({@code cycles}) each row also carries its minor and major collections. */
  private static ObjectNode windows(WindowAggregator w, boolean cycles) {
    List<WindowAggregator.Window> rows = w.windows();
    int merge = Math.max(1, (rows.size() + MAX_WINDOW_ROWS - 1) / MAX_WINDOW_ROWS);
    ObjectNode o = JSON.objectNode();
    o.put("windowS", w.windowS() * merge);
    o.put("askedWindowS", w.windowS());
    o.put("cycles", cycles);
    ArrayNode arr = o.putArray("rows");
    for (int i = 0; i < rows.size(); i += merge) {
      long ygc = 0;
      double ygcMs = 0;
      long fgc = 0;
      double fgcMs = 0;
      long minor = 0;
      long major = 0;
      for (int j = i; j < Math.min(rows.size(), i + merge); j++) {
        WindowAggregator.Window r = rows.get(j);
        ygc += r.ygcCount();
        ygcMs += r.ygcMs();
        fgc += r.fgcCount();
        fgcMs += r.fgcMs();
        minor += r.minorCycles();
        major += r.majorCycles();
      }
      ArrayNode row = arr.addArray();
      row.add(ChartSeries.round(rows.get(i).startS(), 3));
      row.add(ygc);
      row.add(ChartSeries.round(ygcMs, 3));
      row.add(fgc);
      row.add(ChartSeries.round(fgcMs, 3));
      if (cycles) {
        row.add(minor);
        row.add(major);
      }
    }
    return o;
  }

  /** Report sections as the page's tables part: title, lines, headers and rows of text each. */
  public static ArrayNode tables(List<Section> sections) {
    ArrayNode arr = JSON.arrayNode();
    for (Section s : sections) {
      ObjectNode o = arr.addObject();
      o.put("title", s.title());
      ArrayNode lines = o.putArray("lines");
      s.lines().forEach(lines::add);
      ArrayNode headers = o.putArray("headers");
      s.headers().forEach(headers::add);
      ArrayNode rows = o.putArray("rows");
      for (List<String> r : s.rows()) {
        ArrayNode row = rows.addArray();
        r.forEach(row::add);
      }
    }
    return arr;
  }

  private static ObjectNode input(ParseReport r) {
    ObjectNode o = JSON.objectNode();
    o.put("linesRead", r.linesRead());
    o.put("gcLines", r.gcLines());
    o.put("unparsed", r.unparsed());
    o.put("unparsedPct", ChartSeries.round(r.unparsedPct(), 4));
    o.put("otherText", r.otherText());
    o.put("clockBackwards", r.clockBackwards());
    o.set("unparsedExamples", AnalysisJson.examples(r.unparsedExamples()));
    o.set("warningExamples", AnalysisJson.examples(r.warningExamples()));
    o.set("problems", AnalysisJson.problems(r));
    return o;
  }
}
