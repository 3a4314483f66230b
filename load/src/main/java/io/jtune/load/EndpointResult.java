package io.jtune.load;

/**
 * One endpoint's share of a load run with several (URLs, request templates, or groups of
 * replayed paths such as {@code GET /orders/{id}}): its measured requests, throughput, errors and
 * latency from the intended send time, as the run's totals count them.
 *
 * @param name {@code METHOD PATH} (a replayed path's group)
 * @param requests measured requests that got a complete response (any status)
 * @param successes of those, responses with a status below 400
 * @param errors failed measured requests: 4xx and 5xx responses, timeouts, resets and protocol
 *     errors of requests sent (connect errors happen before a request is chosen: they count in the
 *     total only)
 * @param throughputRps responses per second of the measured part, as the run's throughput counts
 *     them (open model: the endpoint's responses completed within it)
 * @param latencyMs latency from the intended send time (open model) or the send (closed model),
 *     at 2 significant digits
 */
public record EndpointResult(String name, long requests, long successes, long errors, double throughputRps,
    LatencySummary latencyMs) {
}
