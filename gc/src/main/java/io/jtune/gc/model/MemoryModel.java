package io.jtune.gc.model;

import io.jtune.common.units.ByteSize;

import io.jtune.gc.facts.GcFacts;
/**
 * One JVM lifetime's memory, as every sizing finding and candidate reads it: the live set and its
 * trend, the rates, the survivor demand, the capacities, the pause goal and the host. Sizes are
 * bytes (-1 when not known), rates MB/s (NaN when not known).
 *
 * <p>The constraints every proposal keeps: the old generation keeps at least
 * {@value #OLD_HEADROOM}x the live set (young never takes that room, and never reaches the heap);
 * survivors fit inside the young generation the proposal gives; the heap fits the host's memory
 * less what the JVM needs besides the heap. When the live set does not fit (old below
 * {@value #OLD_FIT}x it), the heap is sized from it: {@value #HEAP_PER_LIVE}x, rounded up to
 * 64 MB ("heap = 3-4x the live set").
 *
 * @param live the live set, where it was measured and its trend
 * @param allocationRateMBps allocation rate
 * @param promotionRateMBps promotion rate (young to old)
 * @param survivorDemandBytes what one young GC keeps alive (aged bytes, or survivor use plus promotion)
 * @param survivorDemandSource where the survivor demand comes from
 * @param capacities the sizes of heap and generations, the host's memory
 * @param pauseGoalMs the pause target pauses are judged against
 * @param youngIntervalS mean time between young GCs, s (NaN)
 * @param youngP99Ms young pause p99 (NaN without young GCs)
 * @param youngTimePct share of the log's time spent in young pauses, percent (NaN)
 * @param fixedYoung whether the collector keeps a young generation of the size given (-Xmn applies)
 * @param survivorOverflowLogged whether the log shows survivors full after most young GCs or the
 *     tenuring threshold forced down
 * @param forcedFullGcs Full GCs the application did not ask for (not System.gc() or metadata)
 * @param cacheChurn the evidence of old-to-young churn (long-lived entries promoted, then
 *     evicted: Full GCs keep coming while the live set after them stays level), or null
 * @param container the heap a container's memory limit allows (limit less non-heap less
 *     headroom), or null when no limit was given: then the heap stays within {@value #HOST_SHARE}
 *     of the host's memory
 */
