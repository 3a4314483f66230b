package io.jtune.gc.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A G1 log whose start was cut off (rotated, or taken with the header lost) states its regions per
 * pause ("Eden regions: 12->0(10)") but not their size: the young generation's size is still known,
 * with the region size inferred from the heap's use per region. Real JDK 17 logs with 1 MB and 4 MB
 * regions, their start-up lines (gc,init) removed, against the same logs whole.
 */
class InferredRegionSizeTest {
  @TempDir Path dir;

  private static MemoryModel.Capacities capacities(Path log) {
    Analysis a = GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]),
        AnalysisOptions.DEFAULTS);
    return a.memoryModel().capacities();
  }

  @ParameterizedTest
  @ValueSource(strings = {"casebook/api.log", "services/tomcat-11-jvm-defaults-jdk17.log"})
  void aLogWithoutItsHeaderKnowsItsYoungSize(String name) throws IOException {
    Path whole = Path.of("../testdata").resolve(name);
    Path cut = dir.resolve("cut.log");
    Files.writeString(cut, Files.readAllLines(whole).stream().filter(l -> !l.contains("[gc,init")
        && !l.contains("Using G1")).collect(Collectors.joining("\n", "", "\n")));
    MemoryModel.Capacities full = capacities(whole);
    MemoryModel.Capacities inferred = capacities(cut);
    assertThat(full.young()).isPositive();
    assertThat(full.youngSource()).isEqualTo("largest young capacity in the log");
    assertThat(inferred.young()).isEqualTo(full.young());
    assertThat(inferred.youngSource()).isEqualTo(full.youngSource());
  }
}
