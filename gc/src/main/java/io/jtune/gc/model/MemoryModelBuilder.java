package io.jtune.gc.model;

import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.aggregate.Trend;
import io.jtune.gc.facts.GcFacts;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import io.jtune.common.units.ByteSize;
import java.util.List;

/** Builds the {@link MemoryModel} of one JVM lifetime from its finished aggregations and flags. */
public final class MemoryModelBuilder {
  /** A live set at this share of old after Full GCs that free almost nothing saturates the heap. */
  static final double SATURATED = 0.9;

  private MemoryModelBuilder() {}

  public static MemoryModel of(GcFacts f) {
    MemoryAggregator m = f.memory();
    Collector c = f.jvm().collector();
    boolean fixedYoung = switch (c) {
      case SERIAL, PARALLEL, PARNEW_CMS, DEFNEW_CMS, PARNEW_SERIAL_OLD -> true;
      default -> false;
    };
    long demand = Math.max(m.maxAgedBytes(),
        m.meanSurvivorAfter() < 0 ? -1 : m.meanSurvivorAfter() + Math.max(0, m.promotedPerYoungGcMean()));
    String demandSource = demand > 0 ? (m.maxAgedBytes() >= demand ? "aged bytes in the tenuring distribution"
        : "survivor use after young GCs plus promotion per young GC") : "not logged";
    boolean overflow = m.survivorMeasured() >= 3 && m.survivorFull() >= 0.5 * m.survivorMeasured()
        || m.tenuringCount() >= 3 && m.thresholdBelowMax() >= 0.5 * m.tenuringCount() && m.minThreshold() <= 2
            && m.maxThreshold() > 2;
    MemoryModel.LiveSet live = live(f, c);
    MemoryModel.Capacities caps = capacities(f, fixedYoung);
    return new MemoryModel(live, m.allocationRateMBps(), m.promotionRateMBps(), demand, demandSource,
        caps, f.pauses().pauseTargetMs(), m.meanYoungIntervalS(),
        f.pauses().kind(PauseKind.YOUNG).count() == 0 ? Double.NaN : f.pauses().kind(PauseKind.YOUNG).percentileMs(99),
        youngTimePct(f), fixedYoung, overflow, f.anomalies().fullGcs().count(), null).withChurn(f);
  }

  /** Share of the span in young pauses, percent, or NaN when the span is under a second. */
  private static double youngTimePct(GcFacts f) {
    double span = f.span().durationS();
    // pauses longer than the span (timestamps that went back, overlapping logs) cannot take more than all of it
    return span >= 1 ? Math.min(100, 100 * f.pauses().kind(PauseKind.YOUNG).totalMs() / 1000 / span) : Double.NaN;
  }

