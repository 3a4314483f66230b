package io.jtune.experiment.attribution;

import io.jtune.gc.event.GcPause;
import io.jtune.load.LoadResult;
import io.jtune.load.RequestSpans;
import java.util.Arrays;
import java.util.List;

/**
 * Lines up requests with stop-the-world pauses ({@link GcAttribution}). The pause time inside a
 * request is the length of its overlap with the pauses. A request is in a GC pause (held up by
 * GC) only when that pause time is a meaningful share of its latency: at least
 * {@value #SHARE_WORDS} of its latency above the run's median (what made it slow), and at least
 * {@value #SHARE_WORDS} of a typical request's (the median, or its own latency if shorter). A
 * request that waited 3 s in a queue is not "in a GC pause" for the 5 ms pause that fell while it
 * waited: the queue made it slow, and a run whose requests queue would otherwise read as GC-bound.
 */
public final class PauseAttribution {
  /** The rule's share in words. */
  static final String SHARE_WORDS = "a quarter";
  /** The pause time inside a request, times this, must reach its latency above the median. */
  static final int SHARE_DENOMINATOR = 4;

  /** The pauses merged into disjoint spans in time order: starts, ends and the running sum of lengths. */
  private final long[] starts;
  private final long[] ends;
  private final long[] before;
  /** The pauses as logged (one may touch the next: a young GC that ends in a Full GC). */
  private final List<PauseSpan> logged;

  private PauseAttribution(List<PauseSpan> pauses) {
    logged = List.copyOf(pauses);
    PauseSpan[] sorted = pauses.toArray(new PauseSpan[0]);
    Arrays.sort(sorted, (a, b) -> Long.compare(a.startEpochMicros(), b.startEpochMicros()));
    long[] s = new long[sorted.length];
    long[] e = new long[sorted.length];
    int n = 0;
    for (PauseSpan p : sorted) {
      // stamps are milliseconds: two pauses may touch or overlap by rounding; time is counted once
      if (n > 0 && p.startEpochMicros() <= e[n - 1]) {
        e[n - 1] = Math.max(e[n - 1], p.endEpochMicros());
      } else {
        s[n] = p.startEpochMicros();
        e[n] = p.endEpochMicros();
        n++;
      }
    }
    starts = Arrays.copyOf(s, n);
    ends = Arrays.copyOf(e, n);
    before = new long[n + 1];
    for (int i = 0; i < n; i++) {
      before[i + 1] = before[i] + ends[i] - starts[i];
    }
  }

  /**
   * @param requests the run's requests
   * @param pauses the target's pauses (any order; only those during the requests count)
   * @param slowThresholdMs requests slower than this are slow (the run's p99)
   * @param medianMs the run's median latency: a request is in a pause when the pause time inside it
   *     is at least a quarter of its latency above this and a quarter of this (of its latency, if shorter)
   */
  public static GcAttribution of(RequestSpans requests, List<PauseSpan> pauses, double slowThresholdMs,
      double medianMs) {
    return new PauseAttribution(pauses).attribute(requests, slowThresholdMs, medianMs);
  }

  /**
   * A load run's measured requests (kept by the run) against the pauses of the target's GC log,
   * slow meaning above the run's p99 (rounded figures); null when the run kept no requests or
   * some pause has no wall-clock stamp (a log without the {@code time} decorator). A request is in
   * a pause by the rule above, against the run's p50.
   */
  public static GcAttribution ofRun(LoadResult load, List<GcPause> pauses) {
    if (load.requestSpans() == null || load.requestSpans().size() == 0 || PauseSpan.anyWithoutWallClock(pauses)) {
      return null;
    }
    return of(load.requestSpans(), PauseSpan.of(pauses), load.latencyMs().p99(), load.latencyMs().p50()).rounded();
  }

  private GcAttribution attribute(RequestSpans r, double slowThresholdMs, double medianMs) {
    int n = r.size();
    long thresholdMicros = (long) Math.floor(slowThresholdMs * 1000);
    long medianMicros = (long) Math.floor(medianMs * 1000);
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    int slow = 0;
    int slowInPause = 0;
    int allInPause = 0;
    long slowPause = 0;
    long slowLatency = 0;
    for (int i = 0; i < n; i++) {
      long a = r.startEpochMicros(i);
      long b = r.endEpochMicros(i);
      from = Math.min(from, a);
      to = Math.max(to, b);
      long inside = pauseWithin(a, b);
      long latency = r.latencyMicros(i);
      boolean heldUp = inside > 0
          && SHARE_DENOMINATOR * inside >= Math.max(latency - medianMicros, Math.min(latency, medianMicros));
      if (heldUp) {
        allInPause++;
      }
      if (r.latencyMicros(i) > thresholdMicros) {
        slow++;
        slowLatency += r.latencyMicros(i);
        slowPause += inside;
        if (heldUp) {
          slowInPause++;
        }
      }
    }
    long slowUnion = slowUnionInPause(r, thresholdMicros, slow);
    int pauseCount = 0;
    long pauseTotal = 0;
    if (n > 0) {
      for (PauseSpan p : logged) {
        if (p.endEpochMicros() > from && p.startEpochMicros() < to) {
          pauseCount++;
        }
      }
      pauseTotal = pauseWithin(from, to);
    }
    return new GcAttribution(n, r.stride(), slowThresholdMs, slow, slowInPause, share(slowInPause, slow),
        allInPause, share(allInPause, n), slowUnion / 1000.0, slow == 0 ? null : slowPause / 1000.0 / slow,
        slowLatency == 0 ? null : (double) slowPause / slowLatency, pauseCount, pauseTotal / 1000.0);
  }

  /** Pause time inside the union of the slow requests: each pause microsecond once. */
  private long slowUnionInPause(RequestSpans r, long thresholdMicros, int slow) {
    long[][] spans = new long[slow][];
    int k = 0;
    for (int i = 0; i < r.size(); i++) {
      if (r.latencyMicros(i) > thresholdMicros) {
        spans[k++] = new long[] {r.startEpochMicros(i), r.endEpochMicros(i)};
      }
    }
    Arrays.sort(spans, (x, y) -> Long.compare(x[0], y[0]));
    long total = 0;
    int i = 0;
    while (i < spans.length) {
      long a = spans[i][0];
      long b = spans[i][1];
      i++;
      while (i < spans.length && spans[i][0] <= b) {
        b = Math.max(b, spans[i][1]);
        i++;
      }
      total += pauseWithin(a, b);
    }
    return total;
  }

  /** Pause time between {@code a} and {@code b}. */
  long pauseWithin(long a, long b) {
    if (b <= a || starts.length == 0) {
      return 0;
    }
    int first = firstEndingAfter(a);
    int last = lastStartingBefore(b);
    if (first > last) {
      return 0;
    }
    long sum = before[last + 1] - before[first];
    sum -= Math.max(0, a - starts[first]);
    sum -= Math.max(0, ends[last] - b);
    return Math.max(0, sum);
  }

  private int firstEndingAfter(long t) {
    int lo = 0;
    int hi = ends.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ends[mid] > t) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  private int lastStartingBefore(long t) {
    int lo = 0;
    int hi = starts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (starts[mid] < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo - 1;
  }

  private static Double share(int part, int whole) {
    return whole == 0 ? null : (double) part / whole;
  }
}
