package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import io.jtune.common.units.ByteSize;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongUnaryOperator;

/**
 * The memory sizes a footprint search probes, from the memory model: the heap from the smallest
 * the service can run in (the live set plus what the collector needs beside it) to the largest
 * worth trying (the service's own heap, or {@value MemoryModel#HEAP_PER_LIVE}x the live set if
 * that is more, within the container's heap budget or the host's share); or, under a container
 * memory limit, the limit itself, each limit's heap given by the budget rule (limit less the
 * measured non-heap less headroom). The step is the smallest of 16, 32, 64, ... MB that keeps
 * the grid at {@value #MAX_STEPS} steps or fewer, if that step is at most a quarter of the
 * smallest size. Over a wider range (a live set of 50 MB in a default heap of 6 GB) an even step
 * would start the grid far above the smallest size (a 1 GB step: 1 GB first), so the sizes grow
 * geometrically instead, each at most {@value #MAX_GROWTH}x the one before (16 MB multiples): what
 * memory costs and what a collector needs scale with the size, and bisection over the indices
 * then halves the ratio left, about one probe more each time the range doubles.
 *
 * @param steps the sizes in increasing order
 * @param limits whether the sizes are container memory limits (else heaps)
 * @param stepMb the grid's step (a geometric grid: the multiple its sizes are rounded to)
 * @param growth a geometric grid's ratio between neighbouring sizes (at most), or 0 for an even step
 * @param lowWhy why the grid starts where it does
 * @param highWhy why it ends where it does
 */
