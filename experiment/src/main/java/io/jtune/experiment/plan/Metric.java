package io.jtune.experiment.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one run of an experiment measures, by the name plans and reports use. GC metrics are
 * over the measured window only (warm-up and startup excluded); per-minute columns are the
 * GC comparison table: YGC and FGC count and cumulative time per minute, peak and mean.
 */
public enum Metric {
  THROUGHPUT("throughputRps", "throughput", "req/s", false, "%,.0f"),
  P50("p50", "latency p50", "ms", true, "%.2f"),
  P95("p95", "latency p95", "ms", true, "%.2f"),
  P99("p99", "latency p99", "ms", true, "%.2f"),
  P999("p999", "latency p99.9", "ms", true, "%.2f"),
  LATENCY_MAX("latencyMax", "latency max", "ms", true, "%.1f"),
  /** Share of the requests slower than the run's p99 that a stop-the-world pause held up ({@code PauseAttribution}'s rule). */
  SLOW_IN_PAUSE("slowInPausePct", "requests > p99 in a GC pause", "%", true, "%.1f"),
  /** Share of all requests that a stop-the-world pause held up, by the same rule. */
  ALL_IN_PAUSE("allInPausePct", "requests in a GC pause", "%", true, "%.1f"),
  /** Mean pause time inside a request slower than the run's p99. */
  PAUSE_MS_PER_SLOW("pauseMsPerSlow", "GC pause per request > p99", "ms", true, "%.2f"),
  /** Pause time inside the requests slower than the run's p99, each pause counted once. */
  PAUSE_MS_IN_SLOW("pauseMsInSlow", "GC pause in requests > p99", "ms", true, "%.1f"),
  ERRORS("errors", "errors", "", true, "%.0f"),
  YGC_COUNT("ygcCount", "YGC count", "", true, "%.0f"),
  YGC_TIME_TOTAL("ygcTimeTotal", "YGC total", "ms", true, "%.1f"),
  YGC_PER_MIN_PEAK("ygcPerMinPeak", "YGC count/min peak", "", true, "%.1f"),
  YGC_PER_MIN_MEAN("ygcPerMinMean", "YGC count/min mean", "", true, "%.1f"),
  YGC_MS_PER_MIN_PEAK("ygcMsPerMinPeak", "YGC ms/min peak", "ms", true, "%.1f"),
  YGC_MS_PER_MIN_MEAN("ygcMsPerMinMean", "YGC ms/min mean", "ms", true, "%.1f"),
  YGC_PAUSE("ygcPause", "YGC single pause", "ms", true, "%.2f"),
  FGC_COUNT("fgcCount", "FGC count", "", true, "%.1f"),
  FGC_TIME_TOTAL("fgcTimeTotal", "FGC total", "ms", true, "%.1f"),
  FGC_PER_MIN_PEAK("fgcPerMinPeak", "FGC count/min peak", "", true, "%.1f"),
  FGC_PER_MIN_MEAN("fgcPerMinMean", "FGC count/min mean", "", true, "%.2f"),
  FGC_MS_PER_MIN_PEAK("fgcMsPerMinPeak", "FGC ms/min peak", "ms", true, "%.1f"),
  FGC_MS_PER_MIN_MEAN("fgcMsPerMinMean", "FGC ms/min mean", "ms", true, "%.1f"),
  FGC_PER_DAY("fgcPerDay", "FGC per day", "", true, "%,.0f"),
  MAX_PAUSE("maxPause", "max GC pause", "ms", true, "%.1f"),
  GC_TIME_SHARE("gcTimeShare", "GC time share", "%", true, "%.2f"),
  STARTUP_FGC("startupFgc", "FGC at startup", "", true, "%.0f"),
  CPU("cpu", "process CPU", "% of a core", true, "%.0f"),
  /** CPU the host's other processes used while the run was measured: neither the service's JVM nor jtune. */
  OTHERS_CPU("othersCpu", "other processes' CPU", "% of a core", true, "%.0f"),
  RSS("rssMb", "peak RSS", "MB", true, "%.0f"),
  /** The peak RSS as a share of the container's memory limit (runs under a memory limit only). */
  RSS_OF_LIMIT("rssOfLimitPct", "peak RSS of the memory limit", "%", true, "%.0f"),
  /** CFS periods of 100 ms in the measured window in which the CPU quota stopped the service (runs under a CPU limit). */
  THROTTLED_PERIODS("throttledPeriods", "CPU periods throttled", "", true, "%.0f"),
  /** The share of the measured window's CFS periods in which the CPU quota stopped the service. */
  THROTTLED_PCT("throttledPct", "CPU periods throttled", "%", true, "%.1f"),
  /** Time the CPU quota held the service's threads back in the measured window. */
  THROTTLED_TIME("throttledMs", "CPU time throttled", "ms", true, "%,.0f");

  private final String key;
  private final String label;
  private final String unit;
  private final boolean lowerIsBetter;
  private final String format;

  Metric(String key, String label, String unit, boolean lowerIsBetter, String format) {
    this.key = key;
    this.label = label;
    this.unit = unit;
    this.lowerIsBetter = lowerIsBetter;
    this.format = format;
  }

  /** The name in plans and JSON, such as {@code p99} or {@code fgcCount}. */
  public String key() {
    return key;
  }

  /** Words for tables, such as "latency p99". */
  public String label() {
    return label;
  }

  public String unit() {
    return unit;
  }

  /** Whether a smaller value is better (true for all but throughput). */
  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /** The value formatted as tables show it. */
  public String format(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.US, format, value);
  }

  /** The label with its unit, such as "latency p99 ms". */
  public String labelWithUnit() {
    return unit.isEmpty() ? label : label + " " + unit;
  }

  /** Whether one run's value is a count of events (a whole number; its mean over runs need not be). */
  public boolean isCount() {
    return this == ERRORS || this == YGC_COUNT || this == FGC_COUNT || this == STARTUP_FGC || this == THROTTLED_PERIODS;
  }

  public static Optional<Metric> byKey(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  public static List<String> keys() {
    return Arrays.stream(values()).map(Metric::key).toList();
  }
}
