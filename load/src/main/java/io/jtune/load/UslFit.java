package io.jtune.load;

import java.util.List;

/**
 * Gunther's Universal Scalability Law fitted to measured (concurrency, throughput) points:
 * X(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1)). sigma is contention (serial share),
 * kappa coherency (crosstalk); a diagnostic, not a prediction for io-bound services.
 *
 * @param lambda throughput of one user, requests/s
 * @param sigma contention coefficient, 0 when none
 * @param kappa coherency coefficient, 0 when none
 * @param peakConcurrency concurrency of the fitted maximum, sqrt((1 - sigma) / kappa); infinite when kappa is 0
 * @param rSquared share of the throughput variance the fit explains
 */
public record UslFit(double lambda, double sigma, double kappa, double peakConcurrency, double rSquared) {

  /** The fitted throughput at concurrency n. */
  public double throughputAt(double n) {
    return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
  }

  /**
   * Least-squares fit of N / X = a + b (N - 1) + c N (N - 1), the USL's linear form with
   * a = 1/lambda, b = sigma/lambda, c = kappa/lambda; coefficients that come out negative are
   * fixed at 0 and the rest refitted. Needs at least three points with throughput above 0.
   */
  public static UslFit fit(List<double[]> concurrencyAndThroughput) {
    List<double[]> points = concurrencyAndThroughput.stream().filter(p -> p[1] > 0).toList();
    if (points.size() < 3) {
      return null;
    }
    boolean useB = true;
    boolean useC = true;
    double[] coefficients = null;
    for (int attempt = 0; attempt < 4; attempt++) {
      coefficients = leastSquares(points, useB, useC);
      if (coefficients == null) {
        return null;
      }
      boolean changed = false;
      if (useB && coefficients[1] < 0) {
        useB = false;
        changed = true;
      }
      if (useC && coefficients[2] < 0) {
        useC = false;
        changed = true;
      }
      if (!changed) {
        break;
      }
    }
    double a = coefficients[0];
    if (!(a > 0)) {
      return null;
    }
    double lambda = 1 / a;
    double sigma = coefficients[1] * lambda;
    double kappa = coefficients[2] * lambda;
    double peak = kappa > 0 ? Math.sqrt(Math.max(0, 1 - sigma) / kappa) : Double.POSITIVE_INFINITY;
    UslFit partial = new UslFit(lambda, sigma, kappa, peak, 0);
    double mean = points.stream().mapToDouble(p -> p[1]).average().orElse(0);
    double total = 0;
    double residual = 0;
    for (double[] p : points) {
      total += (p[1] - mean) * (p[1] - mean);
      double e = p[1] - partial.throughputAt(p[0]);
      residual += e * e;
    }
    double r2 = total > 0 ? 1 - residual / total : 1;
    return new UslFit(lambda, sigma, kappa, peak, r2);
  }

  private static double[] leastSquares(List<double[]> points, boolean useB, boolean useC) {
    // normal equations for y = a + b x1 + c x2, solved by Cramer's rule on the used columns
    double[][] m = new double[3][3];
    double[] v = new double[3];
    for (double[] p : points) {
      double n = p[0];
      double[] row = {1, useB ? n - 1 : 0, useC ? n * (n - 1) : 0};
      double y = n / p[1];
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          m[i][j] += row[i] * row[j];
        }
        v[i] += row[i] * y;
      }
    }
    if (!useB) {
      m[1][1] = 1;
    }
    if (!useC) {
      m[2][2] = 1;
    }
    double det = det3(m);
    if (Math.abs(det) < 1e-300) {
      return null;
    }
    double[] result = new double[3];
    for (int k = 0; k < 3; k++) {
      double[][] mk = new double[3][3];
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          mk[i][j] = j == k ? v[i] : m[i][j];
        }
      }
      result[k] = det3(mk) / det;
    }
    return result;
  }

  private static double det3(double[][] m) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  }
}
