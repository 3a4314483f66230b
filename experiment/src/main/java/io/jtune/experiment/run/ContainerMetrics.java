package io.jtune.experiment.run;

import io.jtune.experiment.plan.Metric;
import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerKill;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.container.ContainerStats;
import java.util.Map;

/**
 * What the container did in a run: the measured window's CPU throttling and the peak RSS against
 * the memory limit as metrics of the comparison, and the whole run's counters for its result.
 */
final class ContainerMetrics {
  private static final double MB = 1024.0 * 1024.0;

  private ContainerMetrics() {}

  /**
   * Adds the container's metrics of the measured window: periods throttled (count and share) and
   * time throttled, from the counters at the window's start and end; the peak RSS as a share of
   * the memory limit.
   */
  static void add(Map<String, Double> metrics, ContainerStats start, ContainerStats end, double rssMb) {
    if (start == null || end == null) {
      return;
    }
    if (start.periods() >= 0 && end.periods() >= 0 && end.throttledPeriods() >= 0) {
      long periods = end.periods() - start.periods();
      long throttled = end.throttledPeriods() - start.throttledPeriods();
      metrics.put(Metric.THROTTLED_PERIODS.key(), (double) throttled);
      if (periods > 0) {
        metrics.put(Metric.THROTTLED_PCT.key(), 100.0 * throttled / periods);
      }
      if (end.throttledMicros() >= 0) {
        metrics.put(Metric.THROTTLED_TIME.key(), (end.throttledMicros() - start.throttledMicros()) / 1000.0);
      }
    }
    if (end.memoryLimitBytes() > 0 && rssMb > 0) {
      metrics.put(Metric.RSS_OF_LIMIT.key(), 100.0 * rssMb * MB / end.memoryLimitBytes());
    }
  }

  /**
   * The whole run's counters of the group the service ran in (the last ones, read before the
   * group was removed), or null when it ran without limits.
   *
   * @param peakRssBytes the JVM's peak resident set as jtune saw it, -1 when not seen
   * @param exitCode the service's exit code, 0 while it ran
   */
  static RunResult.ContainerSeen seen(ContainerGroup group, long peakRssBytes, int exitCode) {
    return group == null ? null : seen(group.limits(), group.stats(), peakRssBytes, exitCode);
  }

  static RunResult.ContainerSeen seen(ContainerLimits limits, ContainerStats s, long peakRssBytes, int exitCode) {
    if (s == null) {
      return null;
    }
    return new RunResult.ContainerSeen(limits.describe(), known(s.memoryLimitBytes()),
        limits.cpus() == null ? null : limits.cpus().cores(), known(s.peakBytes()), known(peakRssBytes),
        ContainerKill.byMemoryLimit(s, exitCode), known(s.oomKills()), known(s.periods()), known(s.throttledPeriods()),
        s.throttledMicros() < 0 ? null : s.throttledMicros() / 1000);
  }

  private static Long known(long v) {
    return v < 0 ? null : v;
  }
}
