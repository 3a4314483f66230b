package io.jtune.gc.compare;

import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.finding.Finding;
import java.util.List;

/**
 * The comparison as one JSON document, schema {@value #SCHEMA} (schemas/jtune.compare-1.schema.json):
 * the sides, the time axis, the per-window rows, the pause distributions, the per-metric
 * verdicts and the findings on one side only. Times are seconds, durations milliseconds.
 */
public final class CompareJson {
  public static final String SCHEMA = "jtune.compare/1";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private CompareJson() {}

  public static ObjectNode tree(Comparison c) {
    ObjectNode root = NODES.objectNode();
    root.put("schema", SCHEMA);
    ObjectNode axis = root.putObject("alignment");
    axis.put("by", c.axis().wallClock() ? "wall-clock" : "uptime");
    axis.put("note", c.axis().note());
    axis.put("windowS", round(c.axis().windowS(), 3));
    axis.put("windows", c.axis().windows());
    axis.put("startS", round(c.axis().start(), 3));
    axis.put("start", c.axis().wallClock() ? CompareSections.windowStart(c, 0) : null);
    ArrayNode sides = root.putArray("sides");
    for (int i = 0; i < c.sides().size(); i++) {
      CompareSide s = c.sides().get(i);
      SideWindows sw = c.windows().get(i);
      ObjectNode o = sides.addObject();
      o.put("label", s.label());
      o.put("logs", s.argument());
      o.put("collector", s.collectors());
      o.put("jvmCount", s.jvms().size());
      o.put("diagnosis", s.diagnosis().code());
      PauseDistribution d = sw.pauses();
      ObjectNode p = o.putObject("pauses");
      p.put("count", d.count());
      p.put("youngCount", sw.young());
      p.put("fullCount", sw.full());
      p.put("p50Ms", d.count() > 0 ? round(d.percentileMs(50), 3) : null);
      p.put("p90Ms", d.count() > 0 ? round(d.percentileMs(90), 3) : null);
      p.put("p99Ms", d.count() > 0 ? round(d.percentileMs(99), 3) : null);
      p.put("maxMs", d.count() > 0 ? round(d.maxMs(), 3) : null);
      p.put("totalMs", round(d.totalMs(), 3));
    }
    ArrayNode rows = root.putArray("windows");
    for (int w = 0; w < c.axis().windows(); w++) {
      ObjectNode row = rows.addObject();
      row.put("offsetS", round(w * c.axis().windowS(), 3));
      ArrayNode per = row.putArray("sides");
      for (SideWindows sw : c.windows()) {
        ObjectNode v = per.addObject();
        for (WindowMetric m : WindowMetric.values()) {
          v.put(m.key(), round(sw.value(w, m), 3));
        }
      }
    }
    ArrayNode verdicts = root.putArray("metrics");
    for (MetricVerdict v : c.verdicts()) {
      ObjectNode o = verdicts.addObject();
      o.put("metric", v.metric().key());
      o.put("reference", v.reference());
      o.put("side", v.side());
      o.put("referenceMean", round(v.referenceMean(), 3));
      o.put("mean", round(v.mean(), 3));
      o.put("referenceMedian", round(v.referenceMedian(), 3));
      o.put("median", round(v.median(), 3));
      o.put("pValue", v.equal() ? null : round(v.pValue(), 4));
      o.put("better", v.better());
      o.put("verdict", v.words());
    }
    ArrayNode findings = root.putArray("findings");
    for (Comparison.FindingsDiff d : c.findings()) {
      ObjectNode o = findings.addObject();
      o.put("reference", d.reference());
      o.put("side", d.side());
      o.set("onlyReference", list(d.onlyReference()));
      o.set("onlySide", list(d.onlySide()));
    }
    return root;
  }

  private static ArrayNode list(List<Finding> findings) {
    ArrayNode arr = NODES.arrayNode();
    for (Finding f : findings) {
      ObjectNode o = arr.addObject();
      o.put("id", f.id());
      o.put("severity", f.severity().label());
      o.put("title", f.title());
    }
    return arr;
  }
}
