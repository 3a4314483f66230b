package io.jtune.runtime.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.process.ChildJvmFixture;
import io.jtune.runtime.process.FixtureJar;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LabLauncher: finding the lab jar and reading its scenarios, on jars written by the test. */
class LabLauncherTest {
  private static final String CATALOG = String.join("\n",
      "scenarios=api, survivor-overflow",
      "api.about=healthy",
      "api.load=concurrency=8",
      "api.jvm=-Xmx256m",
      "api.signature=young only",
      "api.fix=nothing",
      "api.mix=6 /work?cpu=1 | 1 /work?io=5",
      "survivor-overflow.about=survivors too small",
      "survivor-overflow.load=concurrency=2",
      "survivor-overflow.jvm=-Xmx256m -Xmn19m -XX:SurvivorRatio=8",
      "survivor-overflow.fix.jvm=-XX:SurvivorRatio=6",
      "survivor-overflow.lab=--threads 50",
      "survivor-overflow.fix.lab=--cache offheap",
      "survivor-overflow.signature=promotion",
      "survivor-overflow.fix=bigger survivors",
      "survivor-overflow.mix=1 /work?alloc=2097152&hold=10",
      "");

  @TempDir Path dir;

  @AfterEach
  void clearProperties() {
    System.clearProperty(LabLauncher.JAR_PROPERTY);
  }

  private Path labJar() throws Exception {
    return FixtureJar.write(dir.resolve("lab.jar"), ChildJvmFixture.class,
        Map.of("io/jtune/lab/scenarios.properties", CATALOG));
  }

  @Test
  void readsTheScenariosFromTheJar() throws Exception {
    LabLauncher lab = LabLauncher.at(labJar());
    assertThat(lab.scenarios()).extracting(LabScenario::name).containsExactly("api", "survivor-overflow");
    LabScenario s = lab.scenario("survivor-overflow");
    assertThat(s.jvmFlags()).containsExactly("-Xmx256m", "-Xmn19m", "-XX:SurvivorRatio=8");
    assertThat(s.fixFlags()).containsExactly("-XX:SurvivorRatio=6");
    assertThat(s.mix()).extracting(LabScenario.MixEntry::toString).containsExactly("1 /work?alloc=2097152&hold=10");
    assertThat(s.concurrency()).hasValue(2);
    assertThat(lab.scenario("api").mix()).extracting(LabScenario.MixEntry::toString).containsExactly("6 /work?cpu=1", "1 /work?io=5");
  }

  @Test
  void launchPutsScenarioFlagsThenFixThenExtrasAndPassesTheParentPid() throws Exception {
    LabLauncher lab = LabLauncher.at(labJar());
    LabLaunch launch = LabLaunch.of("survivor-overflow").withFix(true).withJvmFlags(List.of("-Xlog:gc"))
        .withLabArgs(List.of("--threads", "7")).withPort(8123).withJavaHome(Path.of("/jdk"));
    assertThat(lab.spec(launch).command(99)).containsExactly(
        Path.of("/jdk/bin/java").toString(), "-Xmx256m", "-Xmn19m", "-XX:SurvivorRatio=8",
        "-XX:SurvivorRatio=6", "-Xlog:gc", "-jar", lab.jar().toString(),
        "--scenario", "survivor-overflow", "--port", "8123", "--threads", "50", "--cache", "offheap",
        "--threads", "7", "--parent-pid", "99");
    assertThat(lab.spec(launch.withFix(false)).command(99)).doesNotContain("-XX:SurvivorRatio=6", "offheap");
  }

  @Test
  void unknownScenarioNamesTheKnownOnes() throws Exception {
    LabLauncher lab = LabLauncher.at(labJar());
    assertThatThrownBy(() -> lab.scenario("nope"))
        .isInstanceOf(JtuneException.class)
        .hasMessage("unknown lab scenario 'nope'; known: api, survivor-overflow");
  }

  @Test
  void jarPropertyWinsAndAMissingJarIsOneLine() throws Exception {
    Path jar = labJar();
    System.setProperty(LabLauncher.JAR_PROPERTY, jar.toString());
    assertThat(LabLauncher.locateJar()).isEqualTo(jar.toAbsolutePath());
    System.setProperty(LabLauncher.JAR_PROPERTY, dir.resolve("missing.jar").toString());
    assertThatThrownBy(LabLauncher::locateJar)
        .isInstanceOf(JtuneException.class)
        .hasMessageStartingWith("lab jar not found at " + dir.resolve("missing.jar"))
        .hasMessageNotContaining("\n");
  }

  @Test
  void aJarWithoutScenariosIsNotALab() throws Exception {
    Path other = FixtureJar.write(dir.resolve("other.jar"), ChildJvmFixture.class, Map.of());
    assertThatThrownBy(() -> LabLauncher.at(other))
        .isInstanceOf(JtuneException.class)
        .hasMessageContaining("is not a jtune lab jar");
  }

  @Test
  void startsAChildThatAnnouncesItselfLikeTheLab() throws Exception {
    LabLauncher lab = LabLauncher.at(labJar());
    LabLaunch launch = LabLaunch.of("api").withJvmFlags(List.of("-Xmx32m")).withLabArgs(List.of("serve"));
    try (RunningLab running = lab.start(launch)) {
      assertThat(running.url().toString()).isEqualTo("http://127.0.0.1:" + running.port());
      assertThat(running.scenario().name()).isEqualTo("api");
      assertThat(running.jvm().isAlive()).isTrue();
      assertThat(running.resolve("/scenario").toString()).endsWith(running.port() + "/scenario");
    }
  }
}
