package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune host}: bad roots and missing processes, help. What the report says is tested with it
 * (diagnostics module, HostReaderTest and HostRenderTest); its formats reach stdout in DocumentWiringTest.
 */
class HostCommandTest {
  @TempDir Path dir;

  @Test
  void badRootsAndMissingProcessesAreOneLineErrors() {
    CliRun noRoot = CliRun.of("host", "--root", dir.resolve("nothing").toString());
    assertThat(noRoot.exitCode()).isEqualTo(2);
    assertThat(noRoot.err().strip()).doesNotContain("\n").contains("no proc or sys directory");
    CliRun noPid = CliRun.of("host", "--pid", "2147483000");
    assertThat(noPid.exitCode()).isEqualTo(2);
    assertThat(noPid.err().strip()).doesNotContain("\n").contains("no process 2147483000");
    CliRun help = CliRun.of("host", "--help");
    assertThat(help.out()).contains("Examples").contains("Exit codes").contains("--sample");
  }
}
