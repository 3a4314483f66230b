package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SequentialDesignTest {
  @Test
  void theLooksSpendTheFivePercentOnceEarlyLooksStrictest() {
    for (int k = 4; k <= 20; k++) {
      SequentialDesign d = new SequentialDesign(k, true);
      double spent = 0;
      double previous = 1;
      for (int n = SequentialDesign.firstLook(); n <= k; n++) {
        double level = d.level(n);
        assertThat(level).as("look %d of %d", n, k).isGreaterThan(Delta.LEVEL).isLessThan(1);
        assertThat(level).as("a later look is no stricter than an earlier").isLessThanOrEqualTo(previous);
        previous = level;
        spent += 1 - level;
      }
      assertThat(spent).as("error spent over %d rounds", k).isCloseTo(SequentialDesign.ALPHA, within(1e-12));
    }
  }

  @Test
  void fiveRoundsLookAtRoundsThreeFourAndFive() {
    SequentialDesign d = new SequentialDesign(5, true);
    // O'Brien-Fleming-type spending: alpha(0.6) = 1.14 %, alpha(0.8) = 2.85 %, alpha(1) = 5 %
    assertThat(d.level(3)).isCloseTo(1 - 0.01141, within(1e-4));
    assertThat(d.level(4)).isCloseTo(1 - (0.02846 - 0.01141), within(1e-4));
    assertThat(d.level(5)).isCloseTo(1 - (0.05 - 0.02846), within(1e-4));
    assertThat(d.level(2)).as("before the first look: the first look's").isEqualTo(d.level(3));
    assertThat(d.describe()).contains("rounds 3, 4, 5").contains("98.9 %");
  }

  @Test
  void threeRoundsOrTheFixedDesignLookOnceAtNinetyFivePercent() {
    assertThat(new SequentialDesign(3, true).level(3)).isEqualTo(Delta.LEVEL);
    assertThat(new SequentialDesign(3, true).hasInterimLooks()).isFalse();
    assertThat(new SequentialDesign(8, false).level(3)).isEqualTo(Delta.LEVEL);
    assertThat(new SequentialDesign(8, false).level(8)).isEqualTo(Delta.LEVEL);
  }
}
