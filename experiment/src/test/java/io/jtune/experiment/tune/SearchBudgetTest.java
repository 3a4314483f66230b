package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A search the budget does not hold is refused with the runs it needs and a budget that holds
 * them: the figures of the WireMock pool study's first try (a 14-minute budget, a minute spent on
 * the baseline, runs of about 45 s with its steady warm-up, five pool sizes, a check of 12 runs).
 */
class SearchBudgetTest {
  @Test
  void saysWhatTheSearchNeedsAndABudgetThatHoldsIt() {
    long oneMinuteAgo = System.nanoTime() - Duration.ofMinutes(1).toNanos();
    TuneBudget budget = new TuneBudget(Duration.ofMinutes(14), oneMinuteAgo, Duration.ofSeconds(2));
    Duration perRun = Duration.ofSeconds(45);

    String said = SearchStep.budgetTooSmall(budget, perRun, 5, 12);

    assertThat(said).startsWith("the budget does not hold the search: 5 configurations x 3 runs (the fewest for an"
        + " interval) and 12 runs for the winner's check against the baseline, about 45 s a run here: 20 min 15 s,")
        .contains(" is left; ").endsWith("or more, or fewer values");
    Matcher m = Pattern.compile("give --budget (\\d+)m ").matcher(said);
    assertThat(m.find()).as(said).isTrue();
    int minutes = Integer.parseInt(m.group(1));
    // the budget said holds the minute spent and the 27 runs, and is not more than a minute above that
    Duration needed = Duration.ofMinutes(1).plus(perRun.multipliedBy(27));
    assertThat(Duration.ofMinutes(minutes)).isGreaterThanOrEqualTo(needed).isLessThan(needed.plusMinutes(1));
  }

  @Test
  void aBudgetAlreadySpentLeavesNothingNotANegativeTime() {
    // three minutes spent of two: the budget said holds the three and the nine runs of 20 s
    TuneBudget spent = new TuneBudget(Duration.ofMinutes(2), System.nanoTime() - Duration.ofMinutes(3).toNanos(),
        Duration.ofSeconds(2));

    String said = SearchStep.budgetTooSmall(spent, Duration.ofSeconds(20), 1, 6);

    assertThat(said).contains("1 configuration x 3 runs", "6 runs for the winner's check", "3 min", "and 0 s is left",
        "give --budget 6m or more").doesNotContainPattern("-\\d");
  }
}
