package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The knee, the formulas and the USL fit on steps made up by arithmetic. */
class CapacityAnalysisTest {
  private static CapacitySweep sweep(List<Integer> levels, double cpuMs, int cores) {
    LoadPlan base = LoadPlan.closed(List.of(LoadTarget.get("http://127.0.0.1:9/")), 1, Duration.ofSeconds(1));
    return new CapacitySweep(base, levels, Duration.ofSeconds(1), Duration.ZERO, 0, cpuMs, cores);
  }

  /** An ideal CPU + IO service: X = min(N / RT0, cores / CPU), RT = N / X. */
  private static List<CapacityStep> idealSteps(List<Integer> levels, double cpuMs, double ioMs, int cores) {
    List<CapacityStep> steps = new ArrayList<>();
    for (int n : levels) {
      double x = Math.min(n * 1000 / (cpuMs + ioMs), cores * 1000 / cpuMs);
      steps.add(new CapacityStep(n, x, n * 1000 / x, 2 * n * 1000 / x, (long) x * 10, 0, Double.NaN, Double.NaN));
    }
    return steps;
  }

  @Test
  void cpu10Io80OnTwoCores() {
    List<Integer> levels = List.of(1, 2, 4, 8, 12, 16, 18, 20, 24, 32, 64);
    CapacityResult r = CapacityResult.analyze(sweep(levels, 10, 2), idealSteps(levels, 10, 80, 2));

    // optimal threads ((80 + 10) / 10) x 2 = 18; max QPS 2 x 1000 / 10 = 200
    assertThat(r.formula().optimalThreads()).isCloseTo(18.0, within(1e-9));
    assertThat(r.formula().maxThroughputRps()).isCloseTo(200.0, within(1e-9));
    assertThat(r.maxThroughputRps()).isCloseTo(200.0, within(1e-9));
    // 95 % of 200 = 190 QPS needs 190 x 90 ms / 1000 = 17.1 users: the first level at or above is 18
    assertThat(r.knee().concurrency()).isEqualTo(18);
    // beyond the optimum RT = (N / N_opt) x RT_opt: 64 users -> 64 / 18 x 90 ms = 320 ms
    assertThat(r.formula().predictedRtMs(64)).isCloseTo(320.0, within(1e-9));
    assertThat(r.formula().predictedRtMs(8)).isCloseTo(90.0, within(1e-9));
    for (CapacityStep s : r.steps()) {
      assertThat(s.littleError()).isCloseTo(0.0, within(1e-9));
    }
  }

  @Test
  void saturationIsWhereTheOneUserLineMeetsThePlateau() {
    List<Integer> levels = List.of(1, 2, 4, 8, 16, 32, 64);
    CapacityResult r = CapacityResult.analyze(sweep(levels, 10, 2), idealSteps(levels, 10, 80, 2));
    // highest QPS 200 x RT 90 ms at one user = 18 users, the formula's optimal threads
    assertThat(r.saturationConcurrency()).isCloseTo(18.0, within(1e-9));
    assertThat(r.knee().concurrency()).isEqualTo(32);
  }

  /** Steps whose target spends {@code baseCores} of CPU whatever the load plus {@code cpuMs} per request. */
  private static List<CapacityStep> stepsWithCpu(double cpuMs, double ioMs, int cores, double baseCores) {
    List<CapacityStep> steps = new ArrayList<>();
    for (int n : List.of(1, 2, 4, 8, 16, 32)) {
      double x = Math.min(n * 1000 / (cpuMs + ioMs), (cores - baseCores) * 1000 / cpuMs);
      double cpuPercent = 100 * baseCores + x * cpuMs / 10;
      steps.add(new CapacityStep(n, x, n * 1000 / x, 2 * n * 1000 / x, (long) (x * 10), 0, cpuPercent,
          cpuPercent * 10 / x));
    }
    return steps;
  }

