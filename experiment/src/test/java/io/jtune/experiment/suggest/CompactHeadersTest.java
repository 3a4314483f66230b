package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.JvmCheck;
import io.jtune.experiment.run.RunResult;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.runtime.process.ChildJvmSpec;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDK 25 advice: compact object headers where the live set takes a large share of the heap, and
 * flags checked by the JVM that will run them (an option it ignores is refused). The log is the
 * lab's api scenario on Temurin 25 with a 160 MB live set in a 384 MB G1 heap
 * (testdata/jdk25/README.md).
 */
class CompactHeadersTest {
  static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
  static final Path LOG = Path.of("../testdata/jdk25/lab-api-live160m-g1-jdk25.log").toAbsolutePath().normalize();

  @TempDir Path dir;

  @AfterEach
  void noChildLeft() {
    System.clearProperty("jtune.lab.jar");
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
  }

  private static Analysis analysis() {
    return GcAnalyzer.analyze(LOG.toString(), AnalysisOptions.DEFAULTS, e -> true);
  }

  private static Candidate compact(Suggestion s) {
    return s.candidates().stream().filter(c -> c.name().equals("compact-headers")).findFirst().orElse(null);
  }

  @Test
  void aLargeLiveSetOnJdk25GetsCompactHeadersWithItsReason() {
    Suggestion s = Advisor.advise(analysis(), Advisor.Inputs.NONE);
    Candidate c = compact(s);
    assertThat(c).as(s.candidates().toString()).isNotNull();
    assertThat(c.flags()).contains("-XX:+UseCompactObjectHeaders");
    assertThat(c.reason()).contains("live set", "22%", "JDK 25");
  }

  @Test
  void notWhereTheJdkHasNoSuchOptionNorWhenItIsOn() {
    assertThat(compact(Advisor.advise(analysis(), Advisor.Inputs.NONE.withJdk(17)))).isNull();
    assertThat(compact(Advisor.advise(analysis(),
        Advisor.Inputs.NONE.withFlags(List.of("-XX:+UseCompactObjectHeaders"))))).isNull();
  }

  @Test
  void theTargetJdkChecksTheFlagsAndRefusesAnOptionItWouldIgnore() {
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "JDK 25 at " + JDK25);
    assertThat(JvmCheck.check(JDK25, List.of("-XX:+UseCompactObjectHeaders")).accepted()).isTrue();
    JvmCheck.Result ignored = JvmCheck.check(JDK25, List.of("-XX:+UseZGC", "-XX:+ZGenerational"));
    assertThat(ignored.accepted()).isFalse();
    assertThat(ignored.complaint()).contains("ignores -XX:ZGenerational", "removed in 24");
    if (Runtime.version().feature() < 24) {
      // jtune's own JDK (17 here) does not know the option at all
      assertThat(JvmCheck.check(ChildJvmSpec.currentJavaHome(), List.of("-XX:+UseCompactObjectHeaders")).accepted())
          .isFalse();
    }
  }

  @Test
  void theCandidateRunsOnJdk25BesideTheBaseline() throws Exception {
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "JDK 25 at " + JDK25);
    System.setProperty("jtune.lab.jar", Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize().toString());
    String yaml = """
        name: compact-headers
        target: {lab: api, labArgs: "--live-mb 64", javaHome: "%s"}
        baseline: base
        candidates:
          - {name: base, flags: "-Xmx256m"}
          - {name: compact, flags: "-Xmx256m -XX:+UseCompactObjectHeaders"}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 3s}
        repetitions: 1
        """.formatted(JDK25);
    Plan p = PlanReader.read(new StringReader(yaml), "plan.yaml", dir);
    List<RunResult> runs = Experiment.prepare(p, yaml, dir, Experiment.Options.DEFAULTS, null).run();
    assertThat(runs).hasSize(2).allSatisfy(r -> assertThat(r.ok()).as(r.failure()).isTrue());
    RunResult compact = runs.stream().filter(r -> r.candidate().equals("compact")).findFirst().orElseThrow();
    String log = Files.readString(dir.resolve("runs").resolve(compact.id()).resolve("gc.log"), StandardCharsets.UTF_8);
    assertThat(compact.flags()).contains("-XX:+UseCompactObjectHeaders");
    assertThat(log).contains("Version: 25");
  }
}
