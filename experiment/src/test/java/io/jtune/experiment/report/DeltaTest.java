package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DeltaTest {
  private static List<Double> sample(SplittableRandom rnd, int n, double mean, double sd) {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // Box-Muller
      double u = 1 - rnd.nextDouble();
      double v = rnd.nextDouble();
      out.add(mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
    }
    return out;
  }

  @Test
  void welchIntervalCoversTheTrueDifferenceAboutNinetyFivePercentOfTheTime() {
    SplittableRandom rnd = new SplittableRandom(42);
    int trials = 4000;
    int covered = 0;
    for (int t = 0; t < trials; t++) {
      Summary base = Summary.of(sample(rnd, 3, 100, 10));
      Summary cand = Summary.of(sample(rnd, 3, 80, 4));
      Delta d = Delta.of(cand, base);
      if (d.low() <= -20 && -20 <= d.high()) {
        covered++;
      }
    }
    // Welch's interval is close to nominal (slightly conservative) even with 3 runs a side
    assertThat(covered / (double) trials).isBetween(0.93, 0.985);
  }

  @Test
  void identicalDistributionsAreRarelySignificant() {
    SplittableRandom rnd = new SplittableRandom(7);
    int significant = 0;
    for (int t = 0; t < 2000; t++) {
      Delta d = Delta.of(Summary.of(sample(rnd, 3, 50, 5)), Summary.of(sample(rnd, 3, 50, 5)));
      if (d.significant()) {
        significant++;
      }
    }
    assertThat(significant / 2000.0).isLessThan(0.07);
  }

  @Test
  void positiveMetricsCompareOnTheLogScaleAndTheIntervalCoversTheTrueRatio() {
    SplittableRandom rnd = new SplittableRandom(11);
    int trials = 4000;
    int covered = 0;
    for (int t = 0; t < trials; t++) {
      // lognormal p99s: the candidate's median is 0.1x the baseline's (a 90 % cut)
      List<Double> b = sample(rnd, 3, Math.log(200), 0.4).stream().map(Math::exp).toList();
      List<Double> c = sample(rnd, 3, Math.log(20), 0.7).stream().map(Math::exp).toList();
      Delta d = Delta.of(Summary.of(c), Summary.of(b));
      assertThat(d.logScale()).isTrue();
      if (d.pctLow() <= -90 && -90 <= d.pctHigh()) {
        covered++;
      }
    }
    assertThat(covered / (double) trials).isBetween(0.93, 0.985);
  }

  @Test
  void percentagesAreOfTheBaselineMeanWhenAValueIsZeroAndNeedTwoRunsASide() {
    Delta d = Delta.of(Summary.of(List.of(0.0, 1.0, 2.0)), Summary.of(List.of(3.0, 4.0, 5.0)));
    assertThat(d.logScale()).isFalse();
    assertThat(d.diff()).isEqualTo(-3.0);
    assertThat(d.pct()).isEqualTo(-75.0);
    assertThat(d.pctLow()).isEqualTo(100 * d.low() / 4);
    assertThat(d.significant()).isTrue();
    assertThat(d.significantlyBetter(true)).isTrue();
    assertThat(d.significantlyBetter(false)).isFalse();
    Delta ratio = Delta.of(Summary.of(List.of(10.0, 10.0)), Summary.of(List.of(20.0, 20.0)));
    assertThat(ratio.logScale()).isTrue();
    assertThat(ratio.pct()).isCloseTo(-50.0, org.assertj.core.data.Offset.offset(1e-9));
    Delta one = Delta.of(Summary.of(List.of(45.0)), Summary.of(List.of(90.0, 100.0)));
    assertThat(one.hasInterval()).isFalse();
    assertThat(one.significant()).isFalse();
    Delta zeroBase = Delta.of(Summary.of(List.of(1.0, 2.0)), Summary.of(List.of(0.0, 0.0)));
    assertThat(zeroBase.pct()).isNaN();
    Delta constant = Delta.of(Summary.of(List.of(0.0, 0.0, 0.0)), Summary.of(List.of(2.0, 2.0, 2.0)));
    assertThat(constant.low()).isEqualTo(-2.0);
    assertThat(constant.significant()).isTrue();
  }

  @Test
  void aCountGoingToZeroIsMinus100PercentAndItsIntervalNeverGoesBelow() {
    // Full GCs 2, 5, 3 -> none: Welch's interval alone would reach -213 %
    Delta d = Delta.of(Summary.of(List.of(0.0, 0.0, 0.0)), Summary.of(List.of(2.0, 5.0, 3.0)));
    assertThat(d.pct()).isEqualTo(-100.0);
    assertThat(d.pctLow()).isEqualTo(-100.0);
    assertThat(d.pctHigh()).isGreaterThan(-100.0); // the interval reaches past zero: three runs that vary
    assertThat(d.low()).isGreaterThanOrEqualTo(-10.0 / 3);
    assertThat(ExperimentText.change(d)).startsWith("-100% [-100%, ");
    // and no interval of a positive metric on the log scale goes below -100 % either
    Delta lg = Delta.of(Summary.of(List.of(1.0, 40.0, 2.0)), Summary.of(List.of(200.0, 150.0, 260.0)));
    assertThat(lg.pctLow()).isGreaterThan(-100.0);
  }

  @Test
  void theSameValuesOnBothSidesAreEqualNotAChange() {
    for (double x : new double[] {0, 3}) {
      Delta d = Delta.of(Summary.of(List.of(x, x, x)), Summary.of(List.of(x, x, x)));
      assertThat(d.status()).isEqualTo(Delta.Status.EQUAL);
      assertThat(d.significant()).isFalse();
      assertThat(ExperimentText.change(d)).isEqualTo("=");
    }
    // fewer runs make no difference to values that are the same
    assertThat(ExperimentText.change(Delta.of(Summary.of(List.of(0.0)), Summary.of(List.of(0.0, 0.0))))).isEqualTo("=");
  }

  @Test
  void aMetricWithNoValueOnASideIsNotApplicable() {
    // no young GC in the candidate's runs: no young pause to compare
    Delta d = Delta.of(Summary.of(List.of()), Summary.of(List.of(6.26, 5.8, 6.7)));
    assertThat(d.status()).isEqualTo(Delta.Status.NOT_APPLICABLE);
    assertThat(d.significant()).isFalse();
    assertThat(ExperimentText.change(d)).isEqualTo("n/a");
    assertThat(ExperimentText.change(Delta.of(Summary.of(List.of()), Summary.of(List.of())))).isEqualTo("n/a");
    assertThat(ExperimentText.change(null)).isEqualTo("n/a");
  }

  @Test
  void tooFewRunsForAnIntervalAreInconclusiveNotAHugeInterval() {
    // two runs a side: Welch's interval on the log scale spanned "+87 % [-100 %, +311967523312 %]"
    Delta d = Delta.of(Summary.of(List.of(95.0, 240.0)), Summary.of(List.of(40.0, 140.0)));
    assertThat(d.hasInterval()).isFalse();
    assertThat(d.significant()).isFalse();
    assertThat(d.status()).isEqualTo(Delta.Status.TOO_FEW_RUNS);
    assertThat(d.n()).isEqualTo(2);
    assertThat(d.pct()).isCloseTo(100 * (Math.sqrt(95 * 240.0 / (40 * 140.0)) - 1), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(ExperimentText.change(d)).isEqualTo("inconclusive (n=2)");
  }

  @Test
  void summaryHasTheSampleStandardDeviation() {
    Summary s = Summary.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));
    assertThat(s.mean()).isEqualTo(5.0);
    assertThat(s.sd()).isCloseTo(Math.sqrt(32.0 / 7), org.assertj.core.data.Offset.offset(1e-12));
  }
}
