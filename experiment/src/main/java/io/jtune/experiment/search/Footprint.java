package io.jtune.experiment.search;

import java.time.Duration;
import java.util.List;

/**
 * What a footprint (or cost) search found: the grid, every probe in the order made and why it was
 * made, the winner (the smallest size meeting the SLO), and whether the outcomes contradicted the
 * monotone assumption (a larger size that missed while a smaller one met).
 *
 * @param grid the sizes
 * @param sweep whether every size was probed (else bisection)
 * @param probes the probes in the order made
 * @param winner the smallest size that meets the SLO (in a sweep: the smallest from which every
 *     larger size meets it too), or null when none does
 * @param notes what the probes said beyond the answer, in words: contradictions of the monotone
 *     assumption, a stop for the budget
 * @param pricing what the sizes cost, for the cost objective; null for footprint
 * @param longer the answer run longer at the same load before it is checked, or null when it was
 *     not (see {@link Longer})
 */
public record Footprint(MemoryGrid grid, boolean sweep, List<Probe> probes, Probe winner, List<String> notes,
    Pricing pricing, Longer longer) {
  public Footprint {
    probes = List.copyOf(probes);
    notes = List.copyOf(notes);
  }

  public Footprint(MemoryGrid grid, boolean sweep, List<Probe> probes, Probe winner, List<String> notes,
      Pricing pricing) {
    this(grid, sweep, probes, winner, notes, pricing, null);
  }

  /** This search with what the answer's longer run showed. */
  public Footprint withLonger(Longer l) {
    return new Footprint(grid, sweep, probes, winner, notes, pricing, l);
  }

  /** Whether the answer may go on to its check: none was run longer, or it held there. */
  public boolean answerStands() {
    return winner != null && (longer == null || longer.held());
  }

  /**
   * The answer run longer before it is adopted: a probe's window shows that a size meets the SLO
   * for that long only, while a live set that keeps rising (sessions, caches that fill for longer
   * than a window, a leak) fills a small heap later. One run at the answer's size and the same
   * load, {@code times} its window: the answer holds when that run served, met the SLO, and its
   * live set under the load did not keep rising (the old generation after its collections levelled
   * off, or showed no growth).
   *
   * @param step the size run longer
   * @param measured that run's measured window
   * @param times how many times a probe's window that is
   * @param held whether the answer holds
   * @param evidence what the run showed, in words (the live set's rise or level, the SLO, a failure)
   * @param run the run's directory, relative to the session's
   */
  public record Longer(MemoryGrid.Step step, Duration measured, int times, boolean held, String evidence,
      String run) {}

  /**
   * One probe: a size of the grid run {@code arm.runs()} times.
   *
   * @param order 1 for the first probe
   * @param why why this size was probed next
   * @param met whether it met the SLO (every run served; the means within the bounds)
   * @param miss why it missed, or null
   */
  public record Probe(int order, MemoryGrid.Step step, Arm arm, String why, boolean met, String miss) {}

  /**
   * The price of each size: the cores (the CPU limit, else the host's) and the memory (the limit,
   * else the heap and the non-heap measured in the baseline).
   *
   * @param prices the prices per hour
   * @param cores the cores priced
   * @param coresWhy where the cores come from
   * @param nonHeapBytes the non-heap added to a heap (0 under a memory limit, which is priced whole)
   * @param nonHeapWhy where the non-heap comes from
   * @param baselineMemoryBytes the memory of the service as it runs today
   */
  public record Pricing(Prices prices, double cores, String coresWhy, long nonHeapBytes, String nonHeapWhy,
      long baselineMemoryBytes) {
    /** The memory a size takes: the limit, or the heap and the non-heap. */
    public long memoryBytes(MemoryGrid.Step s, boolean limits) {
      return limits ? s.mb() << 20 : (s.heapMb() << 20) + nonHeapBytes;
    }

    public double perHour(long memoryBytes) {
      return prices.perHour(cores, memoryBytes);
    }
  }

  /** The contradictions of the monotone assumption among the probes, in words. */
  public List<String> violations() {
    return Bisection.violations(probes);
  }

  /** The probe of a size, or null when that size was not probed. */
  public Probe probeOf(MemoryGrid.Step s) {
    return probes.stream().filter(p -> p.step().equals(s)).findFirst().orElse(null);
  }
}
