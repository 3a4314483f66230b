package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Metric;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service level objective stated explicitly: {@code p99<=50ms,errors<=0.1%} (a latency
 * percentile of p50, p95, p99 or p999 in ms or s, the share of requests that failed, or both).
 * A configuration meets it when its mean over its runs does; it misses it for good (and the
 * search drops it) when the 95 % interval of that mean lies wholly beyond the bound. Under an
 * open-model load a configuration must also sustain the offered rate (serve at least
 * {@value #SUSTAINED_PCT} % of it): latencies of one that does not are a queue.
 *
 * @param latency the percentile bounded, or null for none
 * @param latencyMs its bound in milliseconds (NaN for none)
 * @param errorsPct the most failed requests in percent of all (NaN for none)
 * @param text as written
 */
public record Slo(Metric latency, double latencyMs, double errorsPct, String text) {
  /** The share of an open model's offered rate a configuration must serve to count as sustaining it. */
  public static final int SUSTAINED_PCT = 95;

  private static final Pattern LATENCY = Pattern.compile("(p50|p95|p99|p999)<=([0-9]+(?:\\.[0-9]+)?)(ms|s)");
  private static final Pattern ERRORS = Pattern.compile("errors<=([0-9]+(?:\\.[0-9]+)?)%");
  private static final String EXAMPLE = " (e.g. 'p99<=50ms,errors<=0.1%')";

  /** Parses the option's text; a {@link JtuneException} of one line when it is not an SLO. */
  public static Slo parse(String text) {
    Metric latency = null;
    double ms = Double.NaN;
    double errors = Double.NaN;
    if (text.isBlank()) {
      throw new JtuneException("--slo is empty: give a latency bound, an error bound or both" + EXAMPLE);
    }
    for (String part : text.split(",", -1)) {
      String p = part.replace(" ", "").toLowerCase(Locale.ROOT);
      Matcher l = LATENCY.matcher(p);
      Matcher e = ERRORS.matcher(p);
      if (l.matches()) {
        if (latency != null) {
          throw new JtuneException("--slo '" + text + "': one latency bound only");
        }
        latency = Metric.byKey(l.group(1)).orElseThrow();
        ms = Double.parseDouble(l.group(2)) * (l.group(3).equals("s") ? 1000 : 1);
        if (!(ms > 0)) {
          throw new JtuneException("--slo '" + text + "': the latency bound must be above 0");
        }
      } else if (e.matches()) {
        if (!Double.isNaN(errors)) {
          throw new JtuneException("--slo '" + text + "': one error bound only");
        }
        errors = Double.parseDouble(e.group(1));
        if (errors > 100) {
          throw new JtuneException("--slo '" + text + "': the error bound is a share of requests, at most 100%");
        }
      } else {
        throw new JtuneException("--slo '" + text + "': '" + part.trim() + "' is not a bound: pNN<=TIME (p50, p95,"
            + " p99, p999; ms or s) or errors<=PCT%" + EXAMPLE);
      }
    }
    return new Slo(latency, ms, errors, text.replace(" ", ""));
  }

  /** Whether mean values meet the SLO: the latency and error share at most their bounds. */
  public boolean met(double latencyMeanMs, double errorsMeanPct) {
    boolean lat = latency == null || latencyMeanMs <= latencyMs;
    boolean err = Double.isNaN(errorsPct) || errorsMeanPct <= errorsPct;
    return lat && err;
  }
}
