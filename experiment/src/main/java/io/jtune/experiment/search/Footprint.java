package io.jtune.experiment.search;

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
 */
public record Footprint(MemoryGrid grid, boolean sweep, List<Probe> probes, Probe winner, List<String> notes,
    Pricing pricing) {
  public Footprint {
    probes = List.copyOf(probes);
    notes = List.copyOf(notes);
  }

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
