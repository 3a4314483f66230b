package io.jtune.gc.aggregate;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.Tenuring;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Memory views: allocated and peak size per generation (GCeasy style), allocation and
 * promotion rates, promoted bytes per young GC (young-generation drop - whole-heap drop), the
 * tenuring picture, and old-generation occupancy after GC over time with its trend.
 */
public final class MemoryAggregator implements Aggregator {
  private static final int SERIES_POINTS = 2000;

  /** Allocated (largest capacity seen) and peak (largest occupancy seen) of one area, bytes. */
  public static final class Area {
    private long allocated = -1;
    private long peak = -1;

    void observe(MemoryUsage u) {
      if (u == null) {
        return;
      }
      allocated = Math.max(allocated, u.capacity());
      peak = Math.max(peak, Math.max(u.before(), u.after()));
    }

    public long allocated() {
      return allocated;
    }

    public long peak() {
      return peak;
    }

    public boolean known() {
      return allocated >= 0 || peak >= 0;
    }
  }

  private final Area young = new Area();
  private final Area old = new Area();
  private final Area metaspace = new Area();
  private final Area heap = new Area();
  private final Series heapBefore = new Series(SERIES_POINTS);
  private final Series heapAfter = new Series(SERIES_POINTS);
  private final Series oldAfter = new Series(SERIES_POINTS);
  private final Series youngBefore = new Series(SERIES_POINTS);
  private final Series metaspaceAfter = new Series(SERIES_POINTS);
  private final Series promotedSeries = new Series(SERIES_POINTS);
  private final Series allocationRate = new Series(SERIES_POINTS);
  private final double windowS;
  private final CycleMemory cycles = new CycleMemory();

  // allocation: occupancy growth between collections
  private long lastYoungAfter = -1;
  private long lastHeapAfter = -1;
  private double lastPauseEndS = Double.NaN;
  private double allocBytes;
  private double allocFirstS = Double.NaN;
  private double allocLastS = Double.NaN;
  private long allocIntervals;
  private double allocIntervalS;

  // Shenandoah: the heap is logged on its concurrent cleanups, not on its pauses
  private long cleanupAfter = -1;
  private boolean cleanupSeen;
  private boolean copiedSinceCleanup;
  private double cleanupEndS = Double.NaN;
  private double cleanupAllocBytes;
  private double cleanupAllocS;
  private double cleanupFirstS = Double.NaN;

  // promotion, young GCs only
  private long youngWithPromotion;
  private long youngMeasured;
  private double promotedTotal;
  private long promotedMax;
  private final ExampleList bigPromotions = new ExampleList(5);

  // young GC interval
  private long youngGcs;
  private double firstYoungS = Double.NaN;
  private double lastYoungS = Double.NaN;
  private double youngCapacitySum;
  private long youngCapacityCount;

  // tenuring
  private long tenuringCount;
  private long thresholdBelowMax;
  private int minThreshold = Integer.MAX_VALUE;
  private int maxThreshold = -1;
  private final ExampleList lowThreshold = new ExampleList(5);
  private long survivorFull;
  private long survivorMeasured;
  private long maxAgedBytes = -1;
  private double survivorAfterSum;
  private final ExampleList survivorOverflow = new ExampleList(5);

  // old after GC: occupancy right after Full GCs (the live set)
  private final Trend oldAfterFullTrend = new Trend();
  private double originS = Double.NaN;
  private long fullGcs;
  private final ExampleList oldAfterFull = new ExampleList(200);
  private long liveMax = -1;
  /** Time (s) and old occupancy after each Full GC, the first {@value #MAX_FULL_POINTS}. */
  private final List<double[]> fullPoints = new ArrayList<>();
  private static final int MAX_FULL_POINTS = 1 << 16;
  private long liveFirst = -1;
  private long liveMin = -1;
  private long fullGcsFreeingLittle;
  private long firstOldAfterGc = -1;

  public MemoryAggregator(double windowS) {
    this.windowS = windowS;
  }

