package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Help and scenario texts name the rule itself, never the project's internal note numbers or
 * sections, which users have never seen.
 */
class UserWordsTest {
  private static final String INTERNAL = "(?i)seed[- ]?\\d|DOMAIN\\.md|§|study\\s+table|example \\d";

  @Test
  void helpOfEveryCommandStatesRulesNotInternalReferences() {
    List<String> texts = new ArrayList<>();
    texts.add(CliRun.of("--help").out());
    for (String command : JtuneCommand.SUBCOMMANDS.keySet()) {
      texts.add(CliRun.of(command, "--help").out());
    }
    for (String text : texts) {
      assertThat(text).doesNotContainPattern(INTERNAL);
    }
    // the help states the sizing rules themselves (picocli wraps the text: compare without line breaks)
    assertThat(CliRun.of("suggest", "--help").out().replaceAll("\\s+", " ")).contains("heap = 3-4x the live set")
        .contains("young about 3/8 of the heap, old keeping 1.5x the live set");
  }

  @Test
  void scenarioListStatesTheCases() {
    Path jar = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();
    assertThat(jar).as("the lab module's jar (built before cli)").exists();
    System.setProperty("jtune.lab.jar", jar.toString());
    try {
      CliRun run = CliRun.of("lab", "--list");
      assertThat(run.exitCode()).isZero();
      assertThat(run.out()).doesNotContainPattern(INTERNAL)
          .contains("optimal threads = (CPU time + wait time) / CPU time x cores");
    } finally {
      System.clearProperty("jtune.lab.jar");
    }
  }
}
