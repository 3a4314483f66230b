package io.jtune.bench;

import io.jtune.common.format.Json;
import com.microsoft.gctoolkit.GCToolKit;
import com.microsoft.gctoolkit.aggregator.Aggregates;
import com.microsoft.gctoolkit.aggregator.Aggregation;
import com.microsoft.gctoolkit.aggregator.Aggregator;
import com.microsoft.gctoolkit.aggregator.Collates;
import com.microsoft.gctoolkit.aggregator.EventSource;
import com.microsoft.gctoolkit.event.MemoryPoolSummary;
import com.microsoft.gctoolkit.event.g1gc.G1GCPauseEvent;
import com.microsoft.gctoolkit.event.generational.GenerationalGCPauseEvent;
import com.microsoft.gctoolkit.event.jvm.JVMEvent;
import com.microsoft.gctoolkit.io.SingleGCLogFile;
import com.microsoft.gctoolkit.jvm.JavaVirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Parses one GC log with Microsoft GCToolKit (the library's own {@code GCToolKit.analyze}, with
 * every parser that accepts the log and an aggregation listening on every event source) and
 * writes what it counted as JSON to the result file.
 *
 * <p>GCToolKit ships no ready-made aggregations; {@link EventCounts} does what its samples do
 * (pause count and time, heap occupancy after collection, counts per event type), which makes
 * GCToolKit build every event its parsers can produce.
 *
 * <p>Usage: {@code GcToolKitParse <result.json> <log>}
 */
public final class GcToolKitParse {

  /** Counts per event type, pause count and time, and peak heap after collection. */
  @Collates(EventCounter.class)
  public static final class EventCounts extends Aggregation {
    final Map<String, LongAdder> byType = new ConcurrentHashMap<>();
    final LongAdder pauses = new LongAdder();
    final DoubleAdder pauseSeconds = new DoubleAdder();
    final LongAccumulator maxHeapAfterKb = new LongAccumulator(Math::max, 0);

    void event(JVMEvent e) {
      byType.computeIfAbsent(e.getClass().getSimpleName(), k -> new LongAdder()).increment();
    }

    void pause(JVMEvent e, MemoryPoolSummary heap) {
      event(e);
      pauses.increment();
      pauseSeconds.add(e.getDuration());
      if (heap != null) {
        maxHeapAfterKb.accumulate(heap.getOccupancyAfterCollection());
      }
    }

    long events() {
      return byType.values().stream().mapToLong(LongAdder::sum).sum();
    }

    @Override
    public boolean hasWarning() {
      return false;
    }

    @Override
    public boolean isEmpty() {
      return byType.isEmpty();
    }
  }

  /** Feeds every event GCToolKit produces, from any source, to {@link EventCounts}. */
  @Aggregates({EventSource.GENERATIONAL, EventSource.CMS_UNIFIED, EventSource.CMS_PREUNIFIED,
      EventSource.G1GC, EventSource.SHENANDOAH, EventSource.ZGC, EventSource.SAFEPOINT,
      EventSource.SURVIVOR, EventSource.TENURED, EventSource.JVM})
  public static final class EventCounter extends Aggregator<EventCounts> {
    public EventCounter(EventCounts counts) {
      super(counts);
      register(G1GCPauseEvent.class, e -> aggregation().pause(e, e.getHeap()));
      register(GenerationalGCPauseEvent.class, e -> aggregation().pause(e, e.getHeap()));
      register(JVMEvent.class, e -> aggregation().event(e));
    }
  }

  private GcToolKitParse() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: GcToolKitParse <result.json> <log>");
      System.exit(2);
    }
    Path log = Path.of(args[1]);
    long start = System.nanoTime();
    GCToolKit toolKit = new GCToolKit();
    toolKit.loadAggregation(new EventCounts());
    JavaVirtualMachine jvm = toolKit.analyze(new SingleGCLogFile(log));
    double seconds = (System.nanoTime() - start) / 1e9;

    EventCounts counts = jvm.getAggregation(EventCounts.class).orElse(new EventCounts());
    Map<String, Object> r = new java.util.LinkedHashMap<>();
    r.put("events", counts.events());
    r.put("pauses", counts.pauses.sum());
    r.put("pauseTotalMs", counts.pauseSeconds.sum() * 1000);
    r.put("maxHeapAfterGcKb", counts.maxHeapAfterKb.get());
    r.put("bytes", Files.size(log));
    r.put("collector", jvm.isG1GC() ? "G1" : jvm.isCMS() ? "CMS" : jvm.isParallel() ? "Parallel"
        : jvm.isSerial() ? "Serial" : jvm.isZGC() ? "ZGC" : jvm.isShenandoah() ? "Shenandoah" : "unknown");
    Map<String, Long> byType = new TreeMap<>();
    counts.byType.forEach((k, v) -> byType.put(k, v.sum()));
    r.put("eventsByType", byType);
    r.put("inProcessSeconds", seconds);
    Json.indented().writeValue(Path.of(args[0]).toFile(), r);
    if (counts.events() == 0) {
      System.err.println("GCToolKit produced no events for " + log);
      System.exit(1);
    }
  }
}
