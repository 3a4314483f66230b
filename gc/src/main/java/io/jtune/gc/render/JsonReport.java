package io.jtune.gc.render;

import io.jtune.common.format.Json;
import io.jtune.common.format.JsonNumbers;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.jtune.gc.aggregate.CollectionCauses;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.CycleMemory;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.JvmLifetime;
import io.jtune.gc.analysis.LifetimeSummary;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.event.PauseKind;
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
public final class JsonReport {
  public static final String SCHEMA = "jtune.analysis/2";
  /*
   * The tree is written with a bare JsonFactory, not an ObjectMapper: building a mapper costs
   * more than 100 ms of a fresh JVM's start (measured in a cold JVM with C1: ~155 ms for a
   * mapper and a small tree, ~35 ms for the generator alone), which is a third of what
   * `jtune analyze --format json` of a small log takes. Nodes come from the plain node factory.
   */
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonReport() {}

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
    root.set("pauses", pauses(a));
    root.set("windows", windows(a));
    root.set("memory", memory(a.memory()));
    root.set("rates", rates(a));
    root.set("concurrent", concurrent(a.concurrent()));
    if (CycleSections.showsCollections(a)) {
      ((ObjectNode) root.get("concurrent")).set("collectionsByCause", collectionsByCause(a.concurrent().collections()));
    }
    root.set("phases", phases(a.phases()));
    root.set("cpu", cpu(a));
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
  private static void putTime(ObjectNode o, String field, long epochMs, Analysis a) {
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

  private static void percentiles(ObjectNode o, PauseDistribution d) {
    o.put("p50Ms", round(d.percentileMs(50), 3));
    o.put("p90Ms", round(d.percentileMs(90), 3));
    o.put("p95Ms", round(d.percentileMs(95), 3));
    o.put("p99Ms", round(d.percentileMs(99), 3));
    o.put("p999Ms", round(d.percentileMs(99.9), 3));
  }

  private static ObjectNode distribution(PauseDistribution d) {
    ObjectNode o = NODES.objectNode();
    o.put("count", d.count());
    o.put("totalMs", round(d.totalMs(), 3));
    o.put("meanMs", round(d.meanMs(), 3));
    percentiles(o, d);
    o.put("maxMs", round(d.maxMs(), 3));
    return o;
  }

  private static ObjectNode pauses(Analysis a) {
    ObjectNode o = NODES.objectNode();
    ObjectNode byKind = o.putObject("byKind");
    for (PauseKind k : PauseKind.values()) {
      PauseDistribution d = a.pauses().byKind().get(k);
      if (d != null) {
        byKind.set(k.label(), distribution(d));
      }
    }
    ObjectNode byCause = o.putObject("byCause");
    for (Map.Entry<String, PauseDistribution> e : a.pauses().byCause()) {
      byCause.set(e.getKey(), distribution(e.getValue()));
    }
    ArrayNode longest = o.putArray("longest");
    for (GcPause p : a.pauses().longest()) {
      ObjectNode l = longest.addObject();
      l.put("gcId", p.gcId() >= 0 ? p.gcId() : null);
      l.put("uptimeS", round(p.uptimeS(), 3));
      putTime(l, "time", a.span().epochAt(p.uptimeS()), a);
      l.put("kind", p.kind().label());
      l.put("name", p.name());
      l.put("cause", p.cause());
      l.put("pauseMs", round(p.durationMs(), 3));
    }
    return o;
  }

  private static ObjectNode windows(Analysis a) {
    WindowAggregator.WindowTable t = a.windowTable();
    ObjectNode o = NODES.objectNode();
    o.put("windowS", round(t.windowS(), 3));
    o.put("ygcCountPeak", round(t.ygcCountPeak(), 3));
    o.put("ygcCountMean", round(t.ygcCountMean(), 3));
    o.put("ygcTimePeakMs", round(t.ygcMsPeak(), 3));
    o.put("ygcTimeMeanMs", round(t.ygcMsMean(), 3));
    o.put("ygcPauseMeanMs", round(t.ygcPauseMeanMs(), 3));
    o.put("fgcCountPeak", round(t.fgcCountPeak(), 3));
    o.put("fgcCountMean", round(t.fgcCountMean(), 3));
    o.put("fgcTimePeakMs", round(t.fgcMsPeak(), 3));
    o.put("fgcTimeMeanMs", round(t.fgcMsMean(), 3));
    if (a.concurrent().hasCycleScopes()) {
      o.put("minorCyclesPeak", round(t.minorCyclesPeak(), 3));
      o.put("minorCyclesMean", round(t.minorCyclesMean(), 3));
      o.put("majorCyclesPeak", round(t.majorCyclesPeak(), 3));
      o.put("majorCyclesMean", round(t.majorCyclesMean(), 3));
    }
    if (a.windows().clockJumps() > 0) {
      o.put("clockJumps", a.windows().clockJumps());
      o.put("clockJumpedS", round(a.windows().clockJumpedS(), 3));
    }
    // a long log has a row per minute for months: written straight to the output, not held as a tree
    o.putPOJO("rows", new WindowRows(a.windows(), a));
    return o;
  }

  private static ObjectNode memory(MemoryAggregator m) {
    ObjectNode o = NODES.objectNode();
    area(o, "young", m.young());
    area(o, "old", m.old());
    area(o, "metaspace", m.metaspace());
    area(o, "total", m.heap());
    CycleMemory c = m.cycles();
    if (c.count() > 0) {
      ObjectNode z = o.putObject("cycles");
      z.put("count", c.count());
      z.put("heapBeforeMeanBytes", nonNeg(c.beforeMean()));
      z.put("heapBeforeMaxBytes", nonNeg(c.beforeMax()));
      z.put("heapAfterMeanBytes", nonNeg(c.afterMean()));
      z.put("heapAfterMinBytes", nonNeg(c.afterMin()));
      z.put("heapAfterMaxBytes", nonNeg(c.afterMax()));
      z.put("liveMeanBytes", nonNeg(c.live().mean()));
      z.put("liveMaxBytes", nonNeg(c.live().max()));
      z.put("allocatedDuringMeanBytes", nonNeg(c.allocatedDuring().mean()));
      z.put("reclaimedMeanBytes", nonNeg(c.reclaimed().mean()));
      z.put("promotedMeanBytes", nonNeg(c.promoted().mean()));
    }
    return o;
  }

  private static void area(ObjectNode parent, String name, MemoryAggregator.Area area) {
    ObjectNode o = parent.putObject(name);
    o.put("allocatedBytes", area.allocated() >= 0 ? area.allocated() : null);
    o.put("peakBytes", area.peak() >= 0 ? area.peak() : null);
  }

  private static ObjectNode rates(Analysis a) {
    MemoryAggregator m = a.memory();
    ObjectNode o = NODES.objectNode();
    o.put("allocationMBPerS", round(m.allocationRateMBps(), 3));
    if (Double.isNaN(m.allocationRateMBps()) && m.allocationRateMissing() != null) {
      o.put("allocationNote", m.allocationRateMissing());
    }
    o.put("promotionMBPerS", round(m.promotionRateMBps(), 3));
    o.put("promotedPerYoungGcMeanBytes", m.promotedPerYoungGcMean() >= 0 ? m.promotedPerYoungGcMean() : null);
    o.put("promotedPerYoungGcMaxBytes", m.promotedPerYoungGcMax() >= 0 ? m.promotedPerYoungGcMax() : null);
    o.put("youngGcsWithPromotion", m.youngGcsWithPromotion());
    o.put("youngGcsMeasured", m.youngGcsMeasured());
    o.put("meanYoungGcIntervalS", round(m.meanYoungIntervalS(), 3));
    o.put("oldAfterGcSlopeMBPerH", round(m.oldTrend().slopeMBph(), 3));
    o.put("oldAfterFullGcSlopeMBPerH", round(m.oldAfterFullTrend().slopeMBph(), 3));
    double qps = a.options().qps();
    long eden = m.meanAllocationPerIntervalBytes();
    double interval = m.meanYoungIntervalS();
    if (!Double.isNaN(qps) && qps > 0 && eden > 0 && interval > 0) {
      o.put("requestRateRps", qps);
      o.put("edenBytes", eden);
      o.put("memoryPerRequestBytes", Math.round(eden / (qps * interval)));
    } else {
      o.putNull("memoryPerRequestBytes");
    }
    ObjectNode ten = o.putObject("tenuring");
    ten.put("youngGcsWithTenuring", m.tenuringCount());
    ten.put("thresholdBelowMax", m.thresholdBelowMax());
    ten.put("minThreshold", m.minThreshold() >= 0 ? m.minThreshold() : null);
    ten.put("maxThreshold", m.maxThreshold() >= 0 ? m.maxThreshold() : null);
    return o;
  }

  private static ObjectNode concurrent(ConcurrentAggregator c) {
    ObjectNode o = NODES.objectNode();
    o.put("cycles", c.cycles().count());
    // cycles none of which the log times (ZGC summary lines alone) have no durations, not 0 ms
    o.put("cycleTotalMs", timedMs(c.cycles(), c.cycles().totalMs()));
    o.put("cycleMeanMs", timedMs(c.cycles(), c.cycles().meanMs()));
    o.put("cycleMaxMs", timedMs(c.cycles(), c.cycles().maxMs()));
    ObjectNode ph = o.putObject("phases");
    c.phases().forEach((name, d) -> {
      ObjectNode p = ph.putObject(name);
      p.put("count", d.count());
      p.put("totalMs", round(d.totalMs(), 3));
      p.put("maxMs", round(d.maxMs(), 3));
    });
    ObjectNode notices = o.putObject("notices");
    c.notices().forEach((k, v) -> notices.put(k.name().toLowerCase(java.util.Locale.ROOT), v.count()));
    ObjectNode sp = o.putObject("safepoints");
    sp.put("count", c.safepoints().count());
    sp.put("totalStoppedMs", round(c.safepoints().totalMs(), 3));
    sp.put("maxStoppedMs", round(c.safepoints().maxMs(), 3));
    sp.put("maxTimeToSafepointMs", round(c.maxTimeToSafepointMs(), 3));
    return o;
  }

  /** {@code ms} rounded, or null when there are durations and the log times none of them. */
  private static Double timedMs(ConcurrentAggregator.Durations d, double ms) {
    return d.count() > 0 && d.timed() == 0 ? null : round(ms, 3);
  }

  /** ZGC's and Shenandoah's collections by cause (concurrent cycles and Full GCs). */
  private static ObjectNode collectionsByCause(CollectionCauses c) {
    ObjectNode o = NODES.objectNode();
    for (Map.Entry<String, CollectionCauses.ByCause> e : c.byCause()) {
      CollectionCauses.ByCause b = e.getValue();
      ObjectNode n = o.putObject(e.getKey());
      n.put("count", b.count());
      n.put("concurrent", b.concurrent());
      n.put("stopTheWorld", b.stopTheWorld());
      ConcurrentAggregator.Durations d = b.durations();
      n.put("timed", d.timed());
      n.put("totalMs", d.timed() > 0 ? round(d.totalMs(), 3) : null);
      n.put("meanMs", d.timed() > 0 ? round(d.meanMs(), 3) : null);
      n.put("maxMs", d.timed() > 0 ? round(d.maxMs(), 3) : null);
    }
    return o;
  }

  private static ObjectNode phases(PhaseAggregator p) {
    ObjectNode o = NODES.objectNode();
    o.put("pausesWithPhases", p.pausesWithPhases());
    ArrayNode arr = o.putArray("young");
    for (PhaseAggregator.PhaseShare s : p.shares()) {
      ObjectNode n = arr.addObject();
      n.put("phase", s.phase());
      n.put("totalMs", round(s.totalMs(), 3));
      n.put("meanMs", round(s.meanMs(), 3));
      n.put("maxMs", round(s.maxMs(), 3));
      n.put("pauseTimePct", round(s.pctOfPauseTime(), 2));
    }
    return o;
  }

  private static ObjectNode cpu(Analysis a) {
    ObjectNode o = NODES.objectNode();
    o.put("pausesWithTimes", a.pauses().pausesWithTimes());
    o.put("userS", round(a.pauses().userS(), 3));
    o.put("sysS", round(a.pauses().sysS(), 3));
    o.put("realS", round(a.pauses().realS(), 3));
    o.put("pausesRealOverCpu", a.pauses().realExceedsCpu().count());
    o.put("pausesSysOverUser", a.pauses().sysExceedsUser().count());
    return o;
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

  /** The window rows, serialized as they are written. */
  private record WindowRows(WindowAggregator windows, Analysis a) implements JsonSerializable {
    @Override
    public void serialize(JsonGenerator gen, SerializerProvider provider) throws IOException {
      gen.writeStartArray();
      IOException[] failure = {null};
      windows.forEach(w -> {
        if (failure[0] != null) {
          return;
        }
        try {
          gen.writeStartObject();
          gen.writeFieldName("startS");
          JsonNumbers.writeRounded(gen, w.startS(), 3);
          String time = IsoTime.of(a.span().epochAt(w.startS()), a.input().wallClockOffset());
          if (time != null) {
            gen.writeStringField("time", time);
          }
          gen.writeNumberField("ygcCount", w.ygcCount());
          gen.writeFieldName("ygcMs");
          JsonNumbers.writeRounded(gen, w.ygcMs(), 3);
          gen.writeNumberField("fgcCount", w.fgcCount());
          gen.writeFieldName("fgcMs");
          JsonNumbers.writeRounded(gen, w.fgcMs(), 3);
          if (a.concurrent().hasCycleScopes()) {
            gen.writeNumberField("minorCycles", w.minorCycles());
            gen.writeNumberField("majorCycles", w.majorCycles());
          }
          gen.writeEndObject();
        } catch (IOException e) {
          failure[0] = e;
        }
      });
      if (failure[0] != null) {
        throw failure[0];
      }
      gen.writeEndArray();
    }

    @Override
    public void serializeWithType(JsonGenerator gen, SerializerProvider provider, TypeSerializer ts) throws IOException {
      serialize(gen, provider);
    }
  }

  private static Long nonNeg(long v) {
    return v >= 0 ? v : null;
  }
}