  @Override
  public void accept(GcEvent e) {
    if (e instanceof ConcurrentPhase c && c.facts() != null && c.memory() != null && c.memory().heap() != null) {
      cycle(c, c.memory().heap());
      return;
    }
    if (e instanceof ConcurrentPhase c && !c.wholeCycle() && c.memory() != null && c.memory().heap() != null) {
      cleanup(c, c.memory().heap());
      return;
    }
    if (cleanupSeen && e instanceof ConcurrentPhase c && !c.wholeCycle() && copies(c.name())) {
      copiedSinceCleanup = true;
    }
    if (!(e instanceof GcPause p) || p.memory() == null) {
      return;
    }
    HeapChange m = p.memory();
    double t = p.uptimeS();
    if (Double.isNaN(originS)) {
      originS = t;
    }
    young.observe(m.young());
    old.observe(m.old());
    metaspace.observe(m.metaspace());
    heap.observe(m.heap());
    if (m.heap() != null) {
      if (m.heap().hasBefore()) {
        heapBefore.add(t, m.heap().before());
      }
      if (m.heap().hasAfter()) {
        heapAfter.add(t, m.heap().after());
      }
    }
    if (m.young() != null && m.young().hasBefore()) {
      youngBefore.add(t, m.young().before());
    }
    if (m.metaspace() != null && m.metaspace().hasAfter()) {
      metaspaceAfter.add(t, m.metaspace().after());
    }
    allocation(p, m, t);
    if (p.kind() == PauseKind.YOUNG) {
      youngGc(p, m, t);
    }
    if (p.tenuring() != null) {
      tenuring(p, p.tenuring());
    }
    oldAfterGc(p, m, t);
  }

  /** A ZGC collection: the heap is logged on it, not on its pauses. */
  private void cycle(ConcurrentPhase c, MemoryUsage h) {
    heap.observe(h);
    double start = Double.isNaN(c.facts().startUptimeS()) ? c.uptimeS() : c.facts().startUptimeS();
    if (h.hasBefore()) {
      heapBefore.add(start, h.before());
    }
    if (h.hasAfter()) {
      heapAfter.add(c.uptimeS(), h.after());
    }
    double rate = cycles.accept(c, h);
    if (!Double.isNaN(rate)) {
      allocationRate.add(c.uptimeS(), rate);
    }
  }

  /**
   * A concurrent phase that logs the heap (Shenandoah's "Concurrent cleanup 1613M->1361M(1636M)",
   * twice a cycle: after marking, and at its end). From the end of one cycle to the first cleanup of
   * the next, the heap grows only by what the application allocates (marking neither frees nor
   * copies); between them evacuation copies objects and updating references follows it, so that
   * growth is not counted (JDK 8 logs have no GC ids: the phases' names tell it). The rate is what
   * was allocated over the time measured.
   */
  private void cleanup(ConcurrentPhase c, MemoryUsage h) {
    double start = Double.isNaN(c.durationMs()) ? c.uptimeS() : c.uptimeS() - c.durationMs() / 1000.0;
    if (h.hasBefore() && cleanupAfter >= 0 && !copiedSinceCleanup && h.before() >= cleanupAfter) {
      double dt = start - cleanupEndS;
      if (dt > 0.001) {
        double grown = h.before() - cleanupAfter;
        cleanupAllocBytes += grown;
        cleanupAllocS += dt;
        if (Double.isNaN(cleanupFirstS)) {
          cleanupFirstS = cleanupEndS;
        }
        allocationRate.add(start, grown / dt / (1 << 20));
      }
    }
    cleanupAfter = h.hasAfter() ? h.after() : -1;
    cleanupSeen = true;
    copiedSinceCleanup = false;
    cleanupEndS = c.uptimeS();
    // a pause's interval to the previous pause spans what this cycle freed: not an allocation
    lastHeapAfter = -1;
  }

  /** A Shenandoah phase that copies objects or updates references to the copies. */
  private static boolean copies(String phase) {
    return phase.contains("vacuat") || phase.contains("pdate ref") || phase.contains("pdate Ref");
  }

  /** ZGC collections' heap, live set and rates; empty for other collectors. */
  public CycleMemory cycles() {
    return cycles;
  }

