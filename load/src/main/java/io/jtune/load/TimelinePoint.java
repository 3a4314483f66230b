package io.jtune.load;

/**
 * One interval (normally one second) of a load run's measured part.
 *
 * @param second seconds from the start of the measured part to the end of this interval
 * @param requests responses completed in the interval
 * @param throughputRps responses per second in the interval
 * @param p99Ms 99th percentile latency of those responses (corrected in the open model)
 * @param errors failed requests in the interval, all kinds
 */
public record TimelinePoint(double second, long requests, double throughputRps, double p99Ms, long errors) {}
