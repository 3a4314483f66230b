package io.jtune.gc.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.JtuneException;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.render.AnalysisJson;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The numbers of every analysis document hold on every GC log the repository keeps (the public
 * corpus, the case book, the recorded services and lab runs): no negative count, duration, size or
 * rate, every percentage and share within 0-100 ({@link GcLogFuzzTest.Invariants}, the checks the
 * fuzz targets run on each mutated input).
 */
class TestdataInvariantsTest {
  static Stream<String> logs() throws IOException {
    List<String> out = AnalyzedLogs.testdataLogs();
    assertThat(out).hasSizeGreaterThan(100);
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void everyNumberHolds(String log) {
    Analysis a;
    try {
      a = AnalyzedLogs.analyze(AnalyzedLogs.testdataFile(log));
    } catch (JtuneException e) {
      // a log that ends before its first collection: a one-line error, no document
      assertThat(e.getMessage()).startsWith("nothing to analyze").doesNotContain("\n");
      return;
    }
    GcLogFuzzTest.Invariants.check(AnalysisJson.build(a));
  }
}
