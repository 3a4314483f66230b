package io.jtune.experiment.report;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A candidate's difference from the baseline in one metric: the difference of the means with
 * its 95 % confidence interval (Welch's t interval, which does not assume equal variances),
 * also as a percentage of the baseline mean. The percentage interval divides the difference's
 * interval by the baseline mean (its own uncertainty is not propagated).
 *
 * @param diff candidate mean - baseline mean
 * @param low lower bound of the 95 % interval of {@code diff}; NaN with fewer than two runs a side
 * @param high upper bound
 * @param pct {@code diff} in percent of the baseline mean; NaN when the baseline mean is 0
 * @param pctLow {@code low} in percent of the baseline mean
 * @param pctHigh {@code high} in percent of the baseline mean
 */
public record Delta(double diff, double low, double high, double pct, double pctLow, double pctHigh) {
  /** Confidence level of the intervals. */
  public static final double LEVEL = 0.95;

  public static Delta of(Summary candidate, Summary baseline) {
    double diff = candidate.mean() - baseline.mean();
    double low = Double.NaN;
    double high = Double.NaN;
    int nc = candidate.n();
    int nb = baseline.n();
    if (nc >= 2 && nb >= 2) {
      double vc = candidate.sd() * candidate.sd() / nc;
      double vb = baseline.sd() * baseline.sd() / nb;
      double se = Math.sqrt(vc + vb);
      if (se == 0) {
        low = diff;
        high = diff;
      } else {
        double df = (vc + vb) * (vc + vb) / (vc * vc / (nc - 1) + vb * vb / (nb - 1));
        double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
        low = diff - t * se;
        high = diff + t * se;
      }
    }
    double b = baseline.mean();
    boolean pctOk = b != 0 && !Double.isNaN(b);
    return new Delta(diff, low, high, pctOk ? 100 * diff / b : Double.NaN,
        pctOk ? 100 * low / b : Double.NaN, pctOk ? 100 * high / b : Double.NaN);
  }

  /** Whether the interval is known (at least two runs on each side). */
  public boolean hasInterval() {
    return !Double.isNaN(low);
  }

  /** Whether the 95 % interval excludes zero: a significant difference. */
  public boolean significant() {
    return hasInterval() && (low > 0 || high < 0) ;
  }
}
