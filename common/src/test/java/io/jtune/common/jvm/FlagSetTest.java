package io.jtune.common.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.units.ByteSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Flags as configurations: options, merging, collector switches, the baseline from a logged command line. */
class FlagSetTest {

  @Test
  void optionNames() {
    assertThat(FlagSet.option("-XX:+UseG1GC")).isEqualTo("UseG1GC");
    assertThat(FlagSet.option("-XX:-UseAdaptiveSizePolicy")).isEqualTo("UseAdaptiveSizePolicy");
    assertThat(FlagSet.option("-XX:SurvivorRatio=6")).isEqualTo("SurvivorRatio");
    assertThat(FlagSet.option("-Xmx2g")).isEqualTo("MaxHeapSize");
    assertThat(FlagSet.option("-XX:MaxHeapSize=2147483648")).isEqualTo("MaxHeapSize");
    assertThat(FlagSet.option("-Xms2g")).isEqualTo("InitialHeapSize");
    assertThat(FlagSet.option("-Xmn64m")).isEqualTo("Xmn");
    assertThat(FlagSet.option("-Xlog:gc*:file=gc.log")).isEqualTo("-Xlog");
    assertThat(FlagSet.option("-Dx=1")).isEqualTo("-Dx");
  }

  @Test
  void laterFlagWinsPerOptionAndXmnReplacesNewSizes() {
    assertThat(FlagSet.merge(List.of("-Xms256m", "-Xmx2g", "-XX:NewSize=100m", "-XX:MaxNewSize=100m", "-XX:SurvivorRatio=8"),
        List.of("-Xms2g", "-Xmn512m", "-XX:SurvivorRatio=6")))
        .containsExactly("-Xms2g", "-Xmx2g", "-XX:SurvivorRatio=6", "-Xmn512m");
  }

  @Test
  void switchingCollectorDropsTheOldOneItsTuningAndAFixedYoungForG1() {
    List<String> cms = List.of("-Xmx8g", "-Xmn2g", "-XX:+UseConcMarkSweepGC", "-XX:+UseParNewGC",
        "-XX:CMSInitiatingOccupancyFraction=75", "-XX:+UseCMSInitiatingOccupancyOnly", "-XX:ParGCCardsPerStrideChunk=4096",
        "-XX:MaxTenuringThreshold=6");
    assertThat(FlagSet.merge(cms, List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50")))
        .containsExactly("-Xmx8g", "-XX:MaxTenuringThreshold=6", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50");
    assertThat(FlagSet.merge(List.of("-Xmn19m", "-XX:+UseSerialGC"), List.of("-XX:+UseParallelGC")))
        .containsExactly("-Xmn19m", "-XX:+UseParallelGC");
  }

  @Test
  void appendedChangesSwitchTheBaseCollectorOff() {
    List<String> lab = List.of("-Xms256m", "-Xmx256m", "-Xmn19m", "-XX:+UseSerialGC");
    assertThat(FlagSet.appendable(lab, List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50")))
        .containsExactly("-XX:-UseSerialGC", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50");
    assertThat(FlagSet.appendable(lab, List.of("-XX:SurvivorRatio=6"))).containsExactly("-XX:SurvivorRatio=6");
  }

  @Test
  void baselineFromALoggedCommandLineKeepsHeapAndGcOptionsOnly() {
    List<String> logged = List.of("-XX:CICompilerCount=4", "-XX:+CMSParallelRemarkEnabled", "-XX:GCLogFileSize=20480",
        "-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=/logs", "-XX:InitialHeapSize=838860800",
        "-XX:MaxHeapSize=838860800", "-XX:MaxNewSize=279576576", "-XX:NewSize=279576576", "-XX:+PrintGCDetails",
        "-XX:+UseCompressedOops", "-XX:+UseConcMarkSweepGC", "-XX:+UseGCLogFileRotation", "-XX:+UseParNewGC");
    assertThat(FlagSet.tuning(logged)).containsExactly("-XX:+CMSParallelRemarkEnabled", "-Xms800m", "-Xmx800m",
        "-Xmn273024k", "-XX:+UseConcMarkSweepGC", "-XX:+UseParNewGC");
  }

  @Test
  void sameConfigurationIgnoresOrderAndOverriddenFlags() {
    assertThat(FlagSet.sameConfiguration(List.of("-Xmx1g", "-XX:+UseG1GC"), List.of("-XX:+UseG1GC", "-Xmx512m", "-Xmx1g")))
        .isTrue();
    assertThat(FlagSet.sameConfiguration(List.of("-Xmx1g"), List.of("-Xmx1g", "-XX:+AlwaysPreTouch"))).isFalse();
    assertThat(ByteSize.flagValue(2L << 30)).isEqualTo("2g");
    assertThat(ByteSize.flagValue(64L << 20)).isEqualTo("64m");
  }
}
