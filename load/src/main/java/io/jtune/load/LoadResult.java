package io.jtune.load;

import io.jtune.common.format.Json;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one load run: counts, throughput, latency percentiles (corrected and
 * uncorrected), errors by kind and a per-interval timeline. Serialized as the documented JSON
 * contract {@value #SCHEMA} (see load/README.md; JSON Schema in schemas/jtune.load-2.schema.json).
 *
 * @param plan what was run
 * @param startTime wall-clock time the run started
 * @param measuredSeconds length of the measured part
 * @param requests measured requests that got a complete response (any status)
 * @param successes of those, responses with a status below 400
 * @param throughputRps responses per second of the measured part: in the open model those the
 *     service completed within it, to any request (the window's own and a backlog of the
 *     warm-up's: {@code servedResponses / measuredSeconds}), so that a service that queues reads as
 *     serving what it served, not what was sent to it; in the closed model the measured requests'
 *     responses (each connection sends only once answered: what was sent was served)
 * @param latencyMs latency from the intended send time (open model) or the send (closed model)
 * @param uncorrectedLatencyMs latency from the actual send time
 * @param errors failed measured requests by kind
 * @param timeline the measured part, interval by interval
 * @param maxSendLagMs open model: the most a request was sent behind its schedule
 * @param requestSpans when each measured request started and ended, when the run kept them
 *     ({@link LoadRun#execute(LoadPlan, LoadProgress, java.nio.file.Path, boolean)}), else null;
 *     not part of the JSON document
 * @param endpoints per endpoint (URL, request template or group of replayed paths) when the run had
 *     more than one, most requests first for a replay; empty otherwise
 * @param servedResponses the responses behind {@code throughputRps}: in the open model those
 *     completed within the measured part, to any request; in the closed model {@code requests}
 * @param users when the plan's users keep cookies, the users that sent a request in the whole run
 *     (warm-up included: the sessions the service made); 0 otherwise
 */
public record LoadResult(
    LoadPlan plan,
    Instant startTime,
    double measuredSeconds,
    long requests,
    long successes,
    double throughputRps,
    LatencySummary latencyMs,
    LatencySummary uncorrectedLatencyMs,
    Map<ErrorKind, Long> errors,
    List<TimelinePoint> timeline,
    double maxSendLagMs,
    RequestSpans requestSpans,
    List<EndpointResult> endpoints,
    long servedResponses,
    long users) {

  /** The JSON schema name and version written as {@code schema}. */
  public static final String SCHEMA = "jtune.load/2";

  /**
   * An open-model run that served less than the offered rate by more than this share (%) is
   * overloaded: its requests queued, its latencies are a queue's (the experiment's rule too).
   */
  public static final int OVERLOAD_SHORTFALL_PCT = 10;


  public LoadResult {
    EnumMap<ErrorKind, Long> all = new EnumMap<>(ErrorKind.class);
    for (ErrorKind kind : ErrorKind.values()) {
      all.put(kind, errors.getOrDefault(kind, 0L));
    }
    errors = Collections.unmodifiableMap(all);
    timeline = List.copyOf(timeline);
    endpoints = endpoints == null ? List.of() : List.copyOf(endpoints);
  }

  /** A result of users that keep no cookies. */
  public LoadResult(LoadPlan plan, Instant startTime, double measuredSeconds, long requests, long successes,
      double throughputRps, LatencySummary latencyMs, LatencySummary uncorrectedLatencyMs, Map<ErrorKind, Long> errors,
      List<TimelinePoint> timeline, double maxSendLagMs, RequestSpans requestSpans, List<EndpointResult> endpoints,
      long servedResponses) {
    this(plan, startTime, measuredSeconds, requests, successes, throughputRps, latencyMs, uncorrectedLatencyMs, errors,
        timeline, maxSendLagMs, requestSpans, endpoints, servedResponses, 0);
  }

  /** A result with no per-endpoint figures, its throughput served by the responses it counts ({@code requests}). */
  public LoadResult(LoadPlan plan, Instant startTime, double measuredSeconds, long requests, long successes,
      double throughputRps, LatencySummary latencyMs, LatencySummary uncorrectedLatencyMs, Map<ErrorKind, Long> errors,
      List<TimelinePoint> timeline, double maxSendLagMs, RequestSpans requestSpans) {
    this(plan, startTime, measuredSeconds, requests, successes, throughputRps, latencyMs, uncorrectedLatencyMs, errors,
        timeline, maxSendLagMs, requestSpans, List.of(), requests, 0);
  }

  /** The open model's offered rate, NaN in the closed model. */
  public double offeredRps() {
    return plan.model() == LoadModel.OPEN ? plan.rateRps() : Double.NaN;
  }

  /**
   * Whether the open-model run served less than it was offered by more than
   * {@value #OVERLOAD_SHORTFALL_PCT} %: the service queued the requests it could not serve.
   */
  public boolean overloaded() {
    return plan.model() == LoadModel.OPEN && plan.replay() == null
        && throughputRps < plan.rateRps() * (1 - OVERLOAD_SHORTFALL_PCT / 100.0);
  }

  /** Failed requests of all kinds. */
  public long errorTotal() {
    return errors.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Writes the result as JSON ({@value #SCHEMA}). */
  public void writeJson(Writer out) {
    writeJson(out, null);
  }

  /**
   * Writes the result as JSON ({@value #SCHEMA}) with its requests lined up with GC pauses as its
   * {@code gcAttribution} section, when not null: a value Jackson writes (the experiment module's
   * GcAttribution; load itself knows nothing of GC logs).
   */
  public void writeJson(Writer out, Object gcAttribution) {
    ObjectNode root = toJsonTree();
    if (gcAttribution != null) {
      root.set("gcAttribution", Json.mapper().valueToTree(gcAttribution));
    }
    try {
      Json.write(root, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The result as a JSON tree ({@value #SCHEMA}), for embedding in other reports. */
  public ObjectNode toJsonTree() {
    ObjectNode root = Json.object();
    root.put("schema", SCHEMA);
    root.put("model", plan.model().name().toLowerCase(java.util.Locale.ROOT));
    root.put("connections", plan.connections());
    if (plan.model() == LoadModel.OPEN) {
      root.put("rateRps", round(plan.rateRps(), 3));
    } else {
      root.putNull("rateRps");
    }
    ArrayNode targets = root.putArray("targets");
    for (RequestTemplate target : plan.targets()) {
      targets.addObject()
          .put("url", target.urlText())
          .put("method", target.method())
          .put("weight", target.weight());
    }
    root.put("startTime", startTime.toString());
    root.put("durationS", round(measuredSeconds, 3));
    root.put("warmupS", round(plan.warmup().toNanos() / 1e9, 3));
    root.put("requests", requests);
    root.put("successes", successes);
    root.put("throughputRps", round(throughputRps, 3));
    latency(root.putObject("latencyMs"), latencyMs);
    latency(root.putObject("uncorrectedLatencyMs"), uncorrectedLatencyMs);
    ObjectNode errorNode = root.putObject("errors");
    errorNode.put("total", errorTotal());
    errors.forEach((kind, count) -> errorNode.put(kind.key(), count));
    if (plan.model() == LoadModel.OPEN) {
      root.put("servedResponses", servedResponses);
      root.put("maxSendLagMs", round(maxSendLagMs, 3));
    }
    if (!endpoints.isEmpty()) {
      ArrayNode list = root.putArray("endpoints");
      for (EndpointResult e : endpoints) {
        ObjectNode n = list.addObject()
            .put("name", e.name())
            .put("requests", e.requests())
            .put("successes", e.successes())
            .put("errors", e.errors())
            .put("throughputRps", round(e.throughputRps(), 3));
        latency(n.putObject("latencyMs"), e.latencyMs());
      }
    }
    if (plan.users().cookies()) {
      ObjectNode n = root.putObject("users");
      n.put("cookies", true);
      if (plan.users().rotate()) {
        n.put("requestsPerUser", plan.users().requestsPerUser());
      } else {
        n.putNull("requestsPerUser");
      }
      n.put("started", users);
    }
    Replay replay = plan.replay();
    if (replay != null) {
      ObjectNode n = root.putObject("replay");
      n.put("file", replay.log().path().toString());
      n.put("lines", replay.log().lines());
      n.put("requests", replay.log().requestCount());
      n.put("distinct", replay.log().distinct());
      n.put("notUnderstood", replay.log().notUnderstood());
      ArrayNode examples = n.putArray("notUnderstoodExamples");
      replay.log().examples().forEach(examples::add);
      n.put("withoutBody", replay.log().bodilessWrites());
      if (replay.followsTime()) {
        n.put("speed", round(replay.speed(), 3));
      } else {
        n.putNull("speed");
      }
    }
    ArrayNode points = root.putArray("timeline");
    for (TimelinePoint p : timeline) {
      points.addObject()
          .put("endS", round(p.second(), 3))
          .put("requests", p.requests())
          .put("throughputRps", round(p.throughputRps(), 3))
          .put("p99Ms", round(p.p99Ms(), 3))
          .put("errors", p.errors());
    }
    return root;
  }

  private static void latency(ObjectNode node, LatencySummary s) {
    node.put("p50", round(s.p50(), 3));
    node.put("p75", round(s.p75(), 3));
    node.put("p90", round(s.p90(), 3));
    node.put("p95", round(s.p95(), 3));
    node.put("p99", round(s.p99(), 3));
    node.put("p999", round(s.p999(), 3));
    node.put("p9999", round(s.p9999(), 3));
    node.put("max", round(s.max(), 3));
    node.put("mean", round(s.mean(), 3));
  }
}
