package io.jtune.experiment.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tie rule's words for one costlier configuration, on the numbers of the WireMock pool study
 * (docs/case-studies/wiremock-threads.md): 24 and 28 threads served exactly 170 req/s in each of
 * their three runs.
 */
class PreferenceTest {
  private static Summary runs(double... values) {
    return Summary.of(java.util.Arrays.stream(values).boxed().toList());
  }

  @Test
  void runsThatAgreeExactlyAreSaidToAgreeNotToBeTooFew() {
    String words = Preference.versus(Metric.THROUGHPUT, runs(170, 170, 170), runs(170, 170, 170));
    assertThat(words).isEqualTo("+0.0 %, the runs agree exactly (170 req/s in every run on both sides: the interval"
        + " is the point itself)").doesNotContain("too few runs");
    // two runs a side that agree within each side but not across: the point is the interval too
    assertThat(Preference.versus(Metric.THROUGHPUT, runs(170, 170), runs(168, 168)))
        .isEqualTo("+1.2 %, the runs agree exactly on each side (the interval is the point itself), within the 5 % margin");
  }

  @Test
  void tooFewRunsIsSaidOnlyWhereTheRunsSpread() {
    assertThat(Preference.versus(Metric.THROUGHPUT, runs(170, 168), runs(170, 170)))
        .isEqualTo("-0.6 %, too few runs for an interval, within the 5 % margin");
    // one run a side: nothing to agree on
    assertThat(Preference.versus(Metric.THROUGHPUT, runs(170), runs(170))).contains("too few runs for an interval");
    assertThat(Preference.versus(Metric.THROUGHPUT, runs(170, 169.5, 170.5), runs(170, 170.5, 169.5)))
        .startsWith("+0.0 % [").endsWith("not significantly different");
  }
}
