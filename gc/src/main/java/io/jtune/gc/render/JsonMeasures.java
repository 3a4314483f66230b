package io.jtune.gc.render;

import static io.jtune.common.format.JsonNumbers.round;
import static io.jtune.gc.render.AnalysisJson.nonNeg;
import static io.jtune.gc.render.AnalysisJson.putTime;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.JsonNumbers;
import io.jtune.gc.aggregate.CollectionCauses;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.CycleMemory;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.io.IOException;
import java.util.Map;

/**
 * The measured sections of the analysis document ({@link AnalysisJson}): pauses, windows, memory,
 * rates, concurrent work, phases and CPU, each one JSON object in the document's field order.
 */
final class JsonMeasures {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonMeasures() {}

  private static void percentiles(ObjectNode o, PauseDistribution d) {
    o.put("p50Ms", round(d.percentileMs(50), 3));
    o.put("p90Ms", round(d.percentileMs(90), 3));
    o.put("p95Ms", round(d.percentileMs(95), 3));
    o.put("p99Ms", round(d.percentileMs(99), 3));
    o.put("p999Ms", round(d.percentileMs(99.9), 3));
  }

  static ObjectNode distribution(PauseDistribution d) {
    ObjectNode o = NODES.objectNode();
    o.put("count", d.count());
    o.put("totalMs", round(d.totalMs(), 3));
    o.put("meanMs", round(d.meanMs(), 3));
    percentiles(o, d);
    o.put("maxMs", round(d.maxMs(), 3));
    return o;
  }

  static ObjectNode pauses(Analysis a) {
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

  static ObjectNode windows(Analysis a) {
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

  static ObjectNode memory(MemoryAggregator m) {
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

  static ObjectNode rates(Analysis a) {
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

  static ObjectNode concurrent(ConcurrentAggregator c) {
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
  static ObjectNode collectionsByCause(CollectionCauses c) {
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

  static ObjectNode phases(PhaseAggregator p) {
    ObjectNode o = NODES.objectNode();
    o.put("pausesWithPhases", p.pausesWithPhases());
    if (p.inconsistentPauses() > 0) {
      // only when there are some: documents of consistent logs stay as they were
      o.put("pausesInconsistent", p.inconsistentPauses());
    }
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

  static ObjectNode cpu(Analysis a) {
    ObjectNode o = NODES.objectNode();
    o.put("pausesWithTimes", a.pauses().pausesWithTimes());
    o.put("userS", round(a.pauses().userS(), 3));
    o.put("sysS", round(a.pauses().sysS(), 3));
    o.put("realS", round(a.pauses().realS(), 3));
    o.put("pausesRealOverCpu", a.pauses().realExceedsCpu().count());
    o.put("pausesSysOverUser", a.pauses().sysExceedsUser().count());
    return o;
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
}
