package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.AnalysisOptions;
import io.jtune.core.analysis.GcAnalyzer;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The configuration a log states, as options a baseline runs: real logs of real JVMs. */
class LoggedConfigurationTest {
  private static final Path REAL = Path.of("../core/src/test/resources/unified/real");

  @TempDir Path dir;

  private static Analysis analyze(Path log) {
    return GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
  }

  @Test
  @Timeout(120)
  void aUnifiedLogsCollectorAndHeapCapacitiesBecomeExplicitOptions() throws Exception {
    // a JDK 17 JVM with a 96 MB Serial heap, its options given nowhere but in the log it writes
    Path src = Files.writeString(dir.resolve("Alloc.java"), """
        public class Alloc {
          public static void main(String[] a) {
            java.util.List<byte[]> keep = new java.util.ArrayList<>();
            for (int i = 0; i < 40_000; i++) {
              byte[] b = new byte[8192];
              if (i % 20 == 0) { keep.add(b); if (keep.size() > 2000) keep.remove(0); }
            }
            System.out.println(keep.size());
          }
        }
        """);
    Path log = dir.resolve("gc.log");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-Xms96m", "-Xmx96m", "-Xlog:gc*:file=" + log, src.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
    try {
      assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as(Files.readString(dir.resolve("out.txt"))).isZero();

    LoggedConfiguration c = LoggedConfiguration.of(analyze(log));
    assertThat(c.flags()).containsExactly("-Xms96m", "-Xmx96m", "-XX:+UseSerialGC");
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
    assertThat(LoggedConfiguration.collectorFlags(io.jtune.core.event.Collector.ZGC_GENERATIONAL, 21))
        .containsExactly("-XX:+UseZGC", "-XX:+ZGenerational");
    assertThat(LoggedConfiguration.collectorFlags(io.jtune.core.event.Collector.ZGC, 23))
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
