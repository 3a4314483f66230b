package io.jtune.gc.facts;

/**
 * What the user asked of an analysis.
 *
 * @param windowS window of the GC-per-window table in seconds (default 60)
 * @param pauseTargetMs young pauses above this are findings (default 50 ms, a common young-pause goal for
 *     latency-sensitive services)
 * @param qps requests per second the service handled while logging, or NaN (memory per request)
 * @param flags JVM flags given by the user (added to / overriding the log's own), or null
 * @param keepEvents keep every pause for the `events` list
 */
public record AnalysisOptions(double windowS, double pauseTargetMs, double qps, String flags, boolean keepEvents) {
  public static final AnalysisOptions DEFAULTS = new AnalysisOptions(60, 50, Double.NaN, null, false);

  public AnalysisOptions {
    if (!(windowS > 0)) {
      throw new IllegalArgumentException("window must be positive");
    }
    if (!(pauseTargetMs > 0)) {
      throw new IllegalArgumentException("pause target must be positive");
    }
  }
}
