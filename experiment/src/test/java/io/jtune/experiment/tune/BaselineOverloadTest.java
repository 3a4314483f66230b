package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.report.Overload;
import org.junit.jupiter.api.Test;

/**
 * An overloaded first baseline: a flag-tuning session measures at 90 % of the capacity found, a
 * search over the application's parameters keeps the rate asked for (the WireMock pool study:
 * 25 Jetty threads served 190 of 230 req/s, and which pool size serves 230 is the search's
 * question).
 */
class BaselineOverloadTest {
  private final BaselineOverload found = new BaselineOverload(230, 190.4, "none of GC, the CPU or a lock",
      Overload.validRate(190.4), false);

  @Test
  void aFlagSessionMeasuresAtARateTheBaselineServes() {
    assertThat(found.rateKept()).isFalse();
    assertThat(found.measuredAtRps()).isEqualTo(171);
    assertThat(found.words()).startsWith("overloaded at 230 req/s: the baseline served 190 req/s")
        .endsWith("The comparison is measured at 171 req/s, a rate it serves");
  }

  @Test
  void aSearchKeepsTheRateAskedFor() {
    BaselineOverload kept = found.keptForSearch();

    assertThat(kept.rateKept()).isTrue();
    assertThat(kept.measuredAtRps()).isEqualTo(230);
    assertThat(kept.capacityRps()).isEqualTo(190.4);
    assertThat(kept.words()).startsWith("overloaded at 230 req/s: the baseline served 190 req/s")
        .contains("what limits it: none of GC, the CPU or a lock")
        .endsWith("The search keeps 230 req/s: which values serve it is what it finds out")
        .doesNotContain("a rate it serves");
  }
}
