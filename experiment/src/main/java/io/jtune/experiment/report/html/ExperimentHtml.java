package io.jtune.experiment.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.render.html.HtmlPage;
import io.jtune.gc.render.html.AnalysisHtml;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.report.ExperimentJson;
import io.jtune.experiment.report.ContainerText;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.EndpointTable;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.Summary;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.attribution.AttributionText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * The experiment as one self-contained HTML page, on the analyze report's page (inlined chart
 * library, script-safe data, strict Content-Security-Policy): the verdict; per load level the
 * comparison table, each run's requests lined up with its GC pauses (latency-to-GC attribution),
 * the latency percentile curves merged from the runs' interval logs, and
 * throughput and p99 over one run's measured window per candidate with its GC pauses; then the
 * failed runs with their output. Plan and log text is data, shown as text only.
 */
public final class ExperimentHtml {
  private static final String SCRIPT = HtmlPage.resource(ExperimentHtml.class, "experiment.js");
  private static final String STYLE = HtmlPage.resource(ExperimentHtml.class, "experiment.css");
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ExperimentHtml() {}

  /** Writes the page of {@code report}, whose runs' files are in {@code runDir/runs/ID/}. */
  public static void write(ExperimentReport report, Path runDir, Writer out) {
    try {
      HtmlPage.write(data(report, runDir), SCRIPT, STYLE, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The page's data: the {@code experiment} part holds the JSON report ({@value ExperimentJson#SCHEMA})
   * as {@code report}, per level its table and chart series, and the failed runs' output.
   */
  static ObjectNode data(ExperimentReport r, Path runDir) throws IOException {
    ObjectNode root = AnalysisHtml.page("Experiment: " + r.plan().name());
    ObjectNode x = root.putObject("experiment");
    x.set("report", ExperimentJson.tree(r));
    ArrayNode levels = x.putArray("levels");
    for (ExperimentReport.LevelReport l : r.levels()) {
      ObjectNode ln = levels.addObject();
      ln.put("load", l.level().describeLoad());
      ln.set("table", table(l));
      ln.set("endpoints", endpoints(r, l));
      ArrayNode attribution = ln.putArray("attribution");
      r.runs().stream().filter(run -> run.level().equals(l.level().name()) && run.gcAttribution() != null)
          .forEach(run -> attribution.add(run.id() + ": " + AttributionText.summary(run.gcAttribution())));
      ln.set("nativeMemory", NativeMemoryTable.of(r.runs().stream()
          .filter(run -> run.level().equals(l.level().name()) && run.nativeMemory() != null).toList()));
      List<RunResult> levelRuns = r.runs().stream().filter(run -> run.level().equals(l.level().name())).toList();
      String limits = ContainerText.limits(r.plan(), l.level());
      if (limits != null) {
        ln.put("limits", limits);
      }
      ContainerText.candidateLimits(r.plan(), l.level()).forEach(ln.putArray("candidateLimits")::add);
      ContainerText.ergonomics(r.plan().candidates(), levelRuns).forEach(ln.putArray("ergonomics")::add);
      ContainerText.collectorChanges(r.plan(), r.baseFlags(), l.level(), levelRuns)
          .forEach(ln.withArray("ergonomics")::add);
      ContainerText.perRun(levelRuns).forEach(ln.putArray("container")::add);
      ArrayNode steady = ln.putArray("steadiness");
      String warm = io.jtune.experiment.report.WarmupText.line(l.level(), r.runs());
      if (warm != null) {
        steady.add(warm);
      }
      io.jtune.experiment.report.Overload.of(r.plan(), r.runs()).stream()
          .filter(f -> f.level().equals(l.level().name())).forEach(f -> steady.add(f.words()));
      ArrayNode curves = ln.putArray("percentiles");
      ArrayNode windows = ln.putArray("windows");
      for (ExperimentReport.CandidateReport c : l.candidates()) {
        List<RunResult> ok = r.runs().stream().filter(run -> run.ok() && run.level().equals(l.level().name())
            && run.candidate().equals(c.candidate().name())).toList();
        curves.add(RunCharts.percentiles(c.candidate().name(),
            ok.stream().map(run -> runDir(runDir, run).resolve("load.hlog")).toList()));
        if (!ok.isEmpty()) {
          windows.add(RunCharts.window(ok.get(0), runDir(runDir, ok.get(0))));
        }
      }
    }
    ArrayNode failed = x.putArray("failed");
    for (RunResult run : r.runs()) {
      if (!run.ok()) {
        ObjectNode f = failed.addObject();
        f.put("id", run.id());
        f.put("failure", run.failure());
        ArrayNode tail = f.putArray("outputTail");
        (run.outputTail() == null ? List.<String>of() : run.outputTail()).forEach(tail::add);
      }
    }
    return root;
  }

  /** Per endpoint and candidate, as {@code {columns, rows}} (no rows when the load had one endpoint). */
  private static ObjectNode endpoints(ExperimentReport r, ExperimentReport.LevelReport l) {
    ObjectNode t = JSON.objectNode();
    ArrayNode columns = t.putArray("columns");
    List.of("endpoint", "candidate", "req/s", "p50 ms", "p99 ms", "errors").forEach(columns::add);
    ArrayNode rows = t.putArray("rows");
    for (EndpointTable.Row e : EndpointTable.of(r, l)) {
      ArrayNode row = rows.addArray();
      row.add(e.endpoint());
      row.add(e.candidate());
      row.add(String.format(java.util.Locale.US, "%.1f", e.throughputRps()));
      row.add(String.format(java.util.Locale.US, "%.3f", e.p50Ms()));
      row.add(String.format(java.util.Locale.US, "%.3f", e.p99Ms()));
      row.add(String.valueOf(e.errors()));
    }
    return t;
  }

  private static Path runDir(Path dir, RunResult run) {
    return dir.resolve("runs").resolve(run.id());
  }

  /**
   * The comparison table as {@code {columns, rows}}: a row per metric of {@link ExperimentText#ROWS}
   * that any candidate has; per candidate a column of mean ± sd, and for all but the baseline a
   * column of the change with its interval, marked better, worse or ns (not significant).
   */
  private static ObjectNode table(ExperimentReport.LevelReport l) {
    ObjectNode t = JSON.objectNode();
    ArrayNode columns = t.putArray("columns");
    for (ExperimentReport.CandidateReport c : l.candidates()) {
      columns.addObject().put("candidate", c.candidate().name()).put("kind", c.baseline() ? "baseline" : "value");
      if (!c.baseline()) {
        columns.addObject().put("candidate", c.candidate().name()).put("kind", "change");
      }
    }
    ArrayNode rows = t.putArray("rows");
    for (Metric m : ExperimentText.ROWS) {
      if (l.candidates().stream().noneMatch(c -> c.metrics().containsKey(m))) {
        continue;
      }
      ObjectNode row = rows.addObject();
      row.put("metric", m.key());
      row.put("label", m.labelWithUnit());
      ArrayNode cells = row.putArray("cells");
      for (ExperimentReport.CandidateReport c : l.candidates()) {
        Summary s = c.metrics().get(m);
        cell(cells, ExperimentText.meanSd(m, s), s == null ? Double.NaN : s.mean(), null);
        if (!c.baseline()) {
          Delta d = c.deltas().get(m);
          cell(cells, ExperimentText.change(m, d), d == null || !d.hasInterval() && d.status() != Delta.Status.EQUAL
              ? Double.NaN : Double.isNaN(d.pct()) ? d.diff() : d.pct(),
              verdict(m, d));
        }
      }
    }
    return t;
  }

  private static void cell(ArrayNode cells, String text, double sort, String cls) {
    ObjectNode c = cells.addObject();
    c.put("text", text);
    if (Double.isNaN(sort)) {
      c.putNull("sort");
    } else {
      c.put("sort", sort);
    }
    if (cls != null) {
      c.put("cls", cls);
    }
  }

  /**
   * "better" or "worse" for a significant change beyond the metric's practical floor, "ns" for one
   * whose interval spans zero, "np" for a significant one within the floor (no practical
   * difference), else null (the same values, no value on a side, or too few runs for an interval).
   */
  private static String verdict(Metric m, Delta d) {
    if (d == null || !d.hasInterval()) {
      return null;
    }
    if (!d.significant()) {
      return "ns";
    }
    return d.better(m) ? "better" : d.worse(m) ? "worse" : "np";
  }
}
