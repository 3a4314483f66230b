package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Candidate;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every GC log in testdata/ whose suggestion caps metaspace (any candidate with
 * -XX:MaxMetaspaceSize): the cap is at least twice the peak use and at least what the JVM had
 * committed, and the threshold (MetaspaceSize) is above the peak.
 */
class MetaspaceHeadroomTest {
  @Test
  void everyMetaspaceCapHasRoomAboveThePeakAndTheCommittedSize() throws IOException {
    Path testdata = AdvisorTest.corpus().getParent();
    List<Path> logs;
    try (Stream<Path> s = Files.walk(testdata)) {
      logs = s.filter(Files::isRegularFile).filter(p -> {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return !n.endsWith(".md") && !n.endsWith(".tsv") && !n.endsWith(".json") && !n.endsWith(".yaml")
            && !n.endsWith(".load.txt") && !n.startsWith("license") && !n.endsWith(".html");
      }).sorted().toList();
    }
    List<String> checked = new ArrayList<>();
    for (Path log : logs) {
      Analysis a;
      try {
        a = GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
      } catch (JtuneException | IllegalArgumentException e) {
        continue; // not a GC log this analyzer reads (a load result, a jstat file, an invalid log)
      }
      long peak = a.facts().memory().metaspace().peak();
      // committed as the log states it (a JDK 8 log's figure is the reserved space)
      long committed = io.jtune.gc.finding.MetaspaceSizing.committed(a.facts());
      Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE);
      for (Candidate c : s.candidates()) {
        long cap = size(c, "-XX:MaxMetaspaceSize=");
        if (cap < 0 || peak <= 0) {
          continue;
        }
        String at = testdata.relativize(log) + " candidate " + c.name() + " " + c.flags();
        assertThat(cap).as("%s: cap vs peak %d", at, peak).isGreaterThanOrEqualTo(2 * peak);
        assertThat(cap).as("%s: cap vs committed %d", at, committed).isGreaterThanOrEqualTo(committed);
        long threshold = size(c, "-XX:MetaspaceSize=");
        if (threshold > 0) {
          assertThat(threshold).as(at).isGreaterThan(peak).isLessThanOrEqualTo(cap);
        }
        checked.add(at);
      }
    }
    // the case book's metaspace log (a 41.5 MB peak, 64.6 MB committed) among several others
    assertThat(checked).anyMatch(c -> c.startsWith("casebook/metaspace-boot.log")).hasSizeGreaterThan(5);
  }

  /** The value in bytes of the candidate's flag with this prefix ({@code 128m}), or -1. */
  private static long size(Candidate c, String prefix) {
    return c.flags().stream().filter(f -> f.startsWith(prefix)).findFirst().map(f -> {
      String v = f.substring(prefix.length()).toLowerCase(Locale.ROOT);
      long unit = v.endsWith("g") ? 1L << 30 : v.endsWith("m") ? 1L << 20 : v.endsWith("k") ? 1L << 10 : 1;
      return Long.parseLong(Character.isDigit(v.charAt(v.length() - 1)) ? v : v.substring(0, v.length() - 1)) * unit;
    }).orElse(-1L);
  }
}
