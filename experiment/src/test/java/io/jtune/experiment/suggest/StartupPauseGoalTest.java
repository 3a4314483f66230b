package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.suggest.rule.AdviceContext;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.analysis.StartupPauses;
import io.jtune.gc.facts.AnalysisOptions;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A pause goal is not drawn from the start-up's pauses, which the diagnosis of a service under load
 * leaves out; and a MaxGCPauseMillis stricter than G1's default says why. On the lab's
 * metaspace-boot log (Parallel, JDK 17): three Full GCs (Metadata GC Threshold) in its first
 * 1.1 s, the longest 31 ms.
 */
class StartupPauseGoalTest {
  private static final Path LOG = Path.of("../testdata/casebook/metaspace-boot.log").toAbsolutePath().normalize();

  @Test
  void theLoadStartIsFoundInTheLogsOwnClock() {
    // the log's first line: [2026-11-24T19:12:46.682+0000][0.442s]: the JVM started at 19:12:46.240
    StartupPauses startup = new StartupPauses(Instant.parse("2026-11-24T19:12:48.000Z").toEpochMilli());
    GcAnalyzer.analyze(LOG.toString(), AnalysisOptions.DEFAULTS, startup);
    assertThat(startup.loadStartUptimeS()).isCloseTo(1.76, within(0.01));
    assertThat(new StartupPauses(0).loadStartUptimeS()).isNaN();
  }

  @Test
  void fullGcsOfTheStartUpAreNoReasonForAPauseGoal() {
    Analysis a = GcAnalyzer.analyze(LOG.toString(), AnalysisOptions.DEFAULTS, e -> true);
    AdviceContext whole = AdviceGathering.of(a, Advisor.Inputs.NONE);
    assertThat(whole.fullGcs()).isEqualTo(3);
    assertThat(whole.fullMaxUnderLoadMs()).isEqualTo(whole.fullMaxMs()).isGreaterThan(30);
    // the load began at 1.76 s: every Full GC came before it
    AdviceContext underLoad = AdviceGathering.of(a, Advisor.Inputs.NONE.withStartupEnd(1.76));
    assertThat(underLoad.fullMaxMs()).isEqualTo(whole.fullMaxMs());
    assertThat(underLoad.fullMaxUnderLoadMs()).isZero();
    Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE.withStartupEnd(1.76));
    assertThat(s.candidates()).map(Candidate::reason).noneMatch(r -> r.contains("Full GC(s), the longest"));
  }

  @Test
  void aPauseGoalStricterThanG1sDefaultSaysWhy() {
    Analysis a = GcAnalyzer.analyze(LOG.toString(), AnalysisOptions.DEFAULTS, e -> true);
    Candidate g1 = Advisor.advise(a, Advisor.Inputs.NONE).candidates().stream().filter(c -> c.name().equals("g1"))
        .findFirst().orElseThrow();
    assertThat(g1.flags()).contains("-XX:MaxGCPauseMillis=50");
    assertThat(g1.reason()).contains("50 ms is stricter than G1's default 200 ms because it is the pause target the"
        + " analysis judges pauses against");
    Candidate given = Advisor.advise(a, Advisor.Inputs.NONE.withPauseTarget(300)).candidates().stream()
        .filter(c -> c.flags().stream().anyMatch(f -> f.startsWith("-XX:MaxGCPauseMillis="))).findFirst()
        .orElse(null);
    if (given != null) {
      assertThat(given.reason()).doesNotContain("stricter than G1's default");
    }
  }
}
