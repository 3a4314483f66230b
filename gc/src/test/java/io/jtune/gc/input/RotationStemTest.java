package io.jtune.gc.input;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which file names are one rotated set (the same stem) and which are logs of different JVMs. */
class RotationStemTest {

  @Test
  void rotationSuffixesOfTheJvmAndOfLogrotateAreTakenOff() {
    // unified logging's filecount rotation
    assertThat(RotationStem.of("/var/log/app/gc.log")).isEqualTo("gc.log");
    assertThat(RotationStem.of("/var/log/app/gc.log.0")).isEqualTo("gc.log");
    assertThat(RotationStem.of("/var/log/app/gc.log.12")).isEqualTo("gc.log");
    // JDK 8 -XX:+UseGCLogFileRotation
    assertThat(RotationStem.of("gc.log.3.current")).isEqualTo("gc.log");
    // logrotate: numbers, dates, compression
    assertThat(RotationStem.of("gc.log.2.gz")).isEqualTo("gc.log");
    assertThat(RotationStem.of("gc.log-20240131")).isEqualTo("gc.log");
    assertThat(RotationStem.of("gc.log-2024013112.gz")).isEqualTo("gc.log");
    // a member of a zip archive is named by its own name
    assertThat(RotationStem.of("/tmp/logs.zip!rollover.log.4")).isEqualTo("rollover.log");
    assertThat(RotationStem.of("/tmp/logs.zip!dir/rollover.log")).isEqualTo("rollover.log");
  }

  @Test
  void namesThatDifferBeforeTheSuffixAreDifferentLogs() {
    // -Xloggc:gc-%t.log and %p: a new name at each JVM start
    assertThat(RotationStem.of("gc-2016-11-08_11-55-48.log")).isNotEqualTo(RotationStem.of("gc-2016-11-09_08-01-02.log"));
    assertThat(RotationStem.of("gc-pid4711.log.0")).isNotEqualTo(RotationStem.of("gc-pid4712.log.0"));
    assertThat(RotationStem.of("a-g1.log")).isNotEqualTo(RotationStem.of("b-shenandoah.log"));
    // a name that is only digits keeps them
    assertThat(RotationStem.of("20240131")).isEqualTo("20240131");
    assertThat(RotationStem.of("-")).isEqualTo("-");
  }
}
