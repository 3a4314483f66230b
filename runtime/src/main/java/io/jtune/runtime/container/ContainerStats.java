package io.jtune.runtime.container;

/**
 * What the container's controllers counted for a group: memory against its limit, the kernel's
 * OOM kills, and how often the CPU quota throttled it. A count is -1 when the kernel does not
 * keep it (or the controller is not in use).
 *
 * @param memoryLimitBytes the memory limit in force, -1 without one
 * @param peakBytes the most memory charged to the group at once (v1 {@code memory.max_usage_in_bytes}, v2 {@code memory.peak})
 * @param oomKills processes the kernel's OOM killer ended in the group
 * @param limitHits how often memory reached the limit (v1 {@code memory.failcnt}, v2 {@code memory.events} max)
 * @param periods CFS scheduling periods in which the group ran
 * @param throttledPeriods periods in which the quota throttled it
 * @param throttledMicros time throttled, microseconds
 */
public record ContainerStats(long memoryLimitBytes, long peakBytes, long oomKills, long limitHits,
    long periods, long throttledPeriods, long throttledMicros) {

  /** Nothing counted (no group). */
  public static ContainerStats unknown() {
    return new ContainerStats(-1, -1, -1, -1, -1, -1, -1);
  }

  /** The share of periods throttled, in percent; NaN when not known. */
  public double throttledPercent() {
    return periods > 0 && throttledPeriods >= 0 ? 100.0 * throttledPeriods / periods : Double.NaN;
  }

  /** Whether the kernel's OOM killer ended a process of the group. */
  public boolean oomKilled() {
    return oomKills > 0;
  }
}
