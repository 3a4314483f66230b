package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Escape sequences and control characters from inputs, plans and targets never reach the
 * terminal raw: they are printed escaped (\x1b) in errors and run progress. The text report
 * escapes them itself (gc module, TerminalTextTest).
 */
class TerminalSafetyTest {
  private static final String ESC = "\u001b";
  /** Clears the screen, sets the window title and rings the bell. */
  private static final String NASTY = ESC + "[2J" + ESC + "]0;pwned" + "\u0007" + ESC + "[31mred\r";

  @TempDir Path dir;

  private static void assertNoRawControls(String text) {
    assertThat(text.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t')).as(text).isEmpty();
  }

  @Test
  void errorEchoingTheFirstLineOfANonLogIsEscaped() throws Exception {
    Path f = Files.writeString(dir.resolve("notes.txt"), ("Dear diary " + NASTY + "\n").repeat(20));
    CliRun r = CliRun.of("analyze", f.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("'Dear diary \\x1b[2J\\x1b]0;pwned\\x07\\x1b[31mred'");
    assertNoRawControls(r.err());
  }

  @Test
  void planErrorsQuotingThePlanAreEscaped() throws Exception {
    Path plan = Files.writeString(dir.resolve("plan.yaml"), "target: {lab: api}\nbaseline: a\n"
        + "candidates: [{name: a}, {name: b, flags: -Xss1m}]\nlevels: [{name: l, concurrency: 1}]\n\"" + NASTY.replace("\u0007", "\\a").replace(ESC, "\\e")
        .replace("\r", "\\r") + "\": 1\n");
    CliRun r = CliRun.of("experiment", plan.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("unknown key '\\x1b[2J");
    assertNoRawControls(r.err());
  }

  @Test
  void theOutputTailOfATargetThatFailsToStartIsEscaped() throws Exception {
    // a command target that prints escape sequences and exits before it is ready
    Path plan = Files.writeString(dir.resolve("plan.yaml"), """
        target:
          command: 'printf ''\\033[2J\\033]0;pwned\\007boom\\n''; exit 1; : {jvmFlags} {port}'
          ready: http://127.0.0.1:{port}/
          readyTimeout: 10s
        baseline: a
        candidates: [{name: a}, {name: b, flags: -Xss1m}]
        levels: [{name: l, concurrency: 1, warmup: 0s, duration: 1s}]
        repetitions: 1
        cooldown: 0s
        """);
    CliRun r = CliRun.of("experiment", plan.toString(), "--out", dir.resolve("out").toString());
    assertThat(r.exitCode()).as(r.err()).isNotZero();
    assertThat(r.err()).contains("last output: \\x1b[2J\\x1b]0;pwned\\x07boom");
    assertNoRawControls(r.err());
    assertNoRawControls(r.out());
  }
}
