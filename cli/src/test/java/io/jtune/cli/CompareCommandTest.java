package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune compare}'s bad usage: one line and exit 2. What the comparison says is tested with
 * it (gc module, ComparisonTest); its formats reach stdout in DocumentWiringTest.
 */
class CompareCommandTest {
  private static final String DATED = "gctoolkit-testdata/gctoolkit-gclogs__unified__g1gc__jvm-gc-10Nov2022.log";

  @TempDir Path dir;

  static Path recorded(String name) {
    return CliRun.corpus().resolve("../compare").normalize().resolve(name);
  }

  @Test
  void badUsageIsOneLineAndExitTwo() {
    String log = CliRun.corpusFile(DATED).toString();
    CliRun one = CliRun.of("compare", log);
    assertThat(one.exitCode()).isEqualTo(2);
    CliRun missing = CliRun.of("compare", log, dir.resolve("missing.log").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err().strip()).startsWith("jtune: B (").contains("missing.log: no such file or directory")
        .doesNotContain("Exception").doesNotContain("\n");
    String oneRun = recorded("survivor-overflow-survivors.log.gz").toString();
    CliRun tooShort = CliRun.of("compare", "--window", "10m", oneRun, oneRun);
    assertThat(tooShort.exitCode()).isEqualTo(2);
    assertThat(tooShort.err().strip()).isEqualTo("jtune: the logs share less than one window (10.0 min) of time, by wall"
        + " clock or by uptime; give a shorter --window");
    CliRun typo = CliRun.of("compar", log, log);
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("compare");
  }
}
