package io.jtune.gc.analysis;

import io.jtune.gc.facts.AnalysisOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.gc.event.Collector;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An experiment run's GC log with its header and no finished collection: Tomcat on JDK 17 with a
 * 6 GB pre-touched G1 heap, stopped after 15 s of load while its first young pause was still
 * running. For the run that is a result (no GC in the window); given to {@code analyze} it stays
 * "nothing to analyze".
 */
class RunLogTest {
  private static final String LOG =
      Path.of("src/test/resources/runs/g1-no-collection-tomcat-jdk17.log").toAbsolutePath().toString();
  private static final AnalysisOptions OPTIONS = new AnalysisOptions(60, 50, Double.NaN, null, true);

  @Test
  void aRunWithNoCollectionIsAnAnalysisWithNoPauses() {
    Analysis a = GcAnalyzer.analyzeRun(LOG, OPTIONS);
    assertThat(a.jvm().collector()).isEqualTo(Collector.G1);
    assertThat(a.pauses().all().count()).isZero();
    assertThat(a.pauses().events()).isEmpty();
    assertThat(a.jvmCount()).isEqualTo(1);
    assertThat(a.input().gcLines()).isGreaterThan(10);
  }

  @Test
  void analyzeStillSaysThereIsNothingToAnalyze() {
    assertThatThrownBy(() -> GcAnalyzer.analyze(List.of(LOG), InputStream.nullInputStream(), OPTIONS))
        .isInstanceOf(JtuneException.class)
        .hasMessageContaining("no collections");
  }

  @Test
  void aFileThatIsNoGcLogIsStillAnError() {
    String notALog = Path.of("pom.xml").toAbsolutePath().toString();
    assertThatThrownBy(() -> GcAnalyzer.analyzeRun(notALog, OPTIONS)).isInstanceOf(JtuneException.class);
  }
}
