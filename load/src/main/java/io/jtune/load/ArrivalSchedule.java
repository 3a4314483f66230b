package io.jtune.load;

/**
 * The open model's fixed schedule: when request number i is due, in nanoseconds after the
 * start of the run. The rate grows linearly from 0 during the ramp-up, then stays constant.
 */
final class ArrivalSchedule {
  /*
   * Requests due by time t: r t^2 / (2 U) during the ramp-up U, then r U / 2 + r (t - U); the
   * inverse gives the due time of request i. Computed per request, so nothing is queued: the
   * backlog behind a stalled server is just the distance between the next index to send and
   * the index due now.
   */
  private final double ratePerNano;
  private final double rampNanos;
  private final double rampRequests;

  ArrivalSchedule(double ratePerSecond, long rampNanos) {
    this.ratePerNano = ratePerSecond / 1e9;
    this.rampNanos = rampNanos;
    this.rampRequests = ratePerNano * rampNanos / 2;
  }

  /** When request {@code index} is due, in nanoseconds after the start. */
  long dueNanos(long index) {
    if (index < rampRequests) {
      return (long) Math.sqrt(2.0 * rampNanos * index / ratePerNano);
    }
    return (long) (rampNanos + (index - rampRequests) / ratePerNano);
  }

  /** The first request index due at or after {@code nanos} after the start. */
  long firstIndexAtOrAfter(long nanos) {
    double due;
    if (nanos < rampNanos) {
      due = ratePerNano * nanos * (double) nanos / (2 * rampNanos);
    } else {
      due = rampRequests + ratePerNano * (nanos - rampNanos);
    }
    long index = (long) Math.ceil(due - 1e-9);
    while (index > 0 && dueNanos(index - 1) >= nanos) {
      index--;
    }
    while (dueNanos(index) < nanos) {
      index++;
    }
    return index;
  }
}