  @Test
  void measuredCpuPerRequestIsTheSlopeNotTheAverage() {
    // 0.2 cores busy whatever the load (JIT, GC, pollers) + 10 ms per request
    List<CapacityStep> steps = stepsWithCpu(10, 80, 2, 0.2);
    CapacityResult r = CapacityResult.analyze(sweep(List.of(1, 2, 4, 8, 16, 32), Double.NaN, 2), steps);
    assertThat(CapacityResult.marginalCpuMs(steps)).isCloseTo(10.0, within(1e-9));
    assertThat(CapacityResult.averageCpuMs(steps)).isGreaterThan(11.0);
    assertThat(r.formula().cpuMs()).isCloseTo(10.0, within(1e-9));
    assertThat(r.formula().optimalThreads()).isCloseTo(18.0, within(1e-9));
    StringWriter text = new StringWriter();
    r.writeText(new PrintWriter(text));
    assertThat(text.toString()).contains("CPU 10.00 ms/request (measured: slope of the target's CPU against QPS;")
        .contains("saturation: concurrency 16.2 = highest QPS 180.0 x RT 90.00 ms at concurrency 1");
  }

  @Test
  void tooFewCpuStepsFallBackToTheAverage() {
    List<CapacityStep> steps = stepsWithCpu(10, 80, 2, 0.2).subList(0, 2);
    assertThat(CapacityResult.marginalCpuMs(steps)).isNaN();
    CapacityResult r = CapacityResult.analyze(sweep(List.of(1, 2), Double.NaN, 2), steps);
    assertThat(r.formula().cpuMs()).isCloseTo(CapacityResult.averageCpuMs(steps), within(1e-9));
  }

  @Test
  void halvingCpuDoublesMaxThroughputHalvingIoDoesNot() {
    List<Integer> levels = CapacitySweep.doublingLevels(128);
    double base = CapacityResult.analyze(sweep(levels, 10, 2), idealSteps(levels, 10, 80, 2)).maxThroughputRps();
    double halfCpu = CapacityResult.analyze(sweep(levels, 5, 2), idealSteps(levels, 5, 80, 2)).maxThroughputRps();
    double halfIo = CapacityResult.analyze(sweep(levels, 10, 2), idealSteps(levels, 10, 40, 2)).maxThroughputRps();
    assertThat(halfCpu / base).isCloseTo(2.0, within(1e-9));
    assertThat(halfIo / base).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void doublingLevelsEndAtTheMaximum() {
    assertThat(CapacitySweep.doublingLevels(64)).containsExactly(1, 2, 4, 8, 16, 32, 64);
    assertThat(CapacitySweep.doublingLevels(48)).containsExactly(1, 2, 4, 8, 16, 32, 48);
    assertThat(CapacitySweep.doublingLevels(1)).containsExactly(1);
  }

  @Test
  void uslFitRecoversTheCoefficientsOfExactUslData() {
    double lambda = 120;
    double sigma = 0.05;
    double kappa = 0.002;
    List<double[]> points = new ArrayList<>();
    for (int n : List.of(1, 2, 4, 8, 16, 32, 64)) {
      points.add(new double[] {n, lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1))});
    }
    UslFit fit = UslFit.fit(points);
    assertThat(fit.lambda()).isCloseTo(lambda, within(1e-6));
    assertThat(fit.sigma()).isCloseTo(sigma, within(1e-9));
    assertThat(fit.kappa()).isCloseTo(kappa, within(1e-9));
    assertThat(fit.peakConcurrency()).isCloseTo(Math.sqrt((1 - sigma) / kappa), within(1e-6));
    assertThat(fit.rSquared()).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void procStatCpuIsUserPlusSystemTicks() {
    // fields 14 and 15 (utime 250, stime 50 ticks of 10 ms); the name holds spaces and ')'
    String line = "4242 (java (lab) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 30 0 1000 0 0";
    assertThat(ProcessCpu.parseCpuNanos(line)).isEqualTo(3_000_000_000L);
    long self = ProcessHandle.current().pid();
    assertThat(new ProcessCpu(self).cpuNanos()).isPositive();
  }
}
