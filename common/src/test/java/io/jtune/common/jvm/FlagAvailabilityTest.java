package io.jtune.common.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The JDKs that have a flag, as the catalogue says (checked against real JDKs by the experiment module's JvmOptionJdkTest). */
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
}