public record MemoryModel(
    LiveSet live,
    double allocationRateMBps,
    double promotionRateMBps,
    long survivorDemandBytes,
    String survivorDemandSource,
    Capacities capacities,
    double pauseGoalMs,
    double youngIntervalS,
    double youngP99Ms,
    double youngTimePct,
    boolean fixedYoung,
    boolean survivorOverflowLogged,
    long forcedFullGcs,
    String cacheChurn,
    ContainerBudget container) {

  /** A model without a container budget. */
  public MemoryModel(LiveSet live, double allocationRateMBps, double promotionRateMBps, long survivorDemandBytes,
      String survivorDemandSource, Capacities capacities, double pauseGoalMs, double youngIntervalS, double youngP99Ms,
      double youngTimePct, boolean fixedYoung, boolean survivorOverflowLogged, long forcedFullGcs, String cacheChurn) {
    this(live, allocationRateMBps, promotionRateMBps, survivorDemandBytes, survivorDemandSource, capacities, pauseGoalMs,
        youngIntervalS, youngP99Ms, youngTimePct, fixedYoung, survivorOverflowLogged, forcedFullGcs, cacheChurn, null);
  }

  /** This model inside a container's memory limit: no heap it proposes passes {@code budget}. */
  public MemoryModel withContainer(ContainerBudget budget) {
    return new MemoryModel(live, allocationRateMBps, promotionRateMBps, survivorDemandBytes, survivorDemandSource,
        capacities, pauseGoalMs, youngIntervalS, youngP99Ms, youngTimePct, fixedYoung, survivorOverflowLogged,
        forcedFullGcs, cacheChurn, budget);
  }

  /** The old generation keeps at least this many times the live set. */
  public static final double OLD_HEADROOM = 1.5;
  /** The live set fits when old is at least this many times it. */
  public static final double OLD_FIT = 2.0;
  /** A heap sized from the live set is this many times it (the rule: heap = 3-4x the live set). */
  public static final double HEAP_PER_LIVE = 3.0;
  /** The rule a heap size from the live set follows, in words. */
  public static final String HEAP_RULE = "heap = 3-4x the live set, the old generation's occupancy after a Full GC";
  /** Share of the host's memory the heap may take (the rest: metaspace, threads, code, buffers, the OS). */
  public static final double HOST_SHARE = 0.75;
  /** Survivors are meant to be at most half full after a young GC (HotSpot's TargetSurvivorRatio). */
  public static final double SURVIVOR_TARGET = 0.5;
  /** The share of the heap a young generation is given when it grows. */
  public static final double YOUNG_SHARE = 3.0 / 8;
  /** Young GCs further apart than this (and within the pause goal) cost too little to grow young for. */
  public static final double RARE_YOUNG_S = 5;
  /** Young pauses taking less than this share of the time (percent), each within the goal, cost too little to grow young for. */
  public static final double CHEAP_YOUNG_PCT = 1;
  /** A live set rising faster than this (MB/hour) with a fit at least {@link #LEAK_R2} is growing. */
  public static final double LEAK_MIN_GROWTH_SHARE = 0.1;
  public static final double LEAK_R2 = 0.6;
  /**
   * A live set that, over the later half of its measurements, grew at under this share of its
   * rate over all of them levelled off: a cache or pool that filled to its bound, not a leak.
   */
  public static final double LEVELLED_SHARE = 0.2;

  private static final long MB = 1L << 20;

  /**
   * The live set: what stays reachable, as the old generation's occupancy after collections.
   *
   * @param bytes the live set, or -1 when no collection of the old generation was logged
   * @param source how it was measured, in words
   * @param firstBytes the first measurement (-1)
   * @param slopeMBph its trend in MB/hour, NaN without enough data
   * @param r2 the fit's R², NaN without enough data
   * @param spanS the time the trend covers
   * @param trendNote why there is no trend ("not enough data: ..."), or null
   * @param saturates whether the heap filled and stayed full: at least 3 Full GCs, most of them
   *     freeing almost nothing, the live set at 90% of old or more, risen from under half that
   */
  public record LiveSet(long bytes, String source, long firstBytes, double slopeMBph, double r2, double spanS,
      String trendNote, boolean saturates) {
    public static final LiveSet UNKNOWN = new LiveSet(-1, "not measured: no Full GC or concurrent cycle in the log", -1,
        Double.NaN, Double.NaN, 0, "not enough data: no live-set measurements", false);

    public boolean known() {
      return bytes > 0;
    }
  }

  /**
   * Sizes, bytes (-1 when not known).
   *
   * @param heapMax the heap maximum (-Xmx)
   * @param heapSource where it comes from
   * @param heapInitial the initial heap (-Xms)
   * @param young the young generation
   * @param youngSource where it comes from
   * @param old the old generation
   * @param survivor one survivor space
   * @param metaspacePeak the largest metaspace use seen
   * @param hostMemory the host's physical memory
   * @param containerLimit the container's memory limit
   */
  public record Capacities(long heapMax, String heapSource, long heapInitial, long young, String youngSource, long old,
      long survivor, long metaspacePeak, long hostMemory, long containerLimit) {}

  /** Whether the live set rises over enough time, by a material amount, with a good fit. */
  public boolean liveSetGrows() {
    return growsMaterially(live.slopeMBph(), live.r2(), live.spanS(), oldCapacity());
  }

  /**
   * Whether a live-set trend ({@code slopeMBph} with fit {@code r2} over {@code spanS}) in an
   * old generation of {@code old} bytes (-1: not known) is a material rise: at least {@link
   * #LEAK_R2}, and at least 32 MB or {@link #LEAK_MIN_GROWTH_SHARE} of old over the span.
   */
  public static boolean growsMaterially(double slopeMBph, double r2, double spanS, long old) {
    if (!(slopeMBph > 0) || !(r2 >= LEAK_R2)) {
      return false;
    }
    double grown = slopeMBph * spanS / 3600 * MB;
    return grown >= Math.max(32 * MB, LEAK_MIN_GROWTH_SHARE * Math.max(0, old));
  }

  /** Whether the live set looks like a leak: it grows, or the heap saturates. */
  public boolean leak() {
    return liveSetGrows() || live.saturates();
  }

  /** The old generation's capacity: as logged, else heap - young (-1). */
  public long oldCapacity() {
    if (capacities.old() > 0) {
      return capacities.old();
    }
    return capacities.heapMax() > 0 && capacities.young() > 0 ? capacities.heapMax() - capacities.young() : -1;
  }

  /**
   * The old generation in words for evidence, "an old generation of 84.0 MB"; when the live set is
   * larger than that capacity, which capacity it is and that the generation grew past it.
   */
  public String oldGenerationText() {
    long old = oldCapacity();
    String of = "an old generation of " + ByteSize.human(old);
    if (!live.known() || old <= 0 || live.bytes() <= old) {
      return of;
    }
    if (capacities.old() > 0) {
      return of + " (its largest capacity logged; the live set, the heap's occupancy after GC, also counts what"
          + " young kept)";
    }
    return of + " (the " + ByteSize.human(capacities.heapMax()) + " heap less young at its largest, "
        + ByteSize.human(capacities.young()) + "; young shrank later and old grew past it to hold the live set)";
  }

  /** Whether the old generation holds at least {@value #OLD_FIT}x the live set (true when either is unknown). */
  public boolean liveSetFits() {
    long old = oldCapacity();
    return !live.known() || old <= 0 || old >= OLD_FIT * live.bytes();
  }

  /** The heap the live set asks for ({@value #HEAP_PER_LIVE}x it, rounded up to 64 MB), or -1. */
  public long heapForLiveSet() {
    return live.known() ? roundUp(HEAP_PER_LIVE * live.bytes(), 64) : -1;
  }

  /**
   * The most heap the host (or container) allows: a container's budget when one was given (its
   * limit less non-heap less headroom), else {@value #HOST_SHARE} of the memory, or -1 when not known.
   */
  public long heapLimit() {
    if (container != null) {
      return Math.max(0, container.heapBytes());
    }
    long host = capacities.containerLimit() > 0 ? capacities.containerLimit() : capacities.hostMemory();
    return host > 0 ? (long) (host * HOST_SHARE) / MB * MB : -1;
  }

  /**
   * The heap every proposal assumes: sized from the live set when it does not fit and does not
   * grow (a growing live set is a leak, which more heap only delays), within the host's limit;
   * else the current heap (-1 when not known).
   */
  public long targetHeap() {
    long heap = capacities.heapMax();
    if (container != null && container.heapBytes() > 0 && heap > container.heapBytes()) {
      return container.heapBytes(); // a heap the container cannot hold beside the rest of the JVM
    }
    if (liveSetFits() || leak()) {
      return heap;
    }
    long want = heapForLiveSet();
    long limit = heapLimit();
    if (limit > 0 && want > limit) {
      want = limit;
    }
    return heap > 0 && want <= heap ? heap : want;
  }

  /** Whether the proposals grow the heap from the live set. */
  public boolean heapGrows() {
    return targetHeap() > 0 && capacities.heapMax() > 0 && targetHeap() > capacities.heapMax();
  }

  /**
   * The largest young generation a heap of {@code heap} bytes allows: the old generation keeps
   * {@value #OLD_HEADROOM}x the live set, and young stays below half the heap. Rounded down to 16 MB.
   */
  public long youngRoom(long heap) {
    if (heap <= 0) {
      return -1;
    }
    double room = heap / 2.0;
    if (live.known()) {
      room = Math.min(room, heap - OLD_HEADROOM * live.bytes());
    }
    return Math.max(0, (long) (room / MB) / 16 * 16 * MB);
  }

  /** Why the young generation should not grow, or null when growing it may help. */
  public String youngGrowthRefused() {
    if (!fixedYoung) {
      return "the collector sizes the young generation itself";
    }
    if (leak()) {
      return "the live set grows: a bigger young generation would only take room the leak needs";
    }
    if (cacheChurn != null) {
      return "old-to-young churn of long-lived entries: a bigger young generation next to a large live set only"
          + " moves the churn";
    }
    // young GCs within the goal that are rare or cheap are not worth growing young for, unless
    // survivors overflow into an old generation that then needs Full GCs
    boolean short_ = !(youngP99Ms > pauseGoalMs) && !(survivorsOverflow() && forcedFullGcs > 0);
    if (short_ && youngIntervalS >= RARE_YOUNG_S) {
      return String.format(java.util.Locale.US, "young GCs are rare (one every %.1f s) and short (p99 %.1f ms"
          + " within the %.0f ms goal): a bigger young generation would change little", youngIntervalS, youngP99Ms,
          pauseGoalMs);
    }
    if (short_ && youngTimePct < CHEAP_YOUNG_PCT) {
      return String.format(java.util.Locale.US, "young GCs cost little (%.2f%% of the time, p99 %.1f ms within the"
          + " %.0f ms goal): a bigger young generation would change little", youngTimePct, youngP99Ms, pauseGoalMs);
    }
    return null;
  }

  /** Whether what one young GC keeps alive needs more than the survivors hold at their target occupancy. */
  public boolean survivorsOverflow() {
    return survivorOverflowLogged || survivorDemandBytes > 0 && capacities.survivor() > 0
        && survivorDemandBytes > SURVIVOR_TARGET * capacities.survivor();
  }

  /**
   * The young generation every proposal assumes: 3/8 of the target heap rounded up to 16 MB (more
   * than a quarter: 1536 MB of 4 GB won a published comparison of young sizes for an API
   * service; more when the survivor demand needs it), within {@link #youngRoom}; the current one
   * when growing it is refused or would gain less than 16 MB (-1 when not known).
   */
  public long targetYoung() {
    long now = capacities.young();
    long heap = targetHeap();
    if (youngGrowthRefused() != null || heap <= 0) {
      return now;
    }
    long want = roundUp(heap * YOUNG_SHARE, 16);
    if (survivorDemandBytes > 0) {
      want = Math.max(want, roundUp(survivorDemandBytes / SURVIVOR_TARGET * (6 + 2), 16));
    }
    long room = youngRoom(heap);
    want = Math.min(want, room);
    return now > 0 && want < now + 16 * MB ? now : want;
  }

  /** Whether the proposals change the young generation's size. */
  public boolean youngChanges() {
    long t = targetYoung();
    return t > 0 && t != capacities.young();
  }

  /**
   * The SurvivorRatio that gives survivors room for the survivor demand at
   * {@value #SURVIVOR_TARGET} occupancy in a young generation of {@code young} bytes (3 to 8),
   * or -1 when the demand is not known.
   */
  public int survivorRatioFor(long young) {
    if (survivorDemandBytes <= 0 || young <= 0) {
      return -1;
    }
    int raw = (int) Math.floor(young / (survivorDemandBytes / SURVIVOR_TARGET)) - 2;
    return Math.max(3, Math.min(8, raw));
  }

  /**
   * This model with the sizes the log did not show filled in from elsewhere (jstat samples of the
   * same JVM): each capacity kept when known, else taken from {@code more} (with its source).
   */
  public MemoryModel withCapacities(Capacities more) {
    Capacities c = capacities;
    boolean heap = c.heapMax() <= 0 && more.heapMax() > 0;
    boolean young = c.young() <= 0 && more.young() > 0;
    Capacities merged = new Capacities(heap ? more.heapMax() : c.heapMax(), heap ? more.heapSource() : c.heapSource(),
        c.heapInitial() > 0 ? c.heapInitial() : more.heapInitial(), young ? more.young() : c.young(),
        young ? more.youngSource() : c.youngSource(), c.old() > 0 ? c.old() : more.old(),
        c.survivor() > 0 ? c.survivor() : more.survivor(), Math.max(c.metaspacePeak(), more.metaspacePeak()),
        c.hostMemory() > 0 ? c.hostMemory() : more.hostMemory(),
        c.containerLimit() > 0 ? c.containerLimit() : more.containerLimit());
    return new MemoryModel(live, allocationRateMBps, promotionRateMBps, survivorDemandBytes, survivorDemandSource,
        merged, pauseGoalMs, youngIntervalS, youngP99Ms, youngTimePct, fixedYoung, survivorOverflowLogged, forcedFullGcs,
        cacheChurn, container);
  }

  /** This model with its {@link #cacheChurn} judged from the facts. */
  MemoryModel withChurn(GcFacts f) {
    return new MemoryModel(live, allocationRateMBps, promotionRateMBps, survivorDemandBytes, survivorDemandSource,
        capacities, pauseGoalMs, youngIntervalS, youngP99Ms, youngTimePct, fixedYoung, survivorOverflowLogged, forcedFullGcs,
        churn(f), container);
  }

  /**
   * Old-to-young churn on a fixed-young collector: at least 2 Full GCs not requested by the
   * application, while the live set after them fits and stays level, most young GCs promote, and
   * what survives a young GC needs survivors no young generation the heap allows can give (young
   * would need to be 8x the survivor demand at half occupancy): entries that live many young GCs
   * (a cache) are promoted, then evicted, whatever the young size. Request data that merely
   * overflows small survivors fits a bigger young generation and is not churn.
   */
  private String churn(GcFacts f) {
    var mem = f.memory();
    long forced = f.anomalies().fullGcs().count();
    long old = oldCapacity();
    boolean level = live.trendNote() == null
        ? Math.abs(live.slopeMBph()) * live.spanS() / 3600 * MB < 0.1 * live.bytes()
        : levelAfterFullGcs(mem);
    long room = youngRoom(capacities.heapMax());
    double youngNeeded = survivorDemandBytes / SURVIVOR_TARGET * (6 + 2);
    if (!fixedYoung || forced < 2 || old <= 0 || !live.known() || !level || leak() || !liveSetFits()
        || live.bytes() < 0.1 * old || mem.youngGcsMeasured() < 5
        || mem.youngGcsWithPromotion() < 0.8 * mem.youngGcsMeasured() || survivorDemandBytes <= 0 || room <= 0
        || youngNeeded <= room) {
      return null;
    }
    return String.format(java.util.Locale.US, "old-to-young churn: %d Full GCs while the live set after them stays"
        + " level at %s and %d of %d young GCs promote; %s survive each young GC, which would need a young generation"
        + " of %s, more than the %s the heap allows: long-lived entries (a cache) are promoted, then evicted",
        forced, io.jtune.common.units.ByteSize.human(live.bytes()), mem.youngGcsWithPromotion(), mem.youngGcsMeasured(),
        io.jtune.common.units.ByteSize.human(survivorDemandBytes), io.jtune.common.units.ByteSize.human(youngNeeded),
        io.jtune.common.units.ByteSize.human(room));
  }

  /**
   * Whether the old generation after each Full GC stays within 10 % of its largest value: the live
   * set is level when a log is too short for a trend (at least 2 Full GCs).
   */
  private static boolean levelAfterFullGcs(io.jtune.gc.aggregate.MemoryAggregator mem) {
    long max = mem.oldAfterFullMax();
    long min = mem.oldAfterFullMin();
    return mem.fullGcsWithOld() >= 2 && min > 0 && max - min <= 0.1 * max;
  }

  /** A time span for a trend: minutes under an hour, else hours. */
  public static String span(double seconds) {
    return seconds < 3600 ? String.format(java.util.Locale.US, "%.1f min", seconds / 60)
        : String.format(java.util.Locale.US, "%.1f h", seconds / 3600);
  }

  /** Bytes to the nearest whole megabyte (at least one), the way every heap flag is written. */
  public static long wholeMb(long bytes) {
    return Math.max(1, Math.round((double) bytes / MB)) * MB;
  }

  /** Rounds bytes up to a whole multiple of {@code stepMb} megabytes (at least one step), in bytes. */
  public static long roundUp(double bytes, long stepMb) {
    long mb = (long) Math.ceil(bytes / MB);
    return Math.max(stepMb, ((mb + stepMb - 1) / stepMb) * stepMb) * MB;
  }

  /** Rounds to a step of a power of two near a quarter of the value in MB (256 MB -> steps of 64). */
  public static long roundNice(double bytes) {
    long mb = Math.max(1, Math.round(bytes / MB));
    long step = Long.highestOneBit(Math.max(1, mb / 4));
    return Math.max(step, Math.round((double) mb / step) * step) * MB;
  }
}
