package io.jtune.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A capacity sweep: the same closed-model load at rising concurrency levels, each for a fixed
 * time, to find where throughput stops growing (ramping users until QPS flattens while RT rises).
 *
 * @param base the load for every step (its concurrency and duration are replaced per step)
 * @param levels concurrency levels, rising
 * @param stepDuration measured time per level; longer when the previous level's response time
 *     calls for it (twenty mean response times)
 * @param stepWarmup unmeasured time per level before the measurement; longer when the previous
 *     level's response time calls for it (three mean response times)
 * @param targetPid process whose CPU time is read from /proc, 0 when none
 * @param cpuMsPerRequest the target's CPU time per request when known from elsewhere; NaN otherwise
 * @param cores cores serving the target, for the optimal-thread formula
 */
public record CapacitySweep(
    LoadPlan base,
    List<Integer> levels,
    Duration stepDuration,
    Duration stepWarmup,
    long targetPid,
    double cpuMsPerRequest,
    int cores) {

  public CapacitySweep {
    levels = List.copyOf(levels);
    if (levels.isEmpty()) {
      throw new LoadException("no concurrency levels to sweep");
    }
    for (int i = 0; i < levels.size(); i++) {
      if (levels.get(i) < 1 || (i > 0 && levels.get(i) <= levels.get(i - 1))) {
        throw new LoadException("concurrency levels must rise from 1 or more: " + levels);
      }
    }
    if (stepDuration == null || stepDuration.isZero() || stepDuration.isNegative()) {
      throw new LoadException("step duration must be above 0");
    }
    if (stepWarmup == null || stepWarmup.isNegative()) {
      throw new LoadException("step warmup must not be negative");
    }
    if (cores < 1) {
      throw new LoadException("cores must be at least 1");
    }
  }

  /** 1, 2, 4, 8, ... up to {@code max}, with {@code max} itself last. */
  public static List<Integer> doublingLevels(int max) {
    if (max < 1) {
      throw new LoadException("--max must be at least 1, got " + max);
    }
    List<Integer> levels = new ArrayList<>();
    for (int n = 1; n < max; n *= 2) {
      levels.add(n);
    }
    levels.add(max);
    return levels;
  }
}
