package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The lab's hand-parsed command line. */
class LabOptionsTest {
  @Test
  void defaultsAreTomcatLikeOnLoopback() {
    LabOptions o = LabOptions.parse().options();
    assertThat(o.host()).isEqualTo("127.0.0.1");
    assertThat(o.port()).isZero();
    assertThat(o.threads()).isEqualTo(200);
    assertThat(o.cache()).isEqualTo(LabOptions.CacheKind.HEAP);
    assertThat(o.scenario()).isEqualTo("api");
    assertThat(o.parentPid()).isEqualTo(-1);
    assertThat(o.liveMb()).isZero();
  }

  @Test
  void bothSpellingsAndTheLastRepeatWin() {
    LabOptions.CommandLine c = LabOptions.parse("--threads=8", "--cache", "heap", "--cache=offheap",
        "--warm-classes", "100", "--live-mb=100", "--parent-pid", "42", "--port", "8080", "--print");
    assertThat(c.action()).isEqualTo(LabOptions.Action.PRINT);
    assertThat(c.options().threads()).isEqualTo(8);
    assertThat(c.options().cache()).isEqualTo(LabOptions.CacheKind.OFFHEAP);
    assertThat(c.options().warmClasses()).isEqualTo(100);
    assertThat(c.options().liveMb()).isEqualTo(100);
    assertThat(c.options().parentPid()).isEqualTo(42);
    assertThat(c.options().port()).isEqualTo(8080);
  }

  @Test
  void badOptionsAreOneLineMessages() {
    assertThatThrownBy(() -> LabOptions.parse("--threads", "0")).hasMessage("--threads must be in 1..10000, got 0");
    assertThatThrownBy(() -> LabOptions.parse("--port")).hasMessage("option --port needs a value");
    assertThatThrownBy(() -> LabOptions.parse("--cache", "disk"))
        .hasMessage("--cache must be heap or offheap, got 'disk'");
    assertThatThrownBy(() -> LabOptions.parse("--bogus")).hasMessage("unknown option '--bogus'");
    assertThatThrownBy(() -> LabOptions.parse("--warm-classes", "1000000"))
        .hasMessage("--warm-classes must be in 0..100000, got 1000000");
    assertThatThrownBy(() -> LabOptions.parse("--live-mb", "-1")).hasMessage("--live-mb must be in 0..65536, got -1");
    assertThatThrownBy(() -> LabOptions.parse("--live-mb", "lots"))
        .hasMessage("--live-mb needs a whole number, got 'lots'");
  }

  @Test
  void theLiveSetMayTakeAtMostThreeQuartersOfTheMaxHeap() {
    LabOptions o = LabOptions.parse("--live-mb", "192").options();
    o.checkAgainstHeap(256L << 20);
    assertThatThrownBy(() -> o.checkAgainstHeap(254L << 20))
        .hasMessage("--live-mb must be at most 3/4 of the max heap (190 of 254 MiB), got 192");
  }
}
