package io.jtune.gc.finding;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.JtuneException;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.Analysis;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * -XX:InitiatingHeapOccupancyPercent is never below the live set's share of the heap plus a margin:
 * below it G1 marks after every collection (60 concurrent cycles a run against 4 without it).
 */
class InitiatingOccupancyTest {
  private static final String IHOP = "-XX:InitiatingHeapOccupancyPercent=";

  static List<String> logs() throws Exception {
    return AnalyzedLogs.testdataLogs();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void neverBelowTheLiveShareAndAMargin(String log) {
    Analysis a;
    try {
      a = AnalyzedLogs.analyze(AnalyzedLogs.testdataFile(log));
    } catch (JtuneException e) {
      return; // no collections: nothing to advise
    }
    double live = InitiatingOccupancy.liveSharePct(a.model());
    for (Finding f : a.findings()) {
      for (String flag : f.flags()) {
        if (flag.startsWith(IHOP)) {
          int v = Integer.parseInt(flag.substring(IHOP.length()));
          assertThat(v).as(f.id()).isBetween(InitiatingOccupancy.FLOOR, InitiatingOccupancy.G1_DEFAULT - 1);
          if (!Double.isNaN(live)) {
            assertThat((double) v).as(f.id() + ": live %.0f %%", live).isGreaterThanOrEqualTo(live + 15);
          }
        }
      }
    }
  }

  @Test
  void aLiveSetThatFillsMostOfTheHeapGetsNoThresholdAndSaysWhy() {
    Analysis a = AnalyzedLogs.analyze(AnalyzedLogs.testdataFile("live-set/g1-young-then-live-set-jdk17.log.gz"));
    assertThat(InitiatingOccupancy.liveSharePct(a.model())).isGreaterThan(50);
    List<Finding> g1 = a.findings().stream()
        .filter(f -> f.id().equals("evacuation-failure") || f.id().equals("concurrent-mark-abort")).toList();
    assertThat(g1).isNotEmpty().allSatisfy(f -> {
      assertThat(f.flags()).noneMatch(x -> x.startsWith(IHOP));
      assertThat(f.recommendation()).contains("No -XX:InitiatingHeapOccupancyPercent").contains("adaptive start at 45 %");
    });
  }
}