  private void allocation(GcPause p, HeapChange m, double t) {
    long before = -1;
    long prevAfter = -1;
    if (m.young() != null && m.young().hasBefore() && lastYoungAfter >= 0) {
      before = m.young().before();
      prevAfter = lastYoungAfter;
    } else if (m.young() == null && m.heap() != null && m.heap().hasBefore() && lastHeapAfter >= 0) {
      before = m.heap().before();
      prevAfter = lastHeapAfter;
    }
    if (before >= 0 && before >= prevAfter && !Double.isNaN(lastPauseEndS)) {
      double grown = before - prevAfter;
      allocBytes += grown;
      allocIntervals++;
      if (Double.isNaN(allocFirstS)) {
        allocFirstS = lastPauseEndS;
      }
      allocLastS = t;
      double dt = t - lastPauseEndS;
      allocIntervalS += Math.max(0, dt);
      if (dt > 0.001) {
        allocationRate.add(t, grown / dt / (1 << 20));
      }
    }
    if (m.young() != null && m.young().hasAfter()) {
      lastYoungAfter = m.young().after();
    }
    if (m.heap() != null && m.heap().hasAfter()) {
      lastHeapAfter = m.heap().after();
    }
    lastPauseEndS = t + p.durationMs() / 1000.0;
    if (cleanupSeen && m.heap() != null) {
      // Shenandoah's degenerated or full collection: the next cleanup's growth starts here
      cleanupAfter = m.heap().hasAfter() ? m.heap().after() : -1;
      copiedSinceCleanup = false;
      cleanupEndS = lastPauseEndS;
    }
  }

  private void youngGc(GcPause p, HeapChange m, double t) {
    youngGcs++;
    // the earliest and latest young GC: a clock that went back between them must not make the
    // interval and promotion rate negative
    if (Double.isNaN(firstYoungS) || t < firstYoungS) {
      firstYoungS = t;
    }
    if (Double.isNaN(lastYoungS) || t > lastYoungS) {
      lastYoungS = t;
    }
    if (m.young() != null && m.young().hasCapacity()) {
      youngCapacitySum += m.young().capacity();
      youngCapacityCount++;
    }
    MemoryUsage y = m.young();
    MemoryUsage h = m.heap();
    if (y != null && h != null && y.hasBefore() && y.hasAfter() && h.hasBefore() && h.hasAfter()) {
      long promoted = Math.max(0, y.reclaimed() - h.reclaimed());
      youngMeasured++;
      promotedTotal += promoted;
      promotedSeries.add(t, promoted);
      if (promoted > 0) {
        youngWithPromotion++;
      }
      if (promoted > promotedMax) {
        promotedMax = promoted;
        bigPromotions.add(p.gcId(), t, () -> String.format(Locale.US,
            "promoted %s (young %s->%s, heap %s->%s)", ByteSize.human(promoted), ByteSize.human(y.before()), ByteSize.human(y.after()),
            ByteSize.human(h.before()), ByteSize.human(h.after())));
      }
    }
    MemoryUsage s = m.survivor();
    if (s != null && s.hasAfter() && s.hasCapacity() && s.capacity() > 0) {
      survivorMeasured++;
      survivorAfterSum += s.after();
      if (s.after() >= 0.95 * s.capacity()) {
        survivorFull++;
        survivorOverflow.add(p.gcId(), t, () -> String.format(Locale.US,
            "survivor %s of %s after GC", ByteSize.human(s.after()), ByteSize.human(s.capacity())));
      }
    }
  }

  private void tenuring(GcPause p, Tenuring tn) {
    tenuringCount++;
    maxAgedBytes = Math.max(maxAgedBytes, tn.agedBytes());
    minThreshold = Math.min(minThreshold, tn.newThreshold());
    maxThreshold = Math.max(maxThreshold, tn.maxThreshold());
    if (tn.newThreshold() < tn.maxThreshold()) {
      thresholdBelowMax++;
      lowThreshold.add(p.gcId(), p.uptimeS(), () -> String.format(Locale.US,
          "tenuring threshold %d (max %d), desired survivor %s, aged %s", tn.newThreshold(),
          tn.maxThreshold(), ByteSize.human(tn.desiredSurvivorBytes()), ByteSize.human(tn.agedBytes())));
    }
  }

