package io.jtune.gc.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.crosscheck.GcPauseCrossCheckTest.JtuneView;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays runs of {@link GcPauseCrossCheckTest} kept because they once showed a discrepancy
 * that depends on chance (where the JVM rotated a file, how threads were scheduled): each
 * directory under {@code src/test/resources/crosscheck/} holds the GC log files as the JVM wrote
 * them ({@code log/}), the JFR side in text form ({@code jfr-gc.tsv}, see {@link
 * JfrGcRecord#writeText}) and the child's command line ({@code command.txt}). The same rules
 * apply as in the live test, deterministically and without starting a JVM.
 */
class RecordedRunCrossCheckTest {
  static List<Path> recordedRuns() throws IOException, URISyntaxException {
    Path root = Path.of(RecordedRunCrossCheckTest.class.getResource("/crosscheck").toURI());
    try (Stream<Path> s = Files.list(root)) {
      return s.filter(d -> Files.isRegularFile(d.resolve(JfrGcRecord.TEXT_FILE))).sorted().toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("recordedRuns")
  void recordedRunMatchesJfr(Path run) throws IOException {
    JfrGcRecord jfr = JfrGcRecord.readText(run.resolve(JfrGcRecord.TEXT_FILE));
    List<Path> logFiles;
    try (Stream<Path> s = Files.list(run.resolve("log"))) {
      logFiles = s.sorted().toList();
    }
    JtuneView jtune = JtuneView.read(run.resolve("log"));
    PauseComparison cmp = PauseComparison.compare(jfr, jtune.pauses(), RawGcLog.read(logFiles));
    List<String> discrepancies = new ArrayList<>();
    jtune.report().problems().forEach(p -> discrepancies.add("input problem: " + p.source() + ": " + p.message()));
    discrepancies.addAll(cmp.discrepancies());
    assertThat(cmp.pausesCompared()).as("%s: pauses compared", run.getFileName()).isPositive();
    assertThat(discrepancies).as("%s: discrepancies between jtune and JFR", run.getFileName()).isEmpty();
  }
}
