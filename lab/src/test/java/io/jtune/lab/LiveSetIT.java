package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code --live-mb}: the lab keeps that much in the old generation, through Full GCs. */
class LiveSetIT {
  @Test
  void theLiveSetLandsInTheOldGenerationAndSurvivesAFullGc() throws Exception {
    // A 16 MiB young generation cannot hold 64 MiB: at least 48 MiB are promoted at startup.
    try (LabProcess lab = LabProcess.start(List.of("-Xms256m", "-Xmx256m", "-Xmn16m", "-XX:+UseSerialGC"),
        List.of("--live-mb", "64"))) {
      assertThat(lab.stdout()).anyMatch(l -> l.contains(", live set 64 MiB ("));
      String stats = lab.get("/stats").body();
      long entries = JsonNumbers.find(stats, "settings", "liveEntries");
      assertThat(entries).isEqualTo((64L << 20) / LiveSet.ENTRY_BYTES);
      assertThat(JsonNumbers.find(stats, "settings", "liveBytes")).isBetween(63L << 20, 64L << 20);
      assertThat(JsonNumbers.find(stats, "pools", "Tenured Gen", "usedBytes")).as("old gen after startup")
          .isGreaterThanOrEqualTo(48L << 20);

      lab.jcmd("GC.run");
      long afterFullGc = JsonNumbers.find(lab.get("/stats").body(), "pools", "Tenured Gen", "afterGcBytes");
      assertThat(afterFullGc).as("old gen after a Full GC").isGreaterThanOrEqualTo(64L << 20);
      assertThat(lab.get("/work?alloc=1048576").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void withoutTheOptionNothingIsKept() throws Exception {
    try (LabProcess lab = LabProcess.start(List.of("-Xmx64m", "-XX:+UseSerialGC"), List.of())) {
      String stats = lab.get("/stats").body();
      assertThat(JsonNumbers.find(stats, "settings", "liveEntries")).isZero();
      assertThat(lab.stdout()).anyMatch(l -> l.endsWith(", live set 0 MiB (0 entries)"));
    }
  }

  @Test
  void refusesALiveSetAboveThreeQuartersOfTheHeapWithExitCode2() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx64m", "-XX:+UseSerialGC", "-jar", LabProcess.jar().toString(),
        "--live-mb", "60").redirectErrorStream(true).start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(new String(p.getInputStream().readAllBytes()))
        .matches("(?s)jtune-lab: --live-mb must be at most 3/4 of the max heap \\(\\d+ of \\d+ MiB\\), got 60\n.*");
  }
}
