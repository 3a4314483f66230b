package io.jtune.lab;

import java.util.Locale;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** Requests and latency of one endpoint, recorded without locks on the request path. */
final class EndpointStats {
  private final String path;
  private final LongAdder count = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder totalNanos = new LongAdder();
  private final LongAccumulator maxNanos = new LongAccumulator(Math::max, 0);

  EndpointStats(String path) {
    this.path = path;
  }

  String path() {
    return path;
  }

  void record(long nanos, boolean error) {
    count.increment();
    totalNanos.add(nanos);
    maxNanos.accumulate(nanos);
    if (error) {
      errors.increment();
    }
  }

  long count() {
    return count.sum();
  }

  /** This endpoint as a JSON object. */
  String toJson() {
    long n = count.sum();
    double meanMs = n == 0 ? 0 : totalNanos.sum() / 1e6 / n;
    return String.format(Locale.US,
        "{\"count\":%d,\"errors\":%d,\"meanMs\":%.3f,\"maxMs\":%.3f}",
        n, errors.sum(), meanMs, maxNanos.get() / 1e6);
  }
}