  /**
   * The live set: the largest old occupancy after a Full GC; without one, after concurrent
   * cycles, the lowest old occupancy after GC in the log's second half. Its trend: after Full
   * GCs when they are enough for one, else the lower envelope of old after GC once the old
   * generation has been collected (Full GCs or at least three concurrent cycles).
   */
  private static MemoryModel.LiveSet live(GcFacts f, Collector c) {
    MemoryAggregator m = f.memory();
    long cycles = f.concurrent().cycles().count();
    long bytes;
    String source;
    long first;
    if (m.fullGcsWithOld() > 0) {
      bytes = m.oldAfterFullMax();
      first = m.oldAfterFullFirst();
      source = "old generation after Full GC (largest of " + m.fullGcsWithOld() + ")";
    } else if (cycles > 0 && !m.oldAfter().points().isEmpty()) {
      List<Series.Point> pts = m.oldAfter().points();
      double low = Double.MAX_VALUE;
      for (Series.Point p : pts.subList(pts.size() / 2, pts.size())) {
        low = Math.min(low, p.min());
      }
      bytes = (long) low;
      first = m.firstOldAfterGc();
      source = "lowest old-generation occupancy after GC in the log's second half, after " + cycles
          + " concurrent cycle(s)";
    } else if (m.cycles().live().count() > 0) {
      // ZGC marks the whole heap (a major collection: young plus old) and logs what it found live
      bytes = m.cycles().live().max();
      first = -1;
      source = "largest live set marking found (the \"Live:\" row of " + m.cycles().live().count()
          + " collection(s)' statistics)";
    } else {
      return MemoryModel.LiveSet.UNKNOWN;
    }
    Trend full = m.oldAfterFullTrend();
    Trend t = full.enoughData() ? full : m.oldTrend();
    String note = t.notEnoughDataReason();
    if (m.fullGcsWithOld() == 0 && m.oldAfter().points().isEmpty() && m.cycles().live().count() > 0) {
      note = "not enough data: no old-generation occupancy after collections in the log (ZGC logs the live set of"
          + " each marking only), so no trend";
    }
    boolean oldCollected = m.fullGcsWithOld() >= 3 || cycles >= 3;
    if (note == null && !oldCollected) {
      note = "not enough data: the old generation was collected fewer than 3 times";
    }
    // the old generation's capacity; a region-based heap logs none: its whole heap is the bound
    long oldCap = m.old().allocated() > 0 ? m.old().allocated() : m.heap().allocated();
    if (note == null && t != full && oldCap > 0 && bytes < 0.5 * oldCap) {
      note = "not enough data: without Full GCs the old generation's lower envelope only rises as it fills, and it"
          + " is less than half full";
    }
    // (a live set that stopped at the old generation's ceiling levelled off because it could not grow: not this)
    if (note == null && t == full && MemoryModel.growsMaterially(t.slopeMBph(), t.r2(), t.spanS(), oldCap)
        && !(oldCap > 0 && bytes >= SATURATED * oldCap)) {
      double later = m.oldAfterFullLaterSlopePerS();
      if (later < MemoryModel.LEVELLED_SHARE * t.slopePerS()) {
        note = String.format(java.util.Locale.US, "levelled off: the live set rose from %s to %s and then moved"
            + " at %.1f MB/hour over the later half of the Full GCs, against %.1f MB/hour over all of them (a cache or pool"
            + " that filled to its bound, not a leak)", ByteSize.human(t.firstY()), ByteSize.human(bytes),
            later * 3600 / (1 << 20), t.slopeMBph());
      }
    }
    boolean ok = note == null;
    if (ok) {
      first = (long) t.firstY(); // the trend's own first point, so its endpoints and slope agree
    }
    boolean saturates = m.fullGcsWithOld() >= 3 && m.fullGcsFreeingLittle() >= Math.max(2, 0.5 * m.fullGcsWithOld())
        && oldCap > 0 && bytes >= SATURATED * oldCap && m.firstOldAfterGc() >= 0 && m.firstOldAfterGc() < 0.5 * bytes;
    return new MemoryModel.LiveSet(bytes, source, first, ok ? t.slopeMBph() : Double.NaN, ok ? t.r2() : Double.NaN,
        t.spanS(), note, saturates);
  }

  private static MemoryModel.Capacities capacities(GcFacts f, boolean fixedYoung) {
    MemoryAggregator m = f.memory();
    JvmFlags flags = f.flags();
    long heap;
    String heapSource;
    Long logged = f.jvm().info().heapMaxBytes();
    if (flags.bytes(JvmOption.MAX_HEAP_SIZE).isPresent()) {
      heap = flags.bytes(JvmOption.MAX_HEAP_SIZE).getAsLong();
      heapSource = JvmOption.MAX_HEAP_SIZE.shortForm();
    } else if (logged != null && logged > 0) {
      heap = logged;
      heapSource = "log header";
    } else if (m.heap().allocated() > 0) {
      heap = m.heap().allocated();
      heapSource = "largest heap capacity in the log";
    } else {
      heap = -1;
      heapSource = "not known";
    }
    Long init = f.jvm().info().heapInitialBytes();
    long heapInitial = flags.bytes(JvmOption.INITIAL_HEAP_SIZE).orElse(init == null ? -1 : init);
    long young;
    String youngSource;
    if (flags.bytes(JvmOption.MAX_NEW_SIZE).isPresent() && fixedYoung) {
      young = flags.bytes(JvmOption.MAX_NEW_SIZE).getAsLong();
      youngSource = JvmOption.XMN.shortForm();
    } else if (m.young().allocated() > 0) {
      young = m.young().allocated();
      youngSource = "largest young capacity in the log";
    } else {
      young = -1;
      youngSource = "not known";
    }
    long survivor = -1;
    String ratio = flags.value(JvmOption.SURVIVOR_RATIO);
    if (ratio != null && young > 0) {
      try {
        survivor = young / (Long.parseLong(ratio.trim()) + 2);
      } catch (NumberFormatException e) {
        survivor = -1;
      }
    }
    Long host = f.jvm().info().memoryBytes();
    long container = flags.bytes("MaxRAM").orElse(-1);
    return new MemoryModel.Capacities(heap, heapSource, heapInitial, young, youngSource, m.old().allocated(), survivor,
        m.metaspace().peak(), host == null ? -1 : host, container);
  }
}
