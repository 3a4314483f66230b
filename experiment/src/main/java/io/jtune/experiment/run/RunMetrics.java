package io.jtune.experiment.run;

import io.jtune.common.format.JsonNumbers;
import io.jtune.experiment.attribution.GcAttribution;
import io.jtune.experiment.plan.Metric;
import io.jtune.gc.event.GcPause;
import io.jtune.load.LoadResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A run's metrics as the comparison reads them: the load's throughput, latencies and errors; the
 * GC's pauses in the measured window; how much of the slow requests' time a pause explains; the
 * service's and the rest of the host's CPU; the peak RSS; under container limits, CPU throttling and the
 * peak RSS against the memory limit.
 */
final class RunMetrics {
  private RunMetrics() {
  }

  /** Times in epoch ms: the JVM's start, the service ready, the measured window [from, to). */
  record Window(long jvmStart, long ready, long from, long to) {
  }

  static Map<String, Double> of(LoadResult load, List<GcPause> pauses, Window w, GcAttribution attribution,
      RunSampler sampled, double rssMb) {
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put(Metric.THROUGHPUT.key(), load.throughputRps());
    metrics.put(Metric.P50.key(), load.latencyMs().p50());
    metrics.put(Metric.P95.key(), load.latencyMs().p95());
    metrics.put(Metric.P99.key(), load.latencyMs().p99());
    metrics.put(Metric.P999.key(), load.latencyMs().p999());
    metrics.put(Metric.LATENCY_MAX.key(), load.latencyMs().max());
    metrics.put(Metric.ERRORS.key(), (double) load.errorTotal());
    metrics.putAll(GcWindow.metrics(pauses, w.jvmStart(), w.ready(), w.from(), w.to()));
    if (attribution != null) {
      metrics.put(Metric.SLOW_IN_PAUSE.key(), GcAttribution.pct(attribution.slowInPauseShare()));
      metrics.put(Metric.ALL_IN_PAUSE.key(), GcAttribution.pct(attribution.allInPauseShare()));
      metrics.put(Metric.PAUSE_MS_PER_SLOW.key(),
          attribution.pauseMsPerSlow() == null ? Double.NaN : attribution.pauseMsPerSlow());
      metrics.put(Metric.PAUSE_MS_IN_SLOW.key(), attribution.pauseMsInSlow());
    }
    if (sampled.cpuPct >= 0) {
      metrics.put(Metric.CPU.key(), sampled.cpuPct);
    }
    if (sampled.othersCpuPct >= 0) {
      metrics.put(Metric.OTHERS_CPU.key(), sampled.othersCpuPct);
    }
    if (rssMb > 0) {
      metrics.put(Metric.RSS.key(), rssMb);
    }
    ContainerMetrics.add(metrics, sampled.containerAtStart, sampled.containerAtEnd, rssMb);
    // rounded as every jtune document rounds (no float noise); a value that is not a number is left out
    metrics.replaceAll((k, v) -> JsonNumbers.round(v, 4));
    metrics.values().removeIf(Objects::isNull);
    return metrics;
  }
}
