package io.jtune.load;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/** The human-readable report of a {@link LoadResult}. */
public final class LoadResultText {
  private LoadResultText() {}

  /** Writes the report: summary, latency table, errors, timeline. */
  public static void write(LoadResult r, PrintWriter out) {
    LoadPlan plan = r.plan();
    if (plan.model() == LoadModel.OPEN) {
      out.printf(Locale.US, "open model: %s req/s on a fixed schedule over %d connections, %s measured%s%n",
          number(plan.rateRps()), plan.connections(), seconds(r.measuredSeconds()), warmup(plan));
    } else {
      out.printf(Locale.US, "closed model: %d concurrent connections, %s measured%s%n",
          plan.connections(), seconds(r.measuredSeconds()), warmup(plan));
    }
    Replay replay = plan.replay();
    if (replay != null) {
      out.printf(Locale.US, "  %s, to %s%n", replay.describe(), plan.targets().get(0).urlText());
      for (String note : new String[] {replay.log().notUnderstoodText(), replay.log().bodilessText()}) {
        if (note != null) {
          out.println("  note: " + note);
        }
      }
    } else {
      for (RequestTemplate t : plan.targets()) {
        out.printf(Locale.US, "  %s %s%s%n", t.method(), t.urlText(),
            plan.targets().size() > 1 ? "  (weight " + t.weight() + ")" : "");
      }
    }
    if (plan.users().cookies()) {
      out.printf(Locale.US, "users        %s%n", plan.users().describe(r.users()));
    }
    out.printf(Locale.US, "requests     %,d completed, %,d succeeded%n", r.requests(), r.successes());
    if (plan.model() == LoadModel.OPEN && plan.replay() == null) {
      out.printf(Locale.US, "throughput   %s req/s served in the measured time (%,d responses), of %s offered%n",
          number(r.throughputRps()), r.servedResponses(), number(plan.rateRps()));
    } else {
      out.printf(Locale.US, "throughput   %s req/s%n", number(r.throughputRps()));
    }
    out.printf(Locale.US, "errors       %s%n", errors(r));
    out.printf(Locale.US, "latency ms   %9s %9s %9s %9s %9s %9s %9s %9s %9s%n",
        "p50", "p75", "p90", "p95", "p99", "p99.9", "p99.99", "max", "mean");
    if (plan.model() == LoadModel.OPEN) {
      latencyRow(out, "corrected", r.latencyMs());
      latencyRow(out, "uncorrected", r.uncorrectedLatencyMs());
      if (r.overloaded()) {
        out.printf(Locale.US, "note: overloaded: the service served %s of the %s req/s offered; the requests it could"
            + " not serve queued, and these latencies are a queue's (its capacity here is about %s req/s)%n",
            number(r.throughputRps()), number(plan.rateRps()), number(r.throughputRps()));
      }
      if (r.maxSendLagMs() > 1 && r.overloaded()) {
        // every connection was waiting on the overloaded service: more of them would only queue more
        out.printf(Locale.US, "note: requests waited up to %.1f ms for a free connection (counted in corrected"
            + " latency): the connections were held by the service's queue; more --concurrency would queue more,"
            + " not serve more%n", r.maxSendLagMs());
      } else if (r.maxSendLagMs() > 1) {
        out.printf(Locale.US, "note: requests waited up to %.1f ms for a free connection (counted in corrected"
            + " latency); more --concurrency may be needed%n", r.maxSendLagMs());
      }
    } else {
      latencyRow(out, "service", r.latencyMs());
      out.println("note: closed model: latency is service time and hides stalls (coordinated omission);"
          + " use --rate for latency from the intended send time");
    }
    if (!r.endpoints().isEmpty()) {
      endpoints(r, out);
    }
    if (!r.timeline().isEmpty()) {
      out.printf(Locale.US, "timeline     %8s %12s %10s %8s%n", "second", "req/s", "p99 ms", "errors");
      for (TimelinePoint p : r.timeline()) {
        out.printf(Locale.US, "             %8.1f %12s %10.2f %8d%n",
            p.second(), number(p.throughputRps()), p.p99Ms(), p.errors());
      }
    }
    out.flush();
  }

  /** The one-line progress shown while a run is going. */
  public static String progressLine(double elapsedSeconds, boolean warmup, TimelinePoint point) {
    if (warmup || point == null) {
      return String.format(Locale.US, "[%6.1fs] warming up", elapsedSeconds);
    }
    return String.format(Locale.US, "[%6.1fs] %12s req/s   p99 %9.2f ms   errors %d",
        elapsedSeconds, number(point.throughputRps()), point.p99Ms(), point.errors());
  }

  /** Errors as {@code 0} or {@code 12 (timeout 10, status5xx 2)}. */
  public static String errors(LoadResult r) {
    StringBuilder sb = new StringBuilder().append(String.format(Locale.US, "%,d", r.errorTotal()));
    String sep = " (";
    for (Map.Entry<ErrorKind, Long> e : r.errors().entrySet()) {
      if (e.getValue() > 0) {
        sb.append(sep).append(e.getKey().key()).append(' ').append(String.format(Locale.US, "%,d", e.getValue()));
        sep = ", ";
      }
    }
    return r.errorTotal() > 0 ? sb.append(')').toString() : sb.toString();
  }

  /** One row per endpoint: requests, throughput, errors and latency percentiles. */
  private static void endpoints(LoadResult r, PrintWriter out) {
    int width = Math.min(60, Math.max(8, r.endpoints().stream().mapToInt(e -> e.name().length()).max().orElse(8)));
    out.printf(Locale.US, "endpoints%n  %-" + width + "s %10s %10s %8s %9s %9s %9s %9s%n", "", "requests", "req/s",
        "errors", "p50 ms", "p99 ms", "p99.9 ms", "max ms");
    for (EndpointResult e : r.endpoints()) {
      String name = e.name().length() > width ? e.name().substring(0, width - 3) + "..." : e.name();
      LatencySummary l = e.latencyMs();
      out.printf(Locale.US, "  %-" + width + "s %10d %10s %8d %9.3f %9.3f %9.3f %9.3f%n", name, e.requests(),
          number(e.throughputRps()), e.errors(), l.p50(), l.p99(), l.p999(), l.max());
    }
  }

  private static void latencyRow(PrintWriter out, String label, LatencySummary s) {
    out.printf(Locale.US, "  %-10s %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f%n", label,
        s.p50(), s.p75(), s.p90(), s.p95(), s.p99(), s.p999(), s.p9999(), s.max(), s.mean());
  }

  private static String warmup(LoadPlan plan) {
    return plan.warmup().isZero() ? "" : " after " + DurationText.format(plan.warmup()) + " warmup";
  }

  private static String seconds(double s) {
    return String.format(Locale.US, "%.1f s", s);
  }

  private static String number(double v) {
    return String.format(Locale.US, "%,.1f", v);
  }
}
