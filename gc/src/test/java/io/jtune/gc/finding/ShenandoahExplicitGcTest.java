package io.jtune.gc.finding;

import static io.jtune.gc.AnalyzedLogs.corpusFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Shenandoah's "Cancelling concurrent GC: System.gc()": the call cancelled the running cycle and ran
 * its own collection. That is the explicit GC's cost, not a race with allocation lost; and
 * -XX:+ExplicitGCInvokesConcurrent is not proposed where it is already set. On GCViewer's
 * Shenandoah samples (one call, and several).
 */
class ShenandoahExplicitGcTest {
  private static final String SINGLE =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__SampleShenandoahSingleSystemGC.txt";
  private static final String SEVERAL =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__SampleShenandoahSeveralSystemGC.txt";

  private static Finding finding(Analysis a, String id) {
    return a.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElse(null);
  }

  @Test
  void aCycleCancelledBySystemGcGetsTheExplicitGcAdvice() {
    for (String log : List.of(SINGLE, SEVERAL)) {
      Analysis a = AnalyzedLogs.analyze(corpusFile(log));
      assertThat(a.concurrent().cancelledBySystemGc()).as(log).isPositive();
      assertThat(finding(a, "cycle-cancelled")).as(log).isNull();
      Finding gc = finding(a, "system-gc");
      assertThat(gc).as(log).isNotNull();
      assertThat(gc.recommendation()).contains("cancelled a concurrent cycle that was running")
          .doesNotContain("lost the race with allocation");
      assertThat(a.diagnosis().primary().code()).as(log).isEqualTo("explicit-gc");
    }
  }

  @Test
  void explicitGcInvokesConcurrentIsNotProposedWhereItIsSet() {
    Analysis plain = AnalyzedLogs.analyze(corpusFile(SINGLE));
    assertThat(finding(plain, "system-gc").flags()).containsExactly("-XX:+ExplicitGCInvokesConcurrent");
    Analysis set = GcAnalyzer.analyze(List.of(corpusFile(SINGLE).toString()), InputStream.nullInputStream(),
        new AnalysisOptions(60, 50, Double.NaN, "-XX:+UseShenandoahGC -XX:+ExplicitGCInvokesConcurrent", false));
    Finding f = finding(set, "system-gc");
    assertThat(f.flags()).doesNotContain("-XX:+ExplicitGCInvokesConcurrent").containsExactly("-XX:+DisableExplicitGC");
    assertThat(f.recommendation()).contains("-XX:+ExplicitGCInvokesConcurrent is already set");
  }
}
