package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The configuration a log states, as options a baseline runs: real logs of real JVMs. */
class LoggedConfigurationTest {
  private static final Path REAL = Path.of("../gc/src/test/resources/unified/real");

  private static Analysis analyze(Path log) {
    return GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
  }

  @Test
  void aUnifiedLogsCollectorAndHeapCapacitiesBecomeExplicitOptions() {
    // a JDK 17 Serial JVM's log (-Xms16m -Xmx64m given nowhere but in its header); the end-to-end
    // case of a 96 MB heap is SuggestCommandTest's
    LoggedConfiguration c = LoggedConfiguration.of(analyze(REAL.resolve("jdk17-serial-info.log")));
    assertThat(c.flags()).containsExactly("-Xms16m", "-Xmx64m", "-XX:+UseSerialGC");
    assertThat(c.sources()).anyMatch(s -> s.contains("heap capacities")).anyMatch(s -> s.contains("Serial"));
    assertThat(c.unknown()).singleElement().asString().contains("young generation's size");
  }

  @Test
  void aJdk8CommandLineIsTakenAsItIs() {
    LoggedConfiguration c = LoggedConfiguration.of(AdvisorTest.analyze(AdvisorTest.CMS_8));
    assertThat(c.flags()).contains("-XX:+UseConcMarkSweepGC").anyMatch(f -> f.startsWith("-Xmx"))
        .anyMatch(f -> f.startsWith("-Xms"));
    assertThat(c.flags().stream().filter(f -> f.startsWith("-Xmx"))).hasSize(1);
    assertThat(c.sources()).singleElement().asString().endsWith("the log's command line");
    assertThat(c.unknown()).isEmpty();
  }

  @Test
  void generationalCollectorsAreChosenWithTheirModeForTheLoggedJdk() {
    assertThat(LoggedConfiguration.of(analyze(REAL.resolve("jdk25-shenandoah-generational-info.log"))).flags())
        .contains("-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational")
        .doesNotContain("-XX:+UnlockExperimentalVMOptions").anyMatch(f -> f.startsWith("-Xmx"));
    assertThat(LoggedConfiguration.of(analyze(REAL.resolve("jdk17-zgc-info.log"))).flags())
        .contains("-XX:+UseZGC").noneMatch(f -> f.contains("ZGenerational"));
    assertThat(LoggedConfiguration.collectorFlags(io.jtune.gc.event.Collector.ZGC_GENERATIONAL, 21))
        .containsExactly("-XX:+UseZGC", "-XX:+ZGenerational");
    assertThat(LoggedConfiguration.collectorFlags(io.jtune.gc.event.Collector.ZGC, 23))
        .containsExactly("-XX:+UseZGC", "-XX:-ZGenerational");
  }

  @Test
  void aLogThatNamesNothingSaysSo() {
    // a JDK 8 log without header lines (no command line, no heap capacities)
    LoggedConfiguration c = LoggedConfiguration.of(AdvisorTest.analyze(AdvisorTest.QUIET_CMS.replace("Part2", "Part1")));
    assertThat(c.flags()).isNotEmpty();
    LoggedConfiguration bare = LoggedConfiguration.of(AdvisorTest.analyze(
        "GCViewer/src__test__resources__openjdk__SampleSun1_4_2PrintGCDetails.txt"));
    assertThat(bare.flags()).containsExactly("-XX:+UseSerialGC");
    assertThat(bare.unknown()).anyMatch(u -> u.startsWith("the maximum heap size"));
  }
}
