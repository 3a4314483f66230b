package io.jtune.gc.render;

import io.jtune.common.format.Json;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.JvmLifetime;
import io.jtune.gc.analysis.LifetimeSummary;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.parser.ParseReport;
import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.Map;

/**
 * The analysis as one JSON document, schema {@code jtune.analysis/2} (documented in the
 * README; JSON Schema in schemas/jtune.analysis-2.schema.json). Field order is fixed; absent values are null; times are seconds on the analysis
 * timeline, durations milliseconds, sizes bytes, rates MB/s.
 */
public final class AnalysisJson {
  public static final String SCHEMA = "jtune.analysis/2";
  /*
   * The tree is written with a bare JsonFactory, not an ObjectMapper: building a mapper costs
   * more than 100 ms of a fresh JVM's start (measured in a cold JVM with C1: ~155 ms for a
   * mapper and a small tree, ~35 ms for the generator alone), which is a third of what
   * `jtune analyze --format json` of a small log takes. Nodes come from the plain node factory.
   */
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private AnalysisJson() {}

  public static void write(Analysis a, Writer out) throws IOException {
    ObjectNode root = build(a);
    try (JsonGenerator g = Json.indentedGenerator(out)) {
      writeTree(g, root);
    }
    out.write('\n');
    out.flush();
  }

  public static ObjectNode build(Analysis a) {
    ObjectNode root = NODES.objectNode();
    root.put("schema", SCHEMA);
    root.set("inputs", inputs(a.input()));
    putTime(root, "startTime", a.span().startEpochMs(), a);
    root.set("jvm", jvm(a));
    root.put("jvmCount", a.jvmCount());
    root.put("jvmNote", a.jvmCount() > 1 ? AnalysisSections.lifetimesNote(a) : null);
    root.set("jvms", jvms(a));
    root.set("summary", summary(a));
    root.set("pauses", JsonMeasures.pauses(a));
    root.set("windows", JsonMeasures.windows(a));
    root.set("memory", JsonMeasures.memory(a.memory()));
    root.set("rates", JsonMeasures.rates(a));
    root.set("concurrent", JsonMeasures.concurrent(a.concurrent()));
    if (CycleSections.showsCollections(a)) {
      ((ObjectNode) root.get("concurrent")).set("collectionsByCause", JsonMeasures.collectionsByCause(a.concurrent().collections()));
    }
    root.set("phases", JsonMeasures.phases(a.phases()));
    root.set("cpu", JsonMeasures.cpu(a));
    root.set("findings", findings(a));
    root.set("memoryModel", ModelJson.memoryModel(a.memoryModel()));
    root.set("diagnosis", ModelJson.diagnosis(a.diagnosis()));
    root.set("unparsed", unparsed(a.input()));
    if (a.pauses().events() != null) {
      ArrayNode ev = root.putArray("events");
      for (GcPause p : a.pauses().events()) {
        ObjectNode e = ev.addObject();
        if (p.gcId() >= 0) {
          e.put("gcId", p.gcId());
        }
        e.put("uptimeS", round(p.uptimeS(), 3));
        putTime(e, "time", a.span().epochAt(p.uptimeS()), a);
        e.put("kind", p.kind().label());
        e.put("name", p.name());
        e.put("cause", p.cause());
        e.put("pauseMs", round(p.durationMs(), 4));
        if (p.memory() != null && p.memory().heap() != null) {
          e.put("heapBeforeBytes", nonNeg(p.memory().heap().before()));
          e.put("heapAfterBytes", nonNeg(p.memory().heap().after()));
        }
      }
    }
    return root;
  }

  /** Adds a wall-clock time (ISO-8601 with the log's offset) when the log carries dates; leaves it out otherwise. */
  static void putTime(ObjectNode o, String field, long epochMs, Analysis a) {
    String iso = IsoTime.of(epochMs, a.input().wallClockOffset());
    if (iso != null) {
      o.put(field, iso);
    }
  }

