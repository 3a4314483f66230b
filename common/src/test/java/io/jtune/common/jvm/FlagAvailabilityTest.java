package io.jtune.common.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The flag table, by JDK, and checked against the flags real JDKs have. */
class FlagAvailabilityTest {

  @Test
  void cmsAndParNewOnlyUpToJdk13() {
    for (String f : List.of("-XX:+UseConcMarkSweepGC", "-XX:CMSInitiatingOccupancyFraction=60",
        "-XX:+UseCMSInitiatingOccupancyOnly", "-XX:ParGCCardsPerStrideChunk=4096")) {
      assertThat(FlagAvailability.available(f, 8)).as(f).isTrue();
      assertThat(FlagAvailability.available(f, 13)).as(f).isTrue();
      assertThat(FlagAvailability.available(f, 14)).as(f).isFalse();
      assertThat(FlagAvailability.available(f, 17)).as(f).isFalse();
    }
    assertThat(FlagAvailability.available("-XX:+UseParNewGC", 9)).isTrue();
    assertThat(FlagAvailability.available("-XX:+UseParNewGC", 10)).isFalse();
  }

  @Test
  void permGenUpTo7MetaspaceFrom8() {
    assertThat(FlagAvailability.available("-XX:MaxPermSize=256m", 7)).isTrue();
    assertThat(FlagAvailability.available("-XX:MaxPermSize=256m", 8)).isFalse();
    assertThat(FlagAvailability.available("-XX:PermSize=256m", 17)).isFalse();
    assertThat(FlagAvailability.available("-XX:MetaspaceSize=256m", 7)).isFalse();
    assertThat(FlagAvailability.available("-XX:MetaspaceSize=256m", 8)).isTrue();
  }

  @Test
  void zgcFrom11GenerationalFlagOnly21To23() {
    assertThat(FlagAvailability.available("-XX:+UseZGC", 8)).isFalse();
    assertThat(FlagAvailability.available("-XX:+UseZGC", 11)).isTrue();
    assertThat(FlagAvailability.available("-XX:+ZGenerational", 17)).isFalse();
    assertThat(FlagAvailability.available("-XX:+ZGenerational", 21)).isTrue();
    assertThat(FlagAvailability.available("-XX:+ZGenerational", 23)).isTrue();
    assertThat(FlagAvailability.available("-XX:+ZGenerational", 24)).isFalse();
    assertThat(FlagAvailability.available("-XX:+UseShenandoahGC", 11)).isFalse();
    assertThat(FlagAvailability.available("-XX:+UseShenandoahGC", 17)).isTrue();
  }

  @Test
  void flagsOfEveryJdkAreAlwaysAvailable() {
    for (String f : List.of("-Xmn512m", "-Xms2g", "-XX:SurvivorRatio=6", "-XX:+AlwaysPreTouch", "-XX:MaxGCPauseMillis=50",
        "-XX:+DisableExplicitGC", "-XX:+ExplicitGCInvokesConcurrent", "-XX:-UseAdaptiveSizePolicy", "-XX:+UseParallelGC")) {
      assertThat(FlagAvailability.available(f, 6)).as(f).isTrue();
      assertThat(FlagAvailability.available(f, FlagAvailability.LATEST)).as(f).isTrue();
    }
  }

  @Test
  void aRangeNeedsTheFlagInEveryJdkOfIt() {
    JdkRange nineOrLater = new JdkRange(9, FlagAvailability.LATEST, "test");
    assertThat(FlagAvailability.available("-XX:+UseConcMarkSweepGC", nineOrLater)).isFalse();
    assertThat(FlagAvailability.whyMissing("-XX:+UseConcMarkSweepGC", nineOrLater)).contains("removed in JDK 14");
    assertThat(FlagAvailability.available("-XX:MetaspaceSize=256m", nineOrLater)).isTrue();
    assertThat(FlagAvailability.available("-XX:+UseG1GC", nineOrLater)).isTrue();
    assertThat(FlagAvailability.available("-XX:+UseZGC", nineOrLater)).isFalse();
    assertThat(FlagAvailability.available("-XX:+UseZGC", JdkRange.exactly(21, "test"))).isTrue();
  }

  /** The table agrees with the JDK's own list of flags (diagnostic and experimental ones unlocked). */
  @ParameterizedTest
  @MethodSource("io.jtune.experiment.suggest.JstatChild#installedJdks")
  void tableAgreesWithARealJdk(Path javaHome) throws Exception {
    Process p = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-XX:+UnlockDiagnosticVMOptions",
        "-XX:+UnlockExperimentalVMOptions", "-XX:+PrintFlagsFinal", "-version").redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    int major = major(out);
    Assumptions.assumeTrue(major > 0, "no version in the output of " + javaHome);
    Set<String> present = new HashSet<>();
    out.lines().map(String::trim).map(l -> l.split("\\s+")).filter(w -> w.length >= 3).forEach(w -> present.add(w[1]));
    assertThat(present).as("flags of " + javaHome).contains("UseG1GC", "MaxGCPauseMillis");
    for (Map.Entry<String, JvmOption.Span> e : FlagAvailability.table().entrySet()) {
      if (e.getKey().equals("UseShenandoahGC") && !present.contains(e.getKey())) {
        continue; // the table says "from 12"; some vendors (Oracle) leave it out of their builds
      }
      assertThat(present.contains(e.getKey())).as("JDK %d (%s) has %s", major, javaHome, e.getKey())
          .isEqualTo(e.getValue().covers(major));
    }
  }

  private static int major(String versionOutput) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("version \"(1\\.)?(\\d+)").matcher(versionOutput);
    return m.find() ? Integer.parseInt(m.group(2)) : -1;
  }
}
