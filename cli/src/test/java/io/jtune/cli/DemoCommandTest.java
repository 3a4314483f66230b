package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.core.finding.Finding;
import io.jtune.core.finding.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `jtune demo` against the real lab jar: baseline, findings, candidate, side by side. */
class DemoCommandTest {
  private static final Path LAB_JAR = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();

  @TempDir Path dir;

  @BeforeEach
  void useLabJar() {
    System.setProperty("jtune.lab.jar", LAB_JAR.toString());
  }

  @AfterEach
  void clear() {
    System.clearProperty("jtune.lab.jar");
  }

  @Test
  void survivorOverflowIsFixedByTheFindingsFlags() {
    CliRun r = CliRun.of("demo", "--quick", "--duration", "8s", "--out", dir.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("1/3  baseline", "2/3  findings", "Premature promotion");
    Matcher cand = Pattern.compile("3/3  candidate: baseline \\+ (.*) \\(from the findings\\)").matcher(r.out());
    assertThat(cand.find()).as(r.out()).isTrue();
    assertThat(cand.group(1)).contains("-XX:SurvivorRatio=");
    // the candidate's survivors hold the live 2 MiB request: no promotion-driven Full GC
    Matcher fgc = Pattern.compile("FGC count\\s+(\\d+)\\s+(\\d+)").matcher(r.out());
    assertThat(fgc.find()).as(r.out()).isTrue();
    assertThat(Integer.parseInt(fgc.group(2))).isZero();
    for (String f : List.of("baseline-gc.log", "candidate-gc.log", "baseline-gc-report.html", "candidate-gc-report.html",
        "baseline-load.json", "candidate-load.json")) {
      assertThat(dir.resolve(f)).as(f).exists();
    }
  }

  @Test
  void unknownScenarioIsAUsageError() {
    CliRun r = CliRun.of("demo", "--scenario", "no-such-case", "--out", dir.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("jtune: ").contains("no-such-case");
  }

  @Test
  void candidateTakesEachOptionFromTheMostSevereFinding() {
    List<Finding> findings = List.of(
        new Finding("a", Severity.CRITICAL, "a", List.of(), 1, "", List.of("-Xmn64m", "-XX:SurvivorRatio=6")),
        new Finding("b", Severity.WARNING, "b", List.of(), 1, "", List.of("-Xmn128m", "-XX:+AlwaysPreTouch")),
        new Finding("c", Severity.WARNING, "c", List.of(), 1, "", List.of("-XX:SurvivorRatio=3", "-XX:-UseAdaptiveSizePolicy")));
    assertThat(DemoCommand.candidateFlags(findings))
        .containsExactly("-Xmn64m", "-XX:SurvivorRatio=6", "-XX:+AlwaysPreTouch", "-XX:-UseAdaptiveSizePolicy");
  }
}