  /** Writes a tree the way databind would, without needing its serializer provider. */
  private static void writeTree(JsonGenerator g, JsonNode n) throws IOException {
    if (n instanceof ObjectNode o) {
      g.writeStartObject();
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        g.writeFieldName(e.getKey());
        writeTree(g, e.getValue());
      }
      g.writeEndObject();
    } else if (n instanceof ArrayNode arr) {
      g.writeStartArray();
      for (JsonNode e : arr) {
        writeTree(g, e);
      }
      g.writeEndArray();
    } else if (n instanceof POJONode p && p.getPojo() instanceof JsonSerializable js) {
      js.serialize(g, null);
    } else if (n.isNull() || n.isMissingNode()) {
      g.writeNull();
    } else if (n.isTextual()) {
      g.writeString(n.textValue());
    } else if (n.isBoolean()) {
      g.writeBoolean(n.booleanValue());
    } else if (n.isInt() || n.isShort()) {
      g.writeNumber(n.intValue());
    } else if (n.isLong()) {
      g.writeNumber(n.longValue());
    } else if (n.isDouble() || n.isFloat()) {
      g.writeNumber(n.doubleValue());
    } else {
      throw new IllegalStateException("JSON node of type " + n.getNodeType() + " in the analysis tree");
    }
  }

  /** The {@code inputs} array: each source's name, format, bytes and lines. */
  public static ArrayNode inputs(ParseReport r) {
    ArrayNode arr = NODES.arrayNode();
    for (ParseReport.SourceSummary s : r.sources()) {
      ObjectNode o = arr.addObject();
      o.put("name", s.name());
      o.put("format", s.format().label());
      o.put("bytes", s.bytes());
      o.put("lines", s.lines());
    }
    return arr;
  }

  /** The {@code jvm} object: version, collector, host and heap figures, flags. */
  public static ObjectNode jvm(Analysis a) {
    JvmInfo j = a.jvm().info();
    ObjectNode o = NODES.objectNode();
    o.put("version", j.version());
    o.put("javaMajor", a.javaMajor() > 0 ? a.javaMajor() : null);
    o.put("collector", a.jvm().collector().displayName());
    o.put("cpus", j.cpus());
    o.put("memoryBytes", j.memoryBytes());
    o.put("heapMinBytes", j.heapMinBytes());
    o.put("heapInitialBytes", j.heapInitialBytes());
    o.put("heapMaxBytes", j.heapMaxBytes());
    o.put("regionSizeBytes", j.regionSizeBytes());
    ArrayNode flags = o.putArray("flags");
    a.flags().raw().forEach(flags::add);
    return o;
  }

  /** The {@code jvms} array: each JVM lifetime with its inputs, collector, summary and findings. */
  private static ArrayNode jvms(Analysis a) {
    ArrayNode arr = NODES.arrayNode();
    for (JvmLifetime l : a.jvms()) {
      ObjectNode o = arr.addObject();
      o.put("number", l.number());
      ArrayNode in = o.putArray("inputs");
      l.inputs().forEach(in::add);
      o.put("startReason", l.startReason());
      String start = IsoTime.of(l.summary().startEpochMs(), a.input().wallClockOffset());
      if (start != null) {
        o.put("startTime", start);
      } else {
        o.putNull("startTime");
      }
      o.put("collector", l.collector());
      o.put("version", l.version());
      o.set("summary", summary(l.summary()));
      o.set("findings", findings(l.findings(), l.summary()::epochAt, a));
      o.set("memoryModel", ModelJson.memoryModel(l.memoryModel()));
      o.set("diagnosis", ModelJson.diagnosis(l.diagnosis()));
    }
    return arr;
  }

  /** A lifetime's summary: the same fields as the top-level {@code summary}. */
  private static ObjectNode summary(LifetimeSummary s) {
    ObjectNode o = NODES.objectNode();
    o.put("startS", round(s.startS(), 3));
    o.put("endS", round(s.endS(), 3));
    o.put("spanS", round(s.spanS(), 3));
    o.put("pauseCount", s.pauseCount());
    o.put("pauseTotalMs", round(s.pauseTotalMs(), 3));
    o.put("pauseMeanMs", round(s.pauseMeanMs(), 3));
    o.put("pauseMaxMs", round(s.pauseMaxMs(), 3));
    o.put("p50Ms", round(s.p50Ms(), 3));
    o.put("p90Ms", round(s.p90Ms(), 3));
    o.put("p95Ms", round(s.p95Ms(), 3));
    o.put("p99Ms", round(s.p99Ms(), 3));
    o.put("p999Ms", round(s.p999Ms(), 3));
    o.put("throughputPct", round(s.throughputPct(), 3));
    if (s.throughputNotApplicable() != null) {
      o.put("throughputNotApplicable", s.throughputNotApplicable());
    }
    o.put("youngCount", s.youngCount());
    o.put("mixedCount", s.mixedCount());
    o.put("fullCount", s.fullCount());
    if (s.degeneratedCount() > 0 || s.shenandoah()) {
      o.put("degeneratedCount", s.degeneratedCount());
    }
    o.put("concurrentCycles", s.concurrentCycles());
    if (s.cycleScopes()) {
      o.put("minorCycles", s.minorCycles());
      o.put("majorCycles", s.majorCycles());
    }
    return o;
  }

  private static ObjectNode summary(Analysis a) {
    return summary(LifetimeSummary.of(a));
  }

  /** The {@code findings} array: id, severity, title, occurrences, evidence, recommendation, flags. */
  public static ArrayNode findings(Analysis a) {
    return findings(a.findings(), a.span()::epochAt, a);
  }

  private static ArrayNode findings(java.util.List<Finding> findings, java.util.function.DoubleToLongFunction epochAt,
      Analysis a) {
    ArrayNode arr = NODES.arrayNode();
    for (Finding f : findings) {
      ObjectNode o = arr.addObject();
      o.put("id", f.id());
      o.put("severity", f.severity().label());
      o.put("title", f.title());
      o.put("occurrences", f.occurrences());
      ArrayNode ev = o.putArray("evidence");
      for (Example e : f.evidence()) {
        ObjectNode x = ev.addObject();
        x.put("gcId", e.gcId() >= 0 ? e.gcId() : null);
        x.put("uptimeS", round(e.uptimeS(), 3));
        putTime(x, "time", epochAt.applyAsLong(e.uptimeS()), a);
        x.put("detail", e.detail());
      }
      o.put("recommendation", f.recommendation());
      ArrayNode flags = o.putArray("flags");
      f.flags().forEach(flags::add);
    }
    return arr;
  }

  private static ObjectNode unparsed(ParseReport r) {
    ObjectNode o = NODES.objectNode();
    o.put("count", r.unparsed());
    o.put("linesRead", r.linesRead());
    o.put("gcLines", r.gcLines());
    o.put("unparsedPct", round(r.unparsedPct(), 4));
    o.put("otherTextLines", r.otherText());
    o.put("clockBackwards", r.clockBackwards());
    o.set("examples", examples(r.unparsedExamples()));
    o.set("otherTextExamples", examples(r.otherTextExamples()));
    o.set("warnings", examples(r.warningExamples()));
    o.set("problems", problems(r));
    return o;
  }

  /** The inputs that could not be read, or only in part: {@code source}, {@code message}. */
  public static ArrayNode problems(ParseReport r) {
    ArrayNode arr = NODES.arrayNode();
    for (ParseReport.Problem p : r.problems()) {
      ObjectNode x = arr.addObject();
      x.put("source", p.source());
      x.put("message", p.message());
    }
    return arr;
  }

  /** Quoted lines: {@code source}, {@code line}, {@code text}. */
  public static ArrayNode examples(java.util.List<ParseReport.Example> list) {
    ArrayNode arr = NODES.arrayNode();
    for (ParseReport.Example e : list) {
      ObjectNode x = arr.addObject();
      x.put("source", e.source());
      x.put("line", e.line());
      x.put("text", e.text());
    }
    return arr;
  }

  static Long nonNeg(long v) {
    return v >= 0 ? v : null;
  }
}
