package io.jtune.gc.aggregate;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.MemoryUsage;
import java.util.Locale;

/**
 * Memory across ZGC collections, which log the heap on the collection (its start and summary
 * lines and statistics tables), not on their pauses: heap before and after, live after marking,
 * reclaimed bytes, and the allocation and promotion rates.
 *
 * <p>Allocation: the heap's growth between collections (used at a collection's start minus used
 * at the end of the one before, over the time between) — what the other collectors' rate uses,
 * their occupancy growth between GCs — plus, where the statistics table logs it, the bytes
 * allocated during the collection ("Allocated:" at Relocate End). ZGC collects concurrently and,
 * under load, back to back, so most allocation happens while a collection runs: the growth
 * between collections alone would miss it. A collection that overlaps the one before (a minor
 * collection inside a major one) adds only the part of its allocation after the earlier one
 * ended, pro rata, so no time is counted twice. Without the table (a log of {@code -Xlog:gc}),
 * the rate is the growth between collections over the time between them; with the table, one
 * collection is enough for a rate (what it saw allocated while it ran, over its duration).
 */
public final class CycleMemory {
  private long count;
  private double beforeSum;
  private long beforeMax = -1;
  private double afterSum;
  private long afterMax = -1;
  private long afterMin = -1;
  private final Sum live = new Sum();
  private final Sum reclaimed = new Sum();
  private final Sum allocatedDuring = new Sum();
  private final Sum promoted = new Sum();

  private double prevEndS = Double.NaN;
  private long prevAfter = -1;
  private double allocBytes;
  private double allocS;
  private double firstStartS = Double.NaN;
  private double lastEndS = Double.NaN;

  /** Count, total and maximum of a figure some collections log. */
  public static final class Sum {
    private long count;
    private double total;
    private long max = -1;

    void add(long v) {
      if (v >= 0) {
        count++;
        total += v;
        max = Math.max(max, v);
      }
    }

    public long count() {
      return count;
    }

    /** Mean over the collections that logged it, bytes, or -1. */
    public long mean() {
      return count == 0 ? -1 : Math.round(total / count);
    }

    public long max() {
      return max;
    }

    public double total() {
      return total;
    }
  }

  /** Reads one whole ZGC collection; returns the allocation rate over its stretch in MB/s, or NaN. */
  double accept(ConcurrentPhase c, MemoryUsage heap) {
    CycleFacts f = c.facts();
    double end = c.uptimeS();
    double start = !Double.isNaN(f.startUptimeS()) ? f.startUptimeS()
        : Double.isNaN(c.durationMs()) ? end : end - c.durationMs() / 1000;
    count++;
    if (heap.hasBefore()) {
      beforeSum += heap.before();
      beforeMax = Math.max(beforeMax, heap.before());
    }
    if (heap.hasAfter()) {
      afterSum += heap.after();
      afterMax = Math.max(afterMax, heap.after());
      afterMin = afterMin < 0 ? heap.after() : Math.min(afterMin, heap.after());
    }
    live.add(f.liveBytes());
    reclaimed.add(f.reclaimedBytes());
    allocatedDuring.add(f.allocatedBytes());
    promoted.add(f.promotedBytes());
    if (Double.isNaN(firstStartS) || start < firstStartS) {
      firstStartS = start;
    }
    if (Double.isNaN(lastEndS) || end > lastEndS) {
      lastEndS = end;
    }
    double rate = allocation(f, heap, start, end);
    if (Double.isNaN(prevEndS) || end >= prevEndS) {
      prevEndS = end;
      prevAfter = heap.after();
    }
    return rate;
  }

  private double allocation(CycleFacts f, MemoryUsage heap, double start, double end) {
    double bytes = 0;
    double seconds = 0;
    double from = start;
    if (Double.isNaN(prevEndS)) {
      // the first collection: only what was allocated while it ran
    } else if (start >= prevEndS) {
      long grown = heap.before() - prevAfter;
      if (heap.hasBefore() && prevAfter >= 0 && grown >= 0) {
        bytes += grown;
        seconds += start - prevEndS;
      }
    } else {
      from = prevEndS;
    }
    if (f.allocatedBytes() >= 0 && end > start && end > from) {
      bytes += f.allocatedBytes() * (end - from) / (end - start);
      seconds += end - from;
    }
    allocBytes += bytes;
    allocS += seconds;
    return seconds > 0.001 ? bytes / seconds / (1 << 20) : Double.NaN;
  }

  /** Collections read (with a heap on their summary line). */
  public long count() {
    return count;
  }

  public long beforeMean() {
    return count == 0 ? -1 : Math.round(beforeSum / count);
  }

  public long beforeMax() {
    return beforeMax;
  }

  public long afterMean() {
    return count == 0 ? -1 : Math.round(afterSum / count);
  }

  public long afterMax() {
    return afterMax;
  }

  public long afterMin() {
    return afterMin;
  }

  /** Live bytes after marking (young plus old in a major collection). */
  public Sum live() {
    return live;
  }

  public Sum reclaimed() {
    return reclaimed;
  }

  /** Bytes allocated while a collection ran. */
  public Sum allocatedDuring() {
    return allocatedDuring;
  }

  /** Bytes promoted to the old generation (generational ZGC). */
  public Sum promoted() {
    return promoted;
  }

  /** Mean allocation rate in MB/s over at least {@code minS} seconds measured, or NaN. */
  double allocationRateMBps(double minS) {
    return allocS >= minS ? allocBytes / allocS / (1 << 20) : Double.NaN;
  }

  /**
   * Why there is no allocation rate over at least {@code minS} seconds, naming what the log lacks;
   * null when there is one or no collection was read.
   */
  String allocationRateMissing(double minS) {
    if (count == 0 || allocS >= minS) {
      return null;
    }
    String measured = allocS > 0
        ? String.format(Locale.US, "%d collection%s measure allocation over %.3f s, a rate needs at least %.0f s", count,
            count == 1 ? "" : "s", allocS, minS)
        : String.format(Locale.US, "%d collection%s and no time between two of them", count, count == 1 ? "" : "s");
    String table = allocatedDuring.count() > 0 ? ""
        : "; no statistics table has an Allocated: row (-Xlog:gc* logs it), so only the heap's growth between"
            + " collections counts";
    return "not enough data: " + measured + table;
  }

  /** Mean promotion rate in MB/s from the first collection's start to the last's end, or NaN. */
  double promotionRateMBps(double minS) {
    double span = lastEndS - firstStartS;
    return promoted.count() >= 2 && span >= minS ? promoted.total() / span / (1 << 20) : Double.NaN;
  }
}
