package io.jtune.load;

import io.jtune.common.format.OpenMetrics;
import io.jtune.common.format.OpenMetrics.Family;
import io.jtune.common.format.OpenMetrics.Labels;
import io.jtune.common.format.OpenMetrics.Type;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * {@code jtune load --format openmetrics|prometheus}: a load run's summary as OpenMetrics text (requests,
 * errors by {@code kind}, throughput, corrected and uncorrected latency as summaries in seconds),
 * for a Pushgateway or a textfile collector. The run's model and targets are the labels of
 * {@code jtune_load_run_info}.
 */
public final class LoadOpenMetrics {
  private static final double[] QUANTILES = {0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999};

  private LoadOpenMetrics() {}

  public static void write(LoadResult r, PrintWriter out, OpenMetrics.Syntax syntax) {
    of(r).write(out, syntax);
  }

  /** The document of a load run. */
  public static OpenMetrics of(LoadResult r) {
    OpenMetrics om = new OpenMetrics();
    LoadPlan plan = r.plan();
    om.family("jtune_load_run", Type.INFO, null, "The load run: its model (closed: a fixed number of connections;"
        + " open: a fixed arrival rate) and its target URLs").info(Labels.of(
            "model", plan.model().name().toLowerCase(Locale.ROOT),
            "targets", String.join(",", plan.targets().stream().map(t -> t.method() + " " + t.urlText()).toList())));
    om.family("jtune_load_start_timestamp_seconds", Type.GAUGE, "seconds",
        "When the run started, seconds since the Unix epoch").sample(Labels.NONE, r.startTime().toEpochMilli() / 1000.0);
    om.family("jtune_load_duration_seconds", Type.GAUGE, "seconds", "Length of the measured part (after warm-up)")
        .sample(Labels.NONE, r.measuredSeconds());
    om.family("jtune_load_connections", Type.GAUGE, null, "Connections the run used").sample(Labels.NONE, plan.connections());
    if (plan.model() == LoadModel.OPEN) {
      om.family("jtune_load_target_rate_requests_per_second", Type.GAUGE, null, "The arrival rate asked for (open model)")
          .sample(Labels.NONE, plan.rateRps());
      om.family("jtune_load_max_send_lag_seconds", Type.GAUGE, "seconds",
          "The most a request was sent behind its schedule (open model)").sample(Labels.NONE, r.maxSendLagMs() / 1000);
    }
    om.family("jtune_load_requests", Type.COUNTER, null, "Measured requests that got a complete response (any status)")
        .sample(Labels.NONE, r.requests());
    om.family("jtune_load_successful_requests", Type.COUNTER, null, "Responses with a status below 400")
        .sample(Labels.NONE, r.successes());
    Family errors = om.family("jtune_load_errors", Type.COUNTER, null, "Failed measured requests by kind: connect,"
        + " timeout, reset, protocol, status4xx, status5xx");
    for (Map.Entry<ErrorKind, Long> e : r.errors().entrySet()) {
      errors.sample(Labels.of("kind", e.getKey().key()), e.getValue());
    }
    om.family("jtune_load_throughput_requests_per_second", Type.GAUGE, null,
        "Responses per second of the measured part: open model, those the service completed within it (to any"
            + " request, a backlog's too); closed model, its requests' responses").sample(Labels.NONE, r.throughputRps());
    latency(om, "jtune_load_latency_seconds", "Latency from the intended send time (open model) or the send"
        + " (closed model), corrected for coordinated omission", r.latencyMs(), r.requests());
    latency(om, "jtune_load_uncorrected_latency_seconds", "Latency from the actual send time",
        r.uncorrectedLatencyMs(), r.requests());
    return om;
  }

  private static void latency(OpenMetrics om, String name, String help, LatencySummary s, long count) {
    double[] q = {s.p50(), s.p75(), s.p90(), s.p95(), s.p99(), s.p999(), s.p9999()};
    for (int i = 0; i < q.length; i++) {
      q[i] /= 1000;
    }
    om.family(name, Type.SUMMARY, "seconds", help + ": quantiles, count and total").summary(Labels.NONE, QUANTILES, q,
        count, s.mean() * count / 1000);
    om.family(name.replace("_seconds", "_max_seconds"), Type.GAUGE, "seconds", help + ": the longest")
        .sample(Labels.NONE, s.max() / 1000);
  }
}
