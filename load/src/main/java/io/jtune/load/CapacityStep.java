package io.jtune.load;

/**
 * One concurrency level of a capacity sweep, measured.
 *
 * @param concurrency closed-model connections
 * @param throughputRps completed responses per second
 * @param meanRtMs mean response time
 * @param p99Ms 99th percentile response time
 * @param requests completed responses
 * @param errors failed requests
 * @param serverCpuPercent CPU of the target process in percent of one core (like top); NaN without a pid
 * @param serverCpuMsPerRequest the target's CPU time per completed request; NaN without a pid
 */
public record CapacityStep(
    int concurrency,
    double throughputRps,
    double meanRtMs,
    double p99Ms,
    long requests,
    long errors,
    double serverCpuPercent,
    double serverCpuMsPerRequest) {

  /** Little's law: the concurrency the measured throughput and mean response time imply. */
  public double littleConcurrency() {
    return throughputRps * meanRtMs / 1000;
  }

  /** How far Little's law is off: littleConcurrency / concurrency - 1. */
  public double littleError() {
    return littleConcurrency() / concurrency - 1;
  }
}
