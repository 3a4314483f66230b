package io.jtune.gc.analysis;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Whether the live set rose while a constant load ran: the Full GCs after the load began each
 * freed almost nothing (the heap held live data, not promoted garbage), and the later ones left
 * clearly more behind than the first. Under a steady load a service's live set levels off; one
 * that keeps rising holds on to what requests create (a leak, or a cache or journal without a
 * bound), which a bigger heap only postpones. Found on WireMock, whose in-memory request journal
 * took its live set from 28 to 48 MB in 12 s at 600 requests a second: a 25 s run is too short for
 * the live-set trend of the memory model (it asks for 32 MB of growth), but not for this. A live
 * set that rose and then levelled off (WireMock with its journal bounded) is a cache that filled,
 * not a leak: {@link #levelledOff()} names it.
 *
 * <p>A filter that keeps what {@code keep} keeps and watches the Full GCs it sees.
 */
public final class LiveSetUnderLoad implements Predicate<GcEvent> {
  /** A Full GC that frees less than this share of what it found freed almost nothing. */
  public static final double FREED_LITTLE = 0.10;
  /** The last Full GC's live set at least this many times the first's... */
  public static final double GROWTH = 1.25;
  /** ...and at least this many bytes more, ... */
  public static final long MIN_GROWTH_BYTES = 8L << 20;
  /** ...at least this many seconds later. */
  public static final double MIN_SPAN_S = 5;
  /**
   * It levelled off when, between the last two Full GCs, it grew at less than this share of its
   * rate from the first to the last (a cache or pool that filled to its bound).
   */
  public static final double LEVELLED_RATE = io.jtune.gc.model.MemoryModel.LEVELLED_SHARE;
  /**
   * With no Full GC in the last third of the load, it levelled off only when the old generation
   * (which holds the live set, and promoted garbage besides) grew after the last Full GC at under
   * this share of the rate the live set rose at before it: a live set still rising fills the old
   * generation at least that fast, so a later Full GC is merely not due yet.
   */
  public static final double SLOWED = 0.5;

  private final long loadStartEpochMs;
  private final long loadEndEpochMs;
  private final Predicate<GcEvent> keep;
  private final List<long[]> fullGcs = new ArrayList<>(); // epoch ms, occupancy before, after
  /** The old generation after the latest collection since the last Full GC: epoch ms, occupancy; or null. */
  private long[] oldSince;

  /**
   * @param loadStartEpochMs when the load began (wall clock); 0 or less watches nothing
   * @param keep the events to keep (e.g. {@link StartupPauses})
   */
  public LiveSetUnderLoad(long loadStartEpochMs, Predicate<GcEvent> keep) {
    this(loadStartEpochMs, 0, keep);
  }

  /**
   * A watch over a load that ended at {@code loadEndEpochMs}: a live set still rising at the end
   * has a Full GC in the last third of the load (one that filled a cache early in the run and
   * then stopped needing Full GCs has not).
   */
  public LiveSetUnderLoad(long loadStartEpochMs, long loadEndEpochMs, Predicate<GcEvent> keep) {
    this.loadStartEpochMs = loadStartEpochMs;
    this.loadEndEpochMs = loadEndEpochMs;
    this.keep = keep;
  }

  @Override
  public boolean test(GcEvent e) {
    boolean kept = keep.test(e);
    if (kept && loadStartEpochMs > 0 && e instanceof GcPause p && p.epochMs() != GcEvent.NO_EPOCH
        && p.epochMs() >= loadStartEpochMs && p.memory() != null) {
      MemoryUsage u = p.memory().old() != null && p.memory().old().after() >= 0 ? p.memory().old() : p.memory().heap();
      if (u == null || u.after() < 0) {
        return kept;
      }
      if (p.kind() == PauseKind.FULL && u.before() > 0) {
        fullGcs.add(new long[] {p.epochMs(), u.before(), u.after()});
        oldSince = null;
      } else if ((p.kind() == PauseKind.YOUNG || p.kind() == PauseKind.MIXED) && !fullGcs.isEmpty()) {
        oldSince = new long[] {p.epochMs(), u.after()};
      }
    }
    return kept;
  }

  /** Whether the Full GCs under load show the live set rising from the first to the last (maybe levelling off since). */
  private boolean rose() {
    if (fullGcs.size() < 2) {
      return false;
    }
    for (long[] f : fullGcs) {
      if (f[1] - f[2] >= FREED_LITTLE * f[1]) {
        return false;
      }
    }
    long[] first = fullGcs.get(0);
    long[] last = fullGcs.get(fullGcs.size() - 1);
    double spanS = (last[0] - first[0]) / 1000.0;
    long grown = last[2] - first[2];
    return spanS >= MIN_SPAN_S && grown >= MIN_GROWTH_BYTES && last[2] >= GROWTH * first[2];
  }

  /**
   * Whether it stopped rising: between the last two Full GCs it grew at under {@link
   * #LEVELLED_RATE} of its rate from the first to the last, or (the load's end known) no Full GC
   * came in the last third of the load and the old generation did not keep filling at the rate
   * the live set rose ({@link #SLOWED}).
   */
  private boolean levelled() {
    long[] first = fullGcs.get(0);
    long[] last = fullGcs.get(fullGcs.size() - 1);
    if (quietEnd()) {
      return !stillFilling();
    }
    if (fullGcs.size() < 3) {
      return false;
    }
    long[] before = fullGcs.get(fullGcs.size() - 2);
    double rate = (last[2] - first[2]) / (double) (last[0] - first[0]);
    double lastRate = (last[2] - before[2]) / (double) Math.max(1, last[0] - before[0]);
    return lastRate < LEVELLED_RATE * rate;
  }

  /** Whether the load's end is known and no Full GC came in its last third. */
  private boolean quietEnd() {
    long[] last = fullGcs.get(fullGcs.size() - 1);
    return loadEndEpochMs > loadStartEpochMs && last[0] < loadEndEpochMs - (loadEndEpochMs - loadStartEpochMs) / 3;
  }

  /** Whether the old generation grew after the last Full GC at {@link #SLOWED} or more of the rate the live set rose. */
  private boolean stillFilling() {
    if (oldSince == null) {
      return false;
    }
    long[] first = fullGcs.get(0);
    long[] last = fullGcs.get(fullGcs.size() - 1);
    double rate = (last[2] - first[2]) / (double) Math.max(1, last[0] - first[0]);
    return oldSince[1] - last[2] >= SLOWED * rate * (oldSince[0] - last[0]);
  }

  /**
   * When the live set rose under the load and then levelled off (a cache or pool that filled to
   * its bound, not a leak), the evidence in words, else null.
   */
  public String levelledOff() {
    if (!rose() || !levelled()) {
      return null;
    }
    long[] first = fullGcs.get(0);
    long[] last = fullGcs.get(fullGcs.size() - 1);
    return String.format(Locale.US, "the live set rose from %s under the load and then levelled off at %s (%d Full GCs"
        + " under load, the last %.0f s after the load began): a cache or pool that filled to its bound, not a leak",
        ByteSize.human(first[2]), ByteSize.human(last[2]), fullGcs.size(), (last[0] - loadStartEpochMs) / 1000.0);
  }

  /** The evidence in words when the live set rose under the load and was still rising at the end, else null. */
  public String rising() {
    if (!rose() || levelled()) {
      return null;
    }
    long[] first = fullGcs.get(0);
    long[] last = fullGcs.get(fullGcs.size() - 1);
    double spanS = (last[0] - first[0]) / 1000.0;
    long grown = last[2] - first[2];
    return String.format(Locale.US, "the live set rose from %s to %s in %.0f s under a constant load (%.0f MB a minute),"
        + " and each of the %d Full GCs under load freed less than %.0f %% of what it found: the service keeps what its"
        + " requests create (a leak, or a cache or journal without a bound), and a bigger heap only postpones the end",
        ByteSize.human(first[2]), ByteSize.human(last[2]), spanS, grown / (double) (1 << 20) / spanS * 60, fullGcs.size(),
        100 * FREED_LITTLE)
        + (quietEnd() && stillFilling() ? String.format(Locale.US, "; after the last Full GC the old generation kept"
        + " filling as fast (%s %.0f s later), so no Full GC was due yet", ByteSize.human(oldSince[1]),
        (oldSince[0] - last[0]) / 1000.0) : "");
  }
}
