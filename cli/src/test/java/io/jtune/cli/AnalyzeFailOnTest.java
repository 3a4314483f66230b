package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code analyze --fail-on}: CI gating on the findings' severity, after the report is written. */
class AnalyzeFailOnTest {
  /** promotion failures and back-to-back full GCs: critical findings. */
  private static final String CRITICAL =
      "GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt";
  /** System.gc() calls and long young pauses: warnings, nothing critical. */
  private static final String WARNING = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1SystemGcYoung.txt";
  /** A healthy run: informational findings only. */
  private static final String HEALTHY = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part4.txt";

  @TempDir Path dir;

  private static CliRun analyze(String failOn, String log) {
    return CliRun.of("analyze", "--fail-on", failOn, CliRun.corpusFile(log).toString());
  }

  @Test
  void criticalFailsOnlyOnACriticalFinding() {
    CliRun critical = analyze("critical", CRITICAL);
    assertThat(critical.exitCode()).isEqualTo(4);
    assertThat(critical.out()).contains("promotion-failure"); // the report is still printed
    assertThat(critical.err().strip()).startsWith("jtune: --fail-on critical: ").contains("critical promotion-failure")
        .doesNotContain("warning ").doesNotContain("\n");
    assertThat(analyze("critical", WARNING).exitCode()).isZero();
    assertThat(analyze("critical", HEALTHY).exitCode()).isZero();
  }

  @Test
  void warningFailsOnAWarningOrWorse() {
    CliRun warning = analyze("warning", WARNING);
    assertThat(warning.exitCode()).isEqualTo(4);
    assertThat(warning.err()).contains("warning system-gc");
    assertThat(analyze("warning", CRITICAL).exitCode()).isEqualTo(4);
    CliRun healthy = analyze("warning", HEALTHY);
    assertThat(healthy.exitCode()).as(healthy.err()).isZero();
    assertThat(healthy.err()).isEmpty();
  }

  @Test
  void theReportFileIsWrittenBeforeTheGateFails() throws IOException {
    Path out = dir.resolve("report.json");
    CliRun r = CliRun.of("analyze", "--fail-on", "critical", "--format", "json", "-o", out.toString(),
        CliRun.corpusFile(CRITICAL).toString());
    assertThat(r.exitCode()).isEqualTo(4);
    assertThat(new ObjectMapper().readTree(out.toFile()).at("/findings/0/severity").asText()).isEqualTo("critical");
  }

  @Test
  void anUnknownSeverityIsAUsageError() {
    CliRun r = analyze("fatal", HEALTHY);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--fail-on").contains("warning, critical");
  }
}
