package io.jtune.experiment.attribution;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jtune.common.format.JsonNumbers;

/**
 * How much of a load run's slowest requests' latency lines up with the target's stop-the-world
 * GC pauses: the requests slower than the run's p99 that were in flight during a pause, the
 * pause time inside them, and for contrast the share of all requests that met a pause.
 *
 * <p>Counts are of the requests the run kept; with {@code sampleStride} above 1 each kept request
 * stands for that many completed ones, and shares and means are those of the even sample.
 *
 * @param requests requests lined up (completed measured requests the run kept)
 * @param sampleStride completed requests each kept one stands for (1: every request)
 * @param slowThresholdMs a request slower than this (the run's p99) is slow
 * @param slowRequests slow requests
 * @param slowInPause of those, requests in a GC pause: the pause time inside each at least a quarter
 *     of its latency above the run's median ({@link PauseAttribution})
 * @param slowInPauseShare {@code slowInPause / slowRequests} (0..1), NaN without slow requests
 * @param allInPause requests in a GC pause, by the same rule
 * @param allInPauseShare {@code allInPause / requests} (0..1), NaN without requests
 * @param pauseMsInSlow pause time inside the slow requests, each pause millisecond counted once
 *     however many slow requests it held up (at most {@code pauseMsTotal})
 * @param pauseMsPerSlow mean over the slow requests of the pause time inside each, null without
 *     slow requests
 * @param slowLatencyInPauseShare share of the slow requests' summed latency spent inside pauses (0..1), null
 *     without slow requests
 * @param pauses pauses of the log that overlap the requests' time span
 * @param pauseMsTotal their time inside that span
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GcAttribution(
    int requests,
    int sampleStride,
    double slowThresholdMs,
    int slowRequests,
    int slowInPause,
    Double slowInPauseShare,
    int allInPause,
    Double allInPauseShare,
    double pauseMsInSlow,
    Double pauseMsPerSlow,
    Double slowLatencyInPauseShare,
    int pauses,
    double pauseMsTotal) {

  private static final int DECIMALS = 4;

  /** The same figures rounded as jtune documents write numbers (no float noise). */
  public GcAttribution rounded() {
    return new GcAttribution(requests, sampleStride, JsonNumbers.round(slowThresholdMs, DECIMALS), slowRequests,
        slowInPause, round(slowInPauseShare), allInPause, round(allInPauseShare),
        JsonNumbers.round(pauseMsInSlow, DECIMALS), round(pauseMsPerSlow), round(slowLatencyInPauseShare), pauses,
        JsonNumbers.round(pauseMsTotal, DECIMALS));
  }

  private static Double round(Double v) {
    return v == null ? null : JsonNumbers.round(v, DECIMALS);
  }

  /** A share as a percentage, NaN when there is none. */
  public static double pct(Double share) {
    return share == null ? Double.NaN : 100 * share;
  }
}
