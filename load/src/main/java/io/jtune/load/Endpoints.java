package io.jtune.load;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;

/** The endpoints of a run: their names, and their figures gathered from the event loops once they have ended. */
final class Endpoints {
  private Endpoints() {}

  /** One endpoint per target: {@code METHOD PATH?QUERY} as given (templates written {@code ${...}}). */
  static List<String> names(List<RequestTemplate> targets) {
    List<String> out = new ArrayList<>();
    for (RequestTemplate t : targets) {
      URI u = t.url();
      String path = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
          + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
      out.add(t.method() + " " + Templates.fromUri(path));
    }
    return out;
  }

  /**
   * Each endpoint's measured figures over all loops (read after they ended); endpoints that saw
   * no measured request left out; most requests first when {@code byRequests}, else in order. The
   * throughput is, with {@code served}, the responses the endpoint gave within the window (the open
   * model's, as {@link LoadResult#throughputRps()}), else its measured requests', per second.
   */
  static List<EndpointResult> merge(List<String> names, List<LoadWorker> workers, double measuredSeconds,
      boolean byRequests, boolean served) {
    List<EndpointResult> out = new ArrayList<>();
    int m = RunControl.MEASURED;
    for (int g = 0; g < names.size(); g++) {
      Histogram latency = null;
      long successes = 0;
      long errors = 0;
      long inWindow = 0;
      for (LoadWorker w : workers) {
        Histogram h = w.groupLatency[m][g];
        if (latency == null) {
          latency = new Histogram(h.getHighestTrackableValue(), 2);
        }
        latency.add(h);
        successes += w.groupSuccesses[m][g];
        errors += w.groupErrors[m][g];
        inWindow += w.groupServedInWindow[g];
      }
      long requests = latency == null ? 0 : latency.getTotalCount();
      if (requests == 0 && errors == 0) {
        continue;
      }
      out.add(new EndpointResult(names.get(g), requests, successes, errors,
          measuredSeconds > 0 ? (served ? inWindow : requests) / measuredSeconds : 0, LatencySummary.of(latency)));
    }
    if (byRequests) {
      out.sort(Comparator.comparingLong(EndpointResult::requests).reversed());
    }
    return out;
  }
}