  private void oldAfterGc(GcPause p, HeapChange m, double t) {
    long after = -1;
    if (m.old() != null && m.old().hasAfter()) {
      after = m.old().after();
    } else if (m.heap() != null && m.heap().hasAfter() && m.young() != null && m.young().hasAfter()) {
      after = Math.max(0, m.heap().after() - m.young().after());
    } else if (m.heap() != null && m.heap().hasAfter() && m.young() == null && m.old() == null) {
      // whole heap only (-verbose:gc, -Xlog:gc): after a collection it is the live set plus what
      // young still holds; its lower envelope tracks the live set
      after = m.heap().after();
    }
    if (after < 0) {
      return;
    }
    oldAfter.add(t, after);
    if (firstOldAfterGc < 0) {
      firstOldAfterGc = after;
    }
    if (p.kind() == PauseKind.FULL) {
      fullGcs++;
      liveMax = Math.max(liveMax, after);
      liveMin = liveMin < 0 ? after : Math.min(liveMin, after);
      if (liveFirst < 0) {
        liveFirst = after;
      }
      if (m.heap() != null && m.heap().hasBefore() && m.heap().hasAfter()
          && m.heap().before() - m.heap().after() < FREED_LITTLE * m.heap().before()) {
        fullGcsFreeingLittle++;
      }
      oldAfterFullTrend.add(t, after);
      if (fullPoints.size() < MAX_FULL_POINTS) {
        fullPoints.add(new double[] {t, after});
      }
      long a = after;
      oldAfterFull.add(p.gcId(), t, () -> "old after full GC " + ByteSize.human(a));
    }
  }

  public Area young() {
    return young;
  }

  public Area old() {
    return old;
  }

  public Area metaspace() {
    return metaspace;
  }

  public Area heap() {
    return heap;
  }

  /** Shortest time a rate is measured over, seconds: a rate over a few milliseconds is noise. */
  static final double MIN_RATE_SPAN_S = 1;

  /**
   * Mean allocation rate in MB/s, or NaN when the log does not show occupancy growth over at
   * least {@link #MIN_RATE_SPAN_S}. For ZGC, whose pauses log no heap, see {@link CycleMemory}.
   */
  public double allocationRateMBps() {
    double dt = allocLastS - allocFirstS;
    if (cleanupAllocS > 0) {
      // measured over the intervals between cycles, which must span at least a second of the log
      boolean spans = cleanupEndS - cleanupFirstS >= MIN_RATE_SPAN_S;
      return spans ? (cleanupAllocBytes + allocBytes) / (cleanupAllocS + allocIntervalS) / (1 << 20) : Double.NaN;
    }
    if (allocIntervals == 0 && cycles.count() > 0) {
      return cycles.allocationRateMBps(MIN_RATE_SPAN_S);
    }
    return allocIntervals == 0 || !(dt >= MIN_RATE_SPAN_S) ? Double.NaN : allocBytes / dt / (1 << 20);
  }

  /**
   * Why a ZGC log gives no allocation rate (what it lacks), or null when it gives one or is no ZGC
   * log.
   */
  public String allocationRateMissing() {
    return allocIntervals == 0 ? cycles.allocationRateMissing(MIN_RATE_SPAN_S) : null;
  }

  /**
   * Mean promotion rate in MB/s over the young GCs' time span (at least {@link #MIN_RATE_SPAN_S}),
   * or, for generational ZGC, the "Promoted:" bytes of its collections over their span; else NaN.
   */
  public double promotionRateMBps() {
    if (youngMeasured == 0 && cycles.count() > 0) {
      return cycles.promotionRateMBps(MIN_RATE_SPAN_S);
    }
    double dt = lastYoungS - firstYoungS;
    return youngMeasured < 2 || !(dt >= MIN_RATE_SPAN_S) ? Double.NaN : promotedTotal / dt / (1 << 20);
  }

  /** Mean bytes promoted per young GC (young drop - heap drop), or -1. */
  public long promotedPerYoungGcMean() {
    return youngMeasured == 0 ? -1 : Math.round(promotedTotal / youngMeasured);
  }

  public long promotedPerYoungGcMax() {
    return youngMeasured == 0 ? -1 : promotedMax;
  }

  public long youngGcsMeasured() {
    return youngMeasured;
  }

  public long youngGcsWithPromotion() {
    return youngWithPromotion;
  }

  public ExampleList bigPromotions() {
    return bigPromotions;
  }

  /** Mean time between young GCs in seconds, or NaN with fewer than two. */
  public double meanYoungIntervalS() {
    return youngGcs < 2 ? Double.NaN : (lastYoungS - firstYoungS) / (youngGcs - 1);
  }

  /** The eden filled between young GCs: mean allocation per interval, bytes (or -1). */
  public long meanAllocationPerIntervalBytes() {
    return allocIntervals == 0 ? -1 : Math.round(allocBytes / allocIntervals);
  }

  /** Mean young generation capacity in bytes, or -1. */
  public long meanYoungCapacity() {
    return youngCapacityCount == 0 ? -1 : Math.round(youngCapacitySum / youngCapacityCount);
  }

  public long tenuringCount() {
    return tenuringCount;
  }

