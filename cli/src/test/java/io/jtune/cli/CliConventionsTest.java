package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command answers --help and --version the same way (on stdout, exit code 0), its help has
 * exit codes and examples and is wrapped at the terminal's width, `jtune help COMMAND` works, and
 * a mistyped command or option gets the nearest known one and exit code 2.
 */
class CliConventionsTest {
  static Iterable<String> commands() {
    return JtuneCommand.SUBCOMMANDS.keySet();
  }

  /** The root's help and every command's. */
  static Stream<List<String>> helpCommands() {
    return Stream.concat(Stream.of(List.of()), JtuneCommand.SUBCOMMANDS.keySet().stream().map(List::of));
  }

  private static CliRun help(List<String> command) {
    List<String> args = new ArrayList<>(command);
    args.add("--help");
    return CliRun.of(args.toArray(String[]::new));
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

  @ParameterizedTest
  @MethodSource("helpCommands")
  void everyHelpHasExitCodesAndExamplesThatFitEightyColumns(List<String> command) {
    String out = help(command).out();
    String exitCodes = section(out, "Exit codes:");
    assertThat(exitCodes).as(out).contains("  0   ").contains("  1   ").contains("  2   ");
    String examples = section(out, "Examples:");
    assertThat(examples.lines()).as(out).isNotEmpty()
        .allMatch(l -> l.startsWith("  jtune " + (command.isEmpty() ? "" : command.get(0)))
            || l.startsWith("        "), "an example, or the continuation of one")
        .allMatch(l -> l.length() <= 80, "fits 80 columns");
    assertThat(out.lines()).allMatch(l -> l.length() <= 80, "wrapped at 80 columns off a terminal");
  }

  /** The lines of a help section, up to the next blank line. */
  private static String section(String help, String heading) {
    int at = help.indexOf("\n" + heading + "\n");
    assertThat(at).as("'" + heading + "' in\n" + help).isNotNegative();
    String rest = help.substring(at + heading.length() + 2);
    int end = rest.indexOf("\n\n");
    return end < 0 ? rest : rest.substring(0, end);
  }

  @Test
  void descriptionsAreParagraphsWrappedAtTheWidthPicocliIsGiven() {
    String sentence = "Pauses by kind and cause, the per-window YGC/FGC table, memory, allocation and promotion rates,";
    String wide;
    String narrow;
    try {
      System.setProperty("picocli.usage.width", "200");
      wide = CliRun.of("analyze", "--help").out();
      System.setProperty("picocli.usage.width", "60");
      narrow = CliRun.of("analyze", "--help").out();
    } finally {
      System.clearProperty("picocli.usage.width");
    }
    // one paragraph is one line when there is room: no line break inside it
    assertThat(wide).contains(sentence + " concurrent cycles, G1 phases;");
    assertThat(narrow).doesNotContain(sentence);
    assertThat(narrow.lines()).allMatch(l -> l.length() <= 60, "wrapped at 60 columns");
  }

  @Test
  void helpCommandShowsTheCommandsHelp() {
    for (String command : JtuneCommand.SUBCOMMANDS.keySet()) {
      CliRun viaHelp = CliRun.of("help", command);
      assertThat(viaHelp.exitCode()).isZero();
      assertThat(viaHelp.out()).isEqualTo(CliRun.of(command, "--help").out());
    }
    assertThat(CliRun.of("help").out()).isEqualTo(CliRun.of("--help").out());
    assertThat(CliRun.of("--help").out()).contains("  help  ");
    CliRun unknown = CliRun.of("help", "analyse");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).startsWith("jtune: ").contains("analyse");
  }

  /** -X is --method's short name, yet JVM options given to --flags stay its value. */
  @Test
  void jvmOptionsAreTheValueOfFlagsNotTheMethodOption() {
    for (String command : new String[] {"tune", "suggest"}) {
      CliRun r = CliRun.of(command, "--command", "java -jar app.jar", "--ready", "http://127.0.0.1:{port}/",
          "--url", "/", command.equals("tune") ? "--rate" : "--qps", "10", "--flags", "-Xms8m -Xmx128m -XX:+UseSerialGC");
      assertThat(r.exitCode()).as(command).isEqualTo(2);
      assertThat(r.err()).as(command).doesNotContain("Expected parameter").doesNotContain("'-Xms8m");
      if (command.equals("tune")) {
        assertThat(r.err()).contains("--command has no {jvmFlags} placeholder");
      }
    }
  }

  @Test
  void aMistypedCommandGetsTheNearestOneAndExitCode2() {
    CliRun r = CliRun.of("analyse", "x.log");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().lines()).containsExactly("jtune: unknown command 'analyse'", "Did you mean: analyze?",
        "Try 'jtune --help' for usage.");
    assertThat(r.out()).isEmpty();
    // the nearest first (picocli may name another after it, such as tune)
    assertThat(CliRun.of("experimnet").err()).contains("Did you mean: experiment");
  }

  @Test
  void aMistypedOptionGetsTheNearestOneAndExitCode2() {
    CliRun r = CliRun.of("analyze", "--formt", "json", "x.log");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().lines()).containsExactly("jtune: Unknown option: '--formt'", "Did you mean: --format?",
        "Try 'jtune analyze --help' for usage.");
    CliRun load = CliRun.of("load", "--concurency", "4", "http://127.0.0.1:1/");
    assertThat(load.exitCode()).isEqualTo(2);
    // the nearest first (picocli may name another after it, such as --cookies)
    assertThat(load.err()).contains("Did you mean: --concurrency");
  }
}
