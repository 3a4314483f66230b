package io.jtune.experiment.report;

import io.jtune.common.format.OpenMetrics;
import io.jtune.common.format.OpenMetrics.Labels;
import io.jtune.common.format.OpenMetrics.Type;
import io.jtune.experiment.plan.Metric;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.Map;

/**
 * {@code jtune experiment --format openmetrics|prometheus}: an experiment's summary as OpenMetrics text.
 * Every measured metric is a gauge of its mean over a candidate's successful runs at a level
 * (labels {@code experiment}, {@code level}, {@code candidate}), in base units (seconds, bytes,
 * ratios, cores); the change against the baseline as a ratio with its 95 % interval
 * ({@code bound}) and whether it is significant; the runs by outcome; the verdict as an info
 * metric.
 */
public final class ExperimentOpenMetrics {
  private static final double MB = 1 << 20;

  /** A metric's family: its name, unit (null: none the format knows) and the factor to its base unit. */
  private record Name(String name, String unit, double scale) {}

  private static final Map<Metric, Name> NAMES = new EnumMap<>(Metric.class);

  static {
    name(Metric.THROUGHPUT, "throughput_requests_per_second", null, 1);
    name(Metric.P50, "latency_p50_seconds", "seconds", 1e-3);
    name(Metric.P95, "latency_p95_seconds", "seconds", 1e-3);
    name(Metric.P99, "latency_p99_seconds", "seconds", 1e-3);
    name(Metric.P999, "latency_p999_seconds", "seconds", 1e-3);
    name(Metric.LATENCY_MAX, "latency_max_seconds", "seconds", 1e-3);
    name(Metric.ERRORS, "errors", null, 1);
    name(Metric.SLOW_IN_PAUSE, "slow_requests_in_gc_pause_ratio", "ratio", 1e-2);
    name(Metric.ALL_IN_PAUSE, "requests_in_gc_pause_ratio", "ratio", 1e-2);
    name(Metric.PAUSE_MS_PER_SLOW, "gc_pause_per_slow_request_seconds", "seconds", 1e-3);
    name(Metric.PAUSE_MS_IN_SLOW, "gc_pause_in_slow_requests_seconds", "seconds", 1e-3);
    name(Metric.YGC_COUNT, "young_gcs", null, 1);
    name(Metric.YGC_TIME_TOTAL, "young_gc_time_seconds", "seconds", 1e-3);
    name(Metric.YGC_PER_MIN_PEAK, "young_gcs_per_minute_peak", null, 1);
    name(Metric.YGC_PER_MIN_MEAN, "young_gcs_per_minute_mean", null, 1);
    name(Metric.YGC_MS_PER_MIN_PEAK, "young_gc_seconds_per_minute_peak", null, 1e-3);
    name(Metric.YGC_MS_PER_MIN_MEAN, "young_gc_seconds_per_minute_mean", null, 1e-3);
    name(Metric.YGC_PAUSE, "young_gc_pause_seconds", "seconds", 1e-3);
    name(Metric.FGC_COUNT, "full_gcs", null, 1);
    name(Metric.FGC_TIME_TOTAL, "full_gc_time_seconds", "seconds", 1e-3);
    name(Metric.FGC_PER_MIN_PEAK, "full_gcs_per_minute_peak", null, 1);
    name(Metric.FGC_PER_MIN_MEAN, "full_gcs_per_minute_mean", null, 1);
    name(Metric.FGC_MS_PER_MIN_PEAK, "full_gc_seconds_per_minute_peak", null, 1e-3);
    name(Metric.FGC_MS_PER_MIN_MEAN, "full_gc_seconds_per_minute_mean", null, 1e-3);
    name(Metric.FGC_PER_DAY, "full_gcs_per_day", null, 1);
    name(Metric.MAX_PAUSE, "gc_pause_max_seconds", "seconds", 1e-3);
    name(Metric.GC_TIME_SHARE, "gc_time_ratio", "ratio", 1e-2);
    name(Metric.STARTUP_FGC, "startup_full_gcs", null, 1);
    name(Metric.CPU, "process_cpu_cores", null, 1e-2);
    name(Metric.OTHERS_CPU, "other_processes_cpu_cores", null, 1e-2);
    name(Metric.RSS, "rss_peak_bytes", "bytes", MB);
    name(Metric.RSS_OF_LIMIT, "rss_peak_of_memory_limit_ratio", "ratio", 1e-2);
    name(Metric.THROTTLED_PERIODS, "cpu_throttled_periods", null, 1);
    name(Metric.THROTTLED_PCT, "cpu_throttled_periods_ratio", "ratio", 1e-2);
    name(Metric.THROTTLED_TIME, "cpu_throttled_seconds", "seconds", 1e-3);
  }

  private static void name(Metric m, String name, String unit, double scale) {
    NAMES.put(m, new Name("jtune_experiment_" + name, unit, scale));
  }

  private ExperimentOpenMetrics() {}

  public static void write(ExperimentReport report, PrintWriter out, OpenMetrics.Syntax syntax) {
    of(report).write(out, syntax);
  }

  /** The document of an experiment report. */
  public static OpenMetrics of(ExperimentReport report) {
    OpenMetrics om = new OpenMetrics();
    Labels experiment = Labels.of("experiment", report.plan().name());
    ExperimentReport.Recommendation rec = report.recommendation();
    om.family("jtune_experiment_verdict", Type.INFO, null, "The experiment's verdict (adopt, keep-baseline,"
        + " not-a-gc-problem, memory-leak, inconclusive) and the candidate it adopts")
        .info(experiment.and("verdict", rec.verdict().key(), "winner", rec.winner(), "baseline", report.plan().baseline()));
    om.family("jtune_experiment_planned_runs", Type.GAUGE, null, "Runs the plan has").sample(experiment, report.runsPlanned());
    for (ExperimentReport.LevelReport level : report.levels()) {
      for (ExperimentReport.CandidateReport c : level.candidates()) {
        Labels labels = experiment.and("level", level.level().name(), "candidate", c.candidate().name());
        om.family("jtune_experiment_runs", Type.GAUGE, null, "A candidate's runs at a level by outcome: ok (measured)"
            + " or failed").sample(labels.and("outcome", "ok"), c.okRuns()).sample(labels.and("outcome", "failed"), c.failedRuns());
        for (Metric m : Metric.values()) {
          Name n = NAMES.get(m);
          om.family(n.name(), Type.GAUGE, n.unit(), m.label() + ": the mean over the candidate's runs at the level")
              .sample(labels, c.mean(m) * n.scale());
        }
        for (Map.Entry<Metric, Delta> e : c.deltas().entrySet()) {
          change(om, labels.and("metric", e.getKey().key()), e.getValue());
        }
      }
    }
    return om;
  }

  /** A candidate's change from the baseline in one metric: the ratio, its interval, its significance. */
  private static void change(OpenMetrics om, Labels labels, Delta d) {
    om.family("jtune_experiment_change_ratio", Type.GAUGE, "ratio", "Change from the baseline (0.1 is 10 % more):"
        + " the estimate, and the 95 % interval's low and high bounds")
        .sample(labels.and("bound", "estimate"), d.pct() / 100)
        .sample(labels.and("bound", "low"), d.pctLow() / 100)
        .sample(labels.and("bound", "high"), d.pctHigh() / 100);
    om.family("jtune_experiment_change_significant", Type.GAUGE, null,
        "1 when the change from the baseline is significant (its 95 % interval excludes no change), else 0")
        .sample(labels, d.status() == Delta.Status.COMPARED ? (d.significant() ? 1 : 0) : Double.NaN);
  }
}
