package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.RunBudget;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The tune header's time: the experiment's estimate alone, or with a search before it the budget
 * the search runs within. The case of the Tomcat footprint session (docs/case-studies/tomcat.md):
 * --budget 30m, two levels, two candidates, three repetitions, 5 s warm-up and 20 s measured; the
 * header said about 10 minutes in all and the session took 27.
 */
class TuneBudgetLineTest {
  private static final Duration BUDGET = Duration.ofMinutes(30);
  private static final RunBudget.Fit FIT = RunBudget.fit(new RunBudget.Shape(2, 2, 3, Duration.ofSeconds(5),
      Duration.ofSeconds(20), Duration.ofSeconds(5), true), BUDGET, Duration.ofSeconds(6));

  @Test
  void withoutASearchTheExperimentIsAll() {
    assertThat(FIT.estimate()).isLessThan(BUDGET.dividedBy(2));
    assertThat(TuneCommand.budgetLine(BUDGET, FIT, false)).isEqualTo("  budget 30 min: 2 load levels, up to 2"
        + " candidates, 3 repetitions, 5 s warm-up + 20 s measured per run; about " + RunBudget.words(FIT.estimate())
        + " in all");
  }

  @Test
  void aSearchBeforeTheExperimentCountsUpToTheBudget() {
    assertThat(TuneCommand.budgetLine(BUDGET, FIT, true)).endsWith("; about " + RunBudget.words(FIT.estimate())
        + " for the experiment, plus the search before it: at most about 30 min in all (the search stops where the"
        + " budget holds no further round)");
  }
}
