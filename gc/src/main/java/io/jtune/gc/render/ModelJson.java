package io.jtune.gc.render;

import io.jtune.common.format.JsonNumbers;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.diagnosis.Problem;

/** The memory model and the diagnosis as JSON objects ({@code memoryModel}, {@code diagnosis}); unknown sizes are null. */
public final class ModelJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ModelJson() {}

  /** {@code {primary, secondary[], evidence[], advice}}: problem codes such as {@code memory-leak}. */
  public static ObjectNode diagnosis(Diagnosis d) {
    ObjectNode o = NODES.objectNode();
    o.put("primary", d.primary().code());
    var sec = o.putArray("secondary");
    d.secondary().stream().map(Problem::code).forEach(sec::add);
    var ev = o.putArray("evidence");
    d.evidence().forEach(ev::add);
    o.put("advice", d.advice());
    return o;
  }

  public static ObjectNode memoryModel(MemoryModel m) {
    ObjectNode o = NODES.objectNode();
    MemoryModel.LiveSet l = m.live();
    ObjectNode live = o.putObject("liveSet");
    live.put("bytes", size(l.bytes()));
    live.put("source", l.source());
    live.put("firstBytes", size(l.firstBytes()));
    live.put("trendMBPerH", round(l.slopeMBph(), 1));
    live.put("trendR2", round(l.r2(), 3));
    live.put("trendSpanS", round(l.spanS(), 3));
    live.put("trendNote", l.trendNote());
    live.put("grows", m.liveSetGrows());
    live.put("saturates", l.saturates());
    o.put("allocationMBPerS", round(m.allocationRateMBps(), 3));
    o.put("promotionMBPerS", round(m.promotionRateMBps(), 3));
    o.put("survivorDemandBytes", size(m.survivorDemandBytes()));
    o.put("survivorDemandSource", m.survivorDemandSource());
    o.put("survivorOverflow", m.survivorsOverflow());
    MemoryModel.Capacities c = m.capacities();
    ObjectNode caps = o.putObject("capacities");
    caps.put("heapMaxBytes", size(c.heapMax()));
    caps.put("heapSource", c.heapSource());
    caps.put("heapInitialBytes", size(c.heapInitial()));
    caps.put("youngBytes", size(c.young()));
    caps.put("youngSource", c.youngSource());
    caps.put("oldBytes", size(m.oldCapacity()));
    caps.put("survivorBytes", size(c.survivor()));
    caps.put("metaspacePeakBytes", size(c.metaspacePeak()));
    caps.put("hostMemoryBytes", size(c.hostMemory()));
    caps.put("containerLimitBytes", size(c.containerLimit()));
    o.put("pauseGoalMs", round(m.pauseGoalMs(), 3));
    o.put("youngGcIntervalS", round(m.youngIntervalS(), 3));
    o.put("youngP99Ms", round(m.youngP99Ms(), 3));
    o.put("youngTimePct", round(m.youngTimePct(), 3));
    o.put("fixedYoung", m.fixedYoung());
    o.put("cacheChurn", m.cacheChurn());
    ObjectNode sizing = o.putObject("sizing");
    sizing.put("liveSetFits", m.liveSetFits());
    sizing.put("heapBytes", size(m.targetHeap()));
    sizing.put("heapRule", MemoryModel.HEAP_RULE);
    sizing.put("youngBytes", size(m.targetYoung()));
    sizing.put("youngGrowthRefused", m.youngGrowthRefused());
    return o;
  }

  private static Long size(long v) {
    return v >= 0 ? v : null;
  }
}
