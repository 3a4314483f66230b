package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunBudgetTest {
  private static final Duration START_STOP = Duration.ofSeconds(6);
  private static final RunBudget.Shape FULL = new RunBudget.Shape(2, 2, 3, Duration.ofSeconds(5),
      Duration.ofSeconds(20), Duration.ofSeconds(5), true);

  @Test
  void aShapeThatFitsIsKeptWhole() {
    RunBudget.Fit fit = RunBudget.fit(FULL, Duration.ofMinutes(20), START_STOP);
    assertThat(fit.shape()).isEqualTo(FULL);
    assertThat(fit.cuts()).isEmpty();
    // 18 runs of 31 s, 17 cooldowns, two checks (6 s + 3 s) and the baseline run (31 s)
    assertThat(fit.estimate()).isEqualTo(Duration.ofSeconds(18 * 31 + 17 + 2 * 9 + 31));
    assertThat(fit.estimate()).isLessThanOrEqualTo(Duration.ofMinutes(20));
  }

  @Test
  void theSecondLevelGoesFirstThenCandidatesThenWindowsThenARepetition() {
    RunBudget.Fit fit = RunBudget.fit(FULL, Duration.ofMinutes(8), START_STOP);
    assertThat(fit.shape().levels()).isEqualTo(1);
    assertThat(fit.cuts()).first().asString().contains("second load level");
    assertThat(fit.estimate()).isLessThanOrEqualTo(Duration.ofMinutes(8));

    RunBudget.Fit tight = RunBudget.fit(FULL, Duration.ofMinutes(3), START_STOP);
    RunBudget.Shape s = tight.shape();
    assertThat(s.candidates()).isEqualTo(1);
    assertThat(s.duration()).isLessThan(FULL.duration()).isGreaterThanOrEqualTo(FULL.minDuration());
    assertThat(tight.estimate()).isLessThanOrEqualTo(Duration.ofMinutes(3));
    assertThat(tight.cuts()).anyMatch(c -> c.startsWith("measured window 20 s -> "));
    // each cut is said once
    assertThat(tight.cuts()).doesNotHaveDuplicates();
  }

  @Test
  void aBudgetTooSmallForTheSmallestSessionIsAnError() {
    assertThatThrownBy(() -> RunBudget.fit(FULL, Duration.ofSeconds(40), START_STOP))
        .isInstanceOf(JtuneException.class)
        .hasMessageStartingWith("--budget 40 s is too small: the smallest session here (a baseline run, then")
        .hasMessageContaining("give a larger --budget");
  }

  @Test
  void startingFromALogThereIsNoBaselineRunToPayFor() {
    RunBudget.Shape fromLog = new RunBudget.Shape(1, 1, 2, Duration.ofSeconds(2), Duration.ofSeconds(5),
        Duration.ofSeconds(5), false);
    RunBudget.Shape measured = new RunBudget.Shape(1, 1, 2, Duration.ofSeconds(2), Duration.ofSeconds(5),
        Duration.ofSeconds(5), true);
    assertThat(measured.estimate(START_STOP).minus(fromLog.estimate(START_STOP)))
        .isEqualTo(Duration.ofSeconds(13 + 8));
  }

  @Test
  void wordsForDurations() {
    assertThat(RunBudget.words(Duration.ofSeconds(45))).isEqualTo("45 s");
    assertThat(RunBudget.words(Duration.ofSeconds(200))).isEqualTo("3 min 20 s");
    assertThat(RunBudget.words(Duration.ofMinutes(65))).isEqualTo("1 h 5 min");
  }
}
