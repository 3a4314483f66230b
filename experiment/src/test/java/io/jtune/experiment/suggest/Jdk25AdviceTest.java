package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.run.JvmCheck;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Advice for JDK 25: every candidate suggested on the case book passes JDK 25's own check (its
 * exit code, and no option it would ignore), and single-generation Shenandoah whose cycles cannot
 * keep up gets the generational mode. The Shenandoah log is a real Temurin 25 JVM allocating
 * 600 MB/s in a 64 MB heap (testdata/jdk25/README.md).
 */
class Jdk25AdviceTest {
  static final Path JDK25 = CompactHeadersTest.JDK25;
  static final Path BUSY = Path.of("../testdata/jdk25/shenandoah-busy-jdk25.log.gz").toAbsolutePath().normalize();

  private static Analysis analysis(Path log) {
    return GcAnalyzer.analyze(log.toString(), AnalysisOptions.DEFAULTS, e -> true);
  }

  private static Candidate named(Suggestion s, String name) {
    return s.candidates().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  @Test
  void everyCandidateOfTheCaseBookPassesJdk25sOwnCheck() throws IOException {
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "JDK 25 at " + JDK25);
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> s = Stream.concat(Files.list(Path.of("../testdata/casebook")), Files.list(Path.of("../testdata/jdk25")))) {
      s.filter(p -> p.getFileName().toString().matches(".*\\.log(\\.gz)?")).sorted().forEach(logs::add);
    }
    assertThat(logs).hasSizeGreaterThanOrEqualTo(10);
    Map<List<String>, String> configurations = new LinkedHashMap<>();
    int analyzed = 0;
    for (Path log : logs) {
      Analysis a;
      try {
        a = analysis(log);
      } catch (io.jtune.common.JtuneException e) {
        continue; // a log with no collection (a JVM the container killed at start)
      }
      analyzed++;
      Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE.withJdk(25));
      for (Candidate c : s.candidates()) {
        configurations.putIfAbsent(c.flags(), log.getFileName() + " " + c.name());
      }
    }
    assertThat(analyzed).isGreaterThanOrEqualTo(10);
    assertThat(configurations).hasSizeGreaterThanOrEqualTo(analyzed);
    configurations.forEach((flags, where) -> {
      JvmCheck.Result r = JvmCheck.check(JDK25, flags);
      assertThat(r.major()).isEqualTo(25);
      assertThat(r.accepted()).as("%s %s: %s", where, flags, r.complaint()).isTrue();
      assertThat(r.deprecations()).as("%s %s", where, flags).isEmpty();
    });
  }

  @Test
  void busySingleGenerationShenandoahGetsTheGenerationalMode() {
    Suggestion s = Advisor.advise(analysis(BUSY), Advisor.Inputs.NONE);
    Candidate c = named(s, "shenandoah-generational");
    assertThat(c).as(s.candidates().toString()).isNotNull();
    assertThat(c.flags()).contains("-XX:ShenandoahGCMode=generational");
    assertThat(c.reason()).contains("Single-generation Shenandoah", "busy", "JDK 25");
    if (Files.isExecutable(JDK25.resolve("bin/java"))) {
      JvmCheck.Result r = JvmCheck.check(JDK25, c.flags());
      assertThat(r.accepted()).as(r.complaint()).isTrue();
    }
  }

  @Test
  void notBeforeJdk25NorWhenGenerationalAlreadyNorForAnotherCollector() {
    assertThat(named(Advisor.advise(analysis(BUSY), Advisor.Inputs.NONE.withJdk(21)), "shenandoah-generational")).isNull();
    assertThat(named(Advisor.advise(analysis(BUSY),
        Advisor.Inputs.NONE.withFlags(List.of("-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational"))),
        "shenandoah-generational")).isNull();
    assertThat(named(Advisor.advise(analysis(CompactHeadersTest.LOG), Advisor.Inputs.NONE), "shenandoah-generational"))
        .isNull();
  }
}