  public long thresholdBelowMax() {
    return thresholdBelowMax;
  }

  public int minThreshold() {
    return tenuringCount == 0 ? -1 : minThreshold;
  }

  public int maxThreshold() {
    return maxThreshold;
  }

  public ExampleList lowThreshold() {
    return lowThreshold;
  }

  public long survivorMeasured() {
    return survivorMeasured;
  }

  public long survivorFull() {
    return survivorFull;
  }

  /** Largest total of aged bytes in a tenuring distribution, or -1. */
  public long maxAgedBytes() {
    return maxAgedBytes;
  }

  /** Mean survivor occupancy after young GCs, or -1 when not logged. */
  public long meanSurvivorAfter() {
    return survivorMeasured == 0 ? -1 : Math.round(survivorAfterSum / survivorMeasured);
  }

  public ExampleList survivorOverflow() {
    return survivorOverflow;
  }

  /** Groups the lower envelope is taken over: enough points for a fit, each a run of GCs. */
  private static final int ENVELOPE_GROUPS = 40;

  /**
   * Trend of the old generation's lower envelope after GC: the old-after-GC series (already
   * bucketed with each bucket's minimum) cut into up to 40 consecutive groups, the minimum of each
   * group fitted by least squares. The minimum follows the live set and ignores the sawtooth.
   */
  public Trend oldTrend() {
    List<Series.Point> pts = oldAfter.points();
    Trend t = new Trend();
    int groups = Math.min(ENVELOPE_GROUPS, pts.size());
    for (int g = 0; g < groups; g++) {
      int from = (int) ((long) g * pts.size() / groups);
      int to = (int) ((long) (g + 1) * pts.size() / groups);
      Series.Point min = pts.get(from);
      for (int i = from + 1; i < to; i++) {
        if (pts.get(i).min() < min.min()) {
          min = pts.get(i);
        }
      }
      t.add(min.minAtS(), min.min());
    }
    return t;
  }

  /** Trend of old occupancy right after full GCs (the live set). */
  public Trend oldAfterFullTrend() {
    return oldAfterFullTrend;
  }

  /**
   * How the old occupancy after Full GCs moved over the later half of their span: the least-squares
   * slope in bytes per second through the Full GCs there (two are a line), or NaN with fewer than
   * 2 of them there or 3 in all. A live set that rose and levelled off (a cache filled to its
   * bound) has a slope near 0 there.
   */
  public double oldAfterFullLaterSlopePerS() {
    if (fullPoints.size() < 3) {
      return Double.NaN;
    }
    double from = (fullPoints.get(0)[0] + fullPoints.get(fullPoints.size() - 1)[0]) / 2;
    long n = 0;
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    for (double[] p : fullPoints) {
      if (p[0] >= from) {
        n++;
        sx += p[0];
        sy += p[1];
        sxx += p[0] * p[0];
        sxy += p[0] * p[1];
      }
    }
    double d = n * sxx - sx * sx;
    return n < 2 || d <= 0 ? Double.NaN : (n * sxy - sx * sy) / d;
  }

  public long fullGcsWithOld() {
    return fullGcs;
  }

  /** A Full GC that frees less than this share of the heap it found frees almost nothing. */
  public static final double FREED_LITTLE = 0.05;

  /** Largest old occupancy right after a Full GC (the live set at its largest), or -1 without one. */
  public long oldAfterFullMax() {
    return liveMax;
  }

  /** Smallest old occupancy right after a Full GC, or -1 without one. */
  public long oldAfterFullMin() {
    return liveMin;
  }

  /** Old occupancy right after the first Full GC, or -1 without one. */
  public long oldAfterFullFirst() {
    return liveFirst;
  }

  /** Full GCs that freed less than {@link #FREED_LITTLE} of the heap occupancy they found. */
  public long fullGcsFreeingLittle() {
    return fullGcsFreeingLittle;
  }

  /** Old occupancy after the first collection that logged it, or -1. */
  public long firstOldAfterGc() {
    return firstOldAfterGc;
  }

  public Series heapBefore() {
    return heapBefore;
  }

  public Series heapAfter() {
    return heapAfter;
  }

  public Series oldAfter() {
    return oldAfter;
  }

  public Series youngBefore() {
    return youngBefore;
  }

  public Series metaspaceAfter() {
    return metaspaceAfter;
  }

  public Series promoted() {
    return promotedSeries;
  }

  public Series allocationRate() {
    return allocationRate;
  }
}