public record MemoryGrid(List<Step> steps, boolean limits, long stepMb, double growth, String lowWhy,
    String highWhy) {
  /** The most steps between the grid's ends. */
  public static final int MAX_STEPS = 8;
  /** An even step is used while it is at most this share of the grid's smallest size. */
  public static final double MAX_STEP_SHARE = 0.25;
  /** A geometric grid's most growth from one size to the next. */
  public static final double MAX_GROWTH = 1.25;
  /** The multiple a geometric grid's sizes are rounded to (and an even grid's finest step). */
  static final long ROUND_MB = 16;
  /** The collector needs this share of the heap beside the live set: G1's reserve (10 %) and its least young (5 %). */
  public static final double COLLECTOR_SHARE = 0.15;
  /** A live set not measured: the grid starts here. */
  public static final long UNKNOWN_LOW_MB = 64;
  private static final long MB = 1L << 20;

  /**
   * One size of the grid.
   *
   * @param mb the size probed: the heap, or the container's memory limit
   * @param heapMb the heap at that size (the size itself for a heap)
   */
  public record Step(long mb, long heapMb) {
    /** The candidate's name: {@code heap-256m}, or {@code limit-512m-heap-320m}. */
    public String name(boolean limits) {
      return limits ? "limit-" + mb + "m-heap-" + heapMb + "m" : "heap-" + heapMb + "m";
    }

    /** The flags that fix the heap at this size. */
    public List<String> flags() {
      return List.of("-Xms" + heapMb + "m", "-Xmx" + heapMb + "m");
    }
  }

  public MemoryGrid {
    steps = List.copyOf(steps);
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a grid needs a size");
    }
  }

  /** A grid with an even step. */
  public MemoryGrid(List<Step> steps, boolean limits, long stepMb, String lowWhy, String highWhy) {
    this(steps, limits, stepMb, 0, lowWhy, highWhy);
  }

  /** The smallest heap the service can run in: the live set and the collector's share beside it; -1 unknown. */
  public static long lowestHeapBytes(long liveBytes) {
    return liveBytes > 0 ? (long) Math.ceil(liveBytes / (1 - COLLECTOR_SHARE)) : -1;
  }

  /**
   * The heap grid.
   *
   * @param liveBytes the live set (-1 not measured)
   * @param ownHeapBytes the service's own heap (-1 not known)
   * @param capBytes the most heap allowed (the container's heap budget, the host's share), -1 none
   * @param capWhy the cap in words ("the container's heap budget")
   */
  public static MemoryGrid heaps(long liveBytes, long ownHeapBytes, long capBytes, String capWhy) {
    long low = lowestHeapBytes(liveBytes);
    String lowWhy = low > 0 ? String.format(Locale.US, "the live set %s plus the collector's %.0f %% (the least young"
        + " generation and, in G1, its reserve): below it the service cannot run", ByteSize.human(liveBytes),
        100 * COLLECTOR_SHARE) : "the live set was not measured (no old-generation collection in the baseline's log):"
        + " the grid starts at " + UNKNOWN_LOW_MB + " MB";
    low = low > 0 ? low : UNKNOWN_LOW_MB * MB;
    long byLive = liveBytes > 0 ? (long) (MemoryModel.HEAP_PER_LIVE * liveBytes) : -1;
    if (ownHeapBytes <= 0 && byLive <= 0) {
      throw new JtuneException("the footprint search needs the service's heap or its live set; the baseline's log"
          + " shows neither");
    }
    long high = Math.max(ownHeapBytes, byLive);
    String highWhy = high == ownHeapBytes ? "the service's own heap " + ByteSize.human(ownHeapBytes)
        : String.format(Locale.US, "%s the live set (%s), above the service's own heap%s",
            MemoryModel.HEAP_PER_LIVE == Math.rint(MemoryModel.HEAP_PER_LIVE) ? (int) MemoryModel.HEAP_PER_LIVE + "x"
                : MemoryModel.HEAP_PER_LIVE + "x", MemoryModel.HEAP_RULE,
            ownHeapBytes > 0 ? " " + ByteSize.human(ownHeapBytes) : "");
    if (capBytes > 0 && high > capBytes) {
      high = capBytes;
      highWhy = capWhy + " " + ByteSize.human(capBytes);
    }
    long lowMb = ceilMb(low);
    long highMb = Math.max(lowMb, high / MB);
    boolean capped = capBytes > 0 && high == capBytes;
    long step = step(lowMb, highMb);
    List<Step> out = new ArrayList<>();
    if (even(step, lowMb)) {
      long first = (lowMb + step - 1) / step * step;
      long last = capped ? highMb / step * step : (highMb + step - 1) / step * step;
      for (long v = first; v <= Math.max(first, last); v += step) {
        out.add(new Step(v, v));
      }
      return new MemoryGrid(out, false, step, lowWhy, highWhy);
    }
    long first = (lowMb + ROUND_MB - 1) / ROUND_MB * ROUND_MB;
    long last = Math.max(first, capped ? highMb / ROUND_MB * ROUND_MB : (highMb + ROUND_MB - 1) / ROUND_MB * ROUND_MB);
    for (long v : geometric(first, last)) {
      out.add(new Step(v, v));
    }
    return new MemoryGrid(out, false, ROUND_MB, growth(out), lowWhy, highWhy);
  }

  /** Whether an even {@code step} is fine enough for a grid from {@code lowMb}: at most a quarter of it. */
  private static boolean even(long step, long lowMb) {
    return step <= ROUND_MB || step <= MAX_STEP_SHARE * lowMb;
  }

  /**
   * Sizes from {@code first} to {@code last} growing by about the same ratio, each the {@link #ROUND_MB} multiple nearest to the geometric
   * progression's value but never more than {@link #MAX_GROWTH}x the size before it (the rounding
   * matters at the small end: 64, 80, 96 MB); sizes are added before {@code last} while it is more
   * than that above the one before.
   */
  static List<Long> geometric(long first, long last) {
    List<Long> out = new ArrayList<>();
    out.add(first);
    if (last <= first) {
      return out;
    }
    int n = (int) Math.ceil(Math.log((double) last / first) / Math.log(MAX_GROWTH) - 1e-9);
    double r = Math.pow((double) last / first, 1.0 / n);
    for (int i = 1; i < n; i++) {
      long prev = out.get(out.size() - 1);
      long v = Math.min(Math.round(first * Math.pow(r, i) / ROUND_MB) * ROUND_MB, mostAfter(prev));
      if (v > prev && v < last) {
        out.add(v);
      }
    }
    while (last > MAX_GROWTH * out.get(out.size() - 1) + 1e-9 && mostAfter(out.get(out.size() - 1)) < last) {
      out.add(mostAfter(out.get(out.size() - 1)));
    }
    out.add(last);
    return out;
  }

  /**
   * The largest {@link #ROUND_MB} multiple at most {@link #MAX_GROWTH}x {@code mb}; below 64 MB, where
   * no multiple is that close, the next one.
   */
  private static long mostAfter(long mb) {
    return Math.max(mb + ROUND_MB, (long) Math.floor(mb * MAX_GROWTH / ROUND_MB + 1e-9) * ROUND_MB);
  }

  /** The most growth from one size to the next. */
  private static double growth(List<Step> steps) {
    double g = 1;
    for (int i = 1; i < steps.size(); i++) {
      g = Math.max(g, (double) steps.get(i).mb() / steps.get(i - 1).mb());
    }
    return g;
  }

  /**
   * The container-limit grid: limits from the one whose heap budget holds {@code lowestHeapBytes}
   * to {@code limitBytes} (the limit given), each with its heap by {@code heapOf} (bytes to bytes,
   * -1 when the limit holds no heap).
   */
  public static MemoryGrid limits(long lowestHeapBytes, long limitBytes, LongUnaryOperator heapOf, String lowWhy) {
    long highMb = limitBytes / MB;
    long need = lowestHeapBytes > 0 ? lowestHeapBytes : UNKNOWN_LOW_MB * MB;
    long lowMb = -1;
    for (long mb = 16; mb <= highMb; mb += 16) {
      if (heapOf.applyAsLong(mb * MB) >= need) {
        lowMb = mb;
        break;
      }
    }
    if (lowMb < 0) {
      throw new JtuneException("the memory limit " + ByteSize.human(limitBytes) + " holds no heap of "
          + ByteSize.human(need) + " beside the non-heap: the footprint search has nothing smaller to try");
    }
    long step = step(lowMb, highMb);
    List<Step> out = new ArrayList<>();
    boolean even = even(step, lowMb);
    if (even) {
      long first = (lowMb + step - 1) / step * step;
      for (long v = first; v < highMb; v += step) {
        out.add(new Step(v, heapOf.applyAsLong(v * MB) / MB));
      }
    } else {
      for (long v : geometric(lowMb, highMb)) {
        if (v < highMb) {
          out.add(new Step(v, heapOf.applyAsLong(v * MB) / MB));
        }
      }
    }
    out.add(new Step(highMb, heapOf.applyAsLong(limitBytes) / MB));
    String low = "the smallest limit whose heap budget (the limit less the non-heap less headroom) holds "
        + ByteSize.human(need) + ": " + lowWhy;
    return new MemoryGrid(out, true, even ? step : ROUND_MB, even ? 0 : growth(out), low,
        "the memory limit given, " + ByteSize.human(limitBytes));
  }

  /** The service's flags with the step's heap instead of theirs (the heap fixed: initial = maximum). */
  public static List<String> withHeap(List<String> flags, Step step) {
    List<String> out = new ArrayList<>();
    for (String f : flags) {
      if (!HEAP_FLAG.matcher(f).lookingAt()) {
        out.add(f);
      }
    }
    out.addAll(step.flags());
    return out;
  }

  private static final java.util.regex.Pattern HEAP_FLAG = java.util.regex.Pattern.compile(
      "-Xm[sx]|-XX:(MaxHeapSize|InitialHeapSize|MinHeapSize|MaxRAMPercentage|InitialRAMPercentage|MinRAMPercentage"
          + "|MaxRAMFraction|InitialRAMFraction|MinRAMFraction)=");

  /** The smallest of 16, 32, 64, ... MB giving at most {@value #MAX_STEPS} steps from low to high. */
  static long step(long lowMb, long highMb) {
    long step = 16;
    // the ends on the step's multiples: the first at or above the lowest, the last at or above the highest
    while (((highMb + step - 1) / step) - ((lowMb + step - 1) / step) > MAX_STEPS) {
      step *= 2;
    }
    return step;
  }

  private static long ceilMb(long bytes) {
    return (bytes + MB - 1) / MB;
  }

  /**
   * The grid in words: {@code heap 192..448 MB in 32 MB steps (9 sizes)}, or {@code heap 64..6144 MB, each size at
   * most 1.25x the one before (22 sizes)}.
   */
  public String describe() {
    if (growth > 0) {
      return String.format(Locale.US, "%s %d..%d MB, each size at most %.2fx the one before (%d sizes)",
          limits ? "memory limit" : "heap", steps.get(0).mb(), steps.get(steps.size() - 1).mb(), growth, steps.size());
    }
    return String.format(Locale.US, "%s %d..%d MB in %d MB steps (%d sizes)", limits ? "memory limit" : "heap",
        steps.get(0).mb(), steps.get(steps.size() - 1).mb(), stepMb, steps.size());
  }
}
