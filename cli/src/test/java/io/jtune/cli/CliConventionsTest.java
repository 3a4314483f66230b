package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every command answers --help and --version the same way: on stdout, exit code 0. */
class CliConventionsTest {
  static Iterable<String> commands() {
    return JtuneCommand.SUBCOMMANDS.keySet();
  }

  @ParameterizedTest
  @MethodSource("commands")
  void versionOfEverySubcommand(String command) {
    CliRun r = CliRun.of(command, "--version");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("jtune ").contains("Java " + Runtime.version().feature());
    assertThat(r.err()).isEmpty();
    assertThat(CliRun.of(command, "-V").out()).isEqualTo(r.out());
  }

  @ParameterizedTest
  @MethodSource("commands")
  void helpOfEverySubcommand(String command) {
    // picocli reports a description it cannot format (an unescaped '%') on System.err itself
    PrintStream saved = System.err;
    ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
    CliRun r;
    try {
      System.setErr(new PrintStream(systemErr, true, StandardCharsets.UTF_8));
      r = CliRun.of(command, "--help");
    } finally {
      System.setErr(saved);
    }
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("Usage: jtune " + command).contains("-h, --help").contains("-V, --version");
    assertThat(r.err()).isEmpty();
    assertThat(systemErr.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void rootVersionAndHelp() {
    assertThat(CliRun.of("--version").out()).startsWith("jtune ");
    CliRun help = CliRun.of("--help");
    assertThat(help.exitCode()).isZero();
    for (String command : JtuneCommand.SUBCOMMANDS.keySet()) {
      assertThat(help.out()).contains("  " + command);
    }
  }
}
