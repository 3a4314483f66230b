package io.jtune.load;

/**
 * The open model's fixed schedule: when request number i is due, in nanoseconds after the
 * start of the run. The rate grows linearly from 0 during the ramp-up, then stays constant; or,
 * when a replayed log's time shape is followed, each request is due at its recorded time.
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
  /** Recorded due times (a replayed log's time shape), or null. */
  private final long[] recorded;

  /** Due far beyond any run's end: a replayed log has no request left. */
  static final long NEVER = Long.MAX_VALUE / 4;

  ArrivalSchedule(double ratePerSecond, long rampNanos) {
    this.ratePerNano = ratePerSecond / 1e9;
    this.rampNanos = rampNanos;
    this.rampRequests = ratePerNano * rampNanos / 2;
    this.recorded = null;
  }

  /** Requests due at the given times after the start (ascending), then none. */
  ArrivalSchedule(long[] recorded) {
    this.ratePerNano = 0;
    this.rampNanos = 0;
    this.rampRequests = 0;
    this.recorded = recorded;
  }

  /** The plan's schedule: its rate and ramp-up, or its replayed log's recorded times. */
  static ArrivalSchedule of(LoadPlan plan, ReplayRequests replay) {
    return replay != null && replay.due != null ? new ArrivalSchedule(replay.due)
        : new ArrivalSchedule(plan.rateRps(), plan.rampUp().toNanos());
  }

  /** When request {@code index} is due, in nanoseconds after the start. */
  long dueNanos(long index) {
    if (recorded != null) {
      return index < recorded.length ? recorded[(int) index] : NEVER;
    }
    if (index < rampRequests) {
      return (long) Math.sqrt(2.0 * rampNanos * index / ratePerNano);
    }
    return (long) (rampNanos + (index - rampRequests) / ratePerNano);
  }

  /** The first request index due at or after {@code nanos} after the start. */
  long firstIndexAtOrAfter(long nanos) {
    if (recorded != null) {
      int i = java.util.Arrays.binarySearch(recorded, nanos);
      if (i < 0) {
        return -i - 1;
      }
      while (i > 0 && recorded[i - 1] == nanos) {
        i--;
      }
      return i;
    }
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
