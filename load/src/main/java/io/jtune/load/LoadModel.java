package io.jtune.load;

/** How a load run paces its requests: a fixed number of users, or a fixed arrival rate. */
public enum LoadModel {
  /**
   * Closed model: N connections, each sends its next request as soon as the previous response
   * arrives (like {@code ab -c N} or a JMeter thread group). A slow server slows the senders
   * down, so latency is service time only and stalls are under-reported (coordinated omission).
   */
  CLOSED,
  /**
   * Open model: requests are due on a fixed schedule of R per second (like wrk2); latency is
   * measured from each request's intended send time, so time spent waiting behind a stall counts.
   */
  OPEN
}
