package io.jtune.experiment.report.html;

import io.jtune.common.format.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.render.html.ChartSeries;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.run.WindowPauses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

/**
 * The chart data of an experiment's runs, read from their files in {@code DIR/runs/ID/}: a
 * latency percentile curve merged from the runs' interval logs, and one run's measured window —
 * throughput and p99 per second from its load result, its GC pauses as the run kept them
 * ({@link WindowPauses}), both in seconds from the window's start.
 */
final class RunCharts {
  /** Most points of a timeline or pause series; longer ones keep each bucket's extremes, as the analyze page's. */
  static final int SERIES_POINTS = 2000;
  /**
   * Shortest timeline interval drawn, s: the few milliseconds a load run measures after its last
   * whole second would show as a rate spike many times the real one.
   */
  static final double MIN_INTERVAL_S = 0.5;
  /** Where the percentile axis ends, as 1 / (1 - p): 99.999 %. */
  static final double PERCENTILE_AXIS_END = 100_000;
  /** Percentile steps per halving of the distance to 100 %, as HdrHistogram's own percentile output. */
  private static final int TICKS_PER_HALF_DISTANCE = 5;
  private static final double NS_PER_MS = 1e6;

  private RunCharts() {}

  /**
   * The latency distribution of a candidate's runs: every interval of their HdrHistogram logs
   * (corrected latency, ns) merged, as {@code {candidate, logs, count, x: [1/(1-p)], v: [ms]}}
   * from p = 0 to 99.999 %.
   */
  static ObjectNode percentiles(String candidate, List<Path> hlogs) throws IOException {
    Histogram merged = new Histogram(3);
    int logs = 0;
    for (Path f : hlogs) {
      if (!Files.isRegularFile(f)) {
        continue;
      }
      logs++;
      try (HistogramLogReader reader = new HistogramLogReader(f.toFile())) {
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
          merged.add((Histogram) h);
        }
      }
    }
    ObjectNode o = Json.object();
    o.put("candidate", candidate);
    o.put("logs", logs);
    o.put("count", merged.getTotalCount());
    ArrayNode x = o.putArray("x");
    ArrayNode v = o.putArray("v");
    if (merged.getTotalCount() == 0) {
      return o;
    }
    for (HistogramIterationValue it : merged.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double at = 1 / (1 - it.getPercentileLevelIteratedTo() / 100);
      if (!(at < PERCENTILE_AXIS_END)) {
        break;
      }
      x.add(ChartSeries.round(at, 3));
      v.add(ChartSeries.round(it.getValueIteratedTo() / NS_PER_MS, 3));
    }
    x.add(PERCENTILE_AXIS_END);
    v.add(ChartSeries.round(merged.getValueAtPercentile(99.999) / NS_PER_MS, 3));
    return o;
  }

  /**
   * One run's measured window as {@code {candidate, run, seconds, throughput, p99, pauses, fullGcs}}:
   * the load result's per-second timeline (intervals of at least {@value #MIN_INTERVAL_S} s), and the GC pauses that began in the window (the ones
   * its GC metrics count; Full GCs apart), at their wall-clock start minus the window's start.
   */
  static ObjectNode window(RunResult run, Path runDir) throws IOException {
    Series rps = new Series(SERIES_POINTS);
    Series p99 = new Series(SERIES_POINTS);
    Path load = runDir.resolve("load.json");
    if (Files.isRegularFile(load)) {
      double last = 0;
      for (JsonNode p : Json.mapper().readTree(load.toFile()).path("timeline")) {
        // jtune.load/2 names the interval's end endS; run directories of jtune.load/1 called it second
        double second = (p.has("endS") ? p.path("endS") : p.path("second")).asDouble();
        if (second - last >= MIN_INTERVAL_S) {
          rps.add(second, p.path("throughputRps").asDouble());
          p99.add(second, p.path("p99Ms").asDouble());
        }
        last = second;
      }
    }
    Series pauses = new Series(SERIES_POINTS);
    Series full = new Series(SERIES_POINTS);
    for (WindowPauses.Pause p : WindowPauses.read(runDir)) {
      (p.full() ? full : pauses).add(p.offsetS(), p.pauseMs());
    }
    ObjectNode o = Json.object();
    o.put("candidate", run.candidate());
    o.put("run", run.id());
    o.put("seconds", (run.windowEndEpochMs() - run.windowStartEpochMs()) / 1000.0);
    o.set("throughput", ChartSeries.json("throughput", "req/s", rps, 1, 1));
    o.set("p99", ChartSeries.json("p99", "p99 ms", p99, 1, 3));
    o.set("pauses", ChartSeries.json("pauses", "GC pause ms", pauses, 1, 3));
    o.set("fullGcs", ChartSeries.json("fullGcs", "Full GC ms", full, 1, 3));
    return o;
  }
}
