package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** jstat -gc output of real JVMs (every JDK on the machine), checked against the JVM's own MXBeans. */
class JstatGcTest {
  private static final long MB = 1L << 20;

  @TempDir Path dir;

  private static long[] pool(JstatChild c, String name) {
    long[] v = c.state.get(name);
    assertThat(v).as("pool " + name + " in " + c.state.keySet()).isNotNull();
    return v;
  }

  @ParameterizedTest
  @MethodSource("io.jtune.experiment.suggest.JstatChild#jdksWithJstat")
  void serialHeapAsTheJvmSeesIt(Path javaHome) throws Exception {
    try (JstatChild c = JstatChild.start(javaHome, dir,
        List.of("-Xms64m", "-Xmx64m", "-Xmn16m", "-XX:SurvivorRatio=6", "-XX:+UseSerialGC"), 4)) {
      JstatGc j = JstatGc.parse(new StringReader(c.jstat("-gc", "PID")), "jstat");
      assertThat(j.samples()).hasSize(1);
      assertThat(j.youngGcCount()).isEqualTo(c.state.get("young")[0]);
      assertThat(j.edenCapacityBytes()).isEqualTo(pool(c, "Eden_Space")[0]);
      assertThat(j.survivorCapacityBytes()).isEqualTo(pool(c, "Survivor_Space")[0]);
      assertThat(j.oldCapacityBytes()).isEqualTo(pool(c, "Tenured_Gen")[0]);
      // -Xmn16m with SurvivorRatio=6: eden 12 MB and two survivors of 2 MB
      assertThat(j.youngCapacityBytes()).isEqualTo(16 * MB);
      assertThat(j.survivorCapacityBytes()).isEqualTo(2 * MB);
      assertThat(j.heapCapacityBytes()).isEqualTo(64 * MB);
      long metaspaceUsed = pool(c, "Metaspace")[1];
      assertThat(j.metaspaceUsedPeakBytes()).isBetween(metaspaceUsed * 8 / 10, metaspaceUsed * 12 / 10);
      assertThat(j.metaspaceCapacityBytes()).isGreaterThanOrEqualTo(j.metaspaceUsedPeakBytes());
      assertThat(j.meanYoungPauseMs()).isGreaterThanOrEqualTo(0);
      assertThat(j.hasTimestamps()).isFalse();
      assertThat(j.meanYoungIntervalS()).isNaN();
    }
  }

  @ParameterizedTest
  @MethodSource("io.jtune.experiment.suggest.JstatChild#jdksWithJstat")
  void timestampsAndRepeatedHeaders(Path javaHome) throws Exception {
    try (JstatChild c = JstatChild.start(javaHome, dir, List.of("-Xmx64m", "-XX:+UseSerialGC"), 3)) {
      String out = c.jstat("-gc", "-t", "-h2", "PID", "100", "5");
      assertThat(out.lines().filter(l -> l.contains("S0C"))).hasSize(3);
      JstatGc j = JstatGc.parse(new StringReader(out), "jstat");
      assertThat(j.samples()).hasSize(5);
      assertThat(j.hasTimestamps()).isTrue();
      assertThat(j.spanS()).isBetween(0.2, 30.0);
      assertThat(j.samples()).allSatisfy(s -> assertThat((long) s.get("YGC")).isEqualTo(c.state.get("young")[0]));
      // an idle JVM collects nothing while sampled: no interval to compute
      assertThat(j.meanYoungIntervalS()).isNaN();
    }
  }

  @ParameterizedTest
  @MethodSource("io.jtune.experiment.suggest.JstatChild#jdksWithJstat")
  void jdk8LayoutWithoutConcurrentColumnsReadsTheSame(Path javaHome) throws Exception {
    try (JstatChild c = JstatChild.start(javaHome, dir, List.of("-Xmx64m", "-XX:+UseParallelGC"), 3)) {
      String out = c.jstat("-gc", "PID");
      JstatGc full = JstatGc.parse(new StringReader(out), "jstat");
      // JDK 8 prints no CGC/CGCT: the same output without those columns
      List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
      List<String> header = List.of(lines.get(0).trim().split("\\s+"));
      org.junit.jupiter.api.Assumptions.assumeTrue(header.contains("CGC"), "this JDK prints no CGC column");
      StringBuilder jdk8 = new StringBuilder();
      for (String l : lines) {
        String[] w = l.trim().split("\\s+");
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < w.length; i++) {
          if (!header.get(i).equals("CGC") && !header.get(i).equals("CGCT")) {
            kept.add(w[i]);
          }
        }
        jdk8.append(String.join("  ", kept)).append('\n');
      }
      JstatGc old = JstatGc.parse(new StringReader(jdk8.toString()), "jstat (JDK 8 layout)");
      assertThat(old.heapCapacityBytes()).isEqualTo(full.heapCapacityBytes()).isPositive();
      assertThat(old.youngGcCount()).isEqualTo(full.youngGcCount()).isEqualTo(c.state.get("young")[0]);
      assertThat(old.samples().get(0).get("CGC")).isNaN();
    }
  }

  @Test
  void zgcOnTheTestJdkHasDashesForWhatItLacks() throws Exception {
    Path home = Path.of(System.getProperty("java.home"));
    try (JstatChild c = JstatChild.start(home, dir, List.of("-Xmx64m", "-XX:+UseZGC"), 1)) {
      JstatGc j = JstatGc.parse(new StringReader(c.jstat("-gc", "PID")), "jstat");
      assertThat(j.survivorCapacityBytes()).isEqualTo(-1);
      assertThat(j.heapCapacityBytes()).isPositive().isLessThanOrEqualTo(64 * MB);
      assertThat(j.metaspaceUsedPeakBytes()).isPositive();
    }
  }

  @Test
  void gcutilOutputIsRefusedWithTheReason() throws Exception {
    Path home = Path.of(System.getProperty("java.home"));
    try (JstatChild c = JstatChild.start(home, dir, List.of("-Xmx64m", "-XX:+UseSerialGC"), 1)) {
      String util = c.jstat("-gcutil", "PID");
      assertThatThrownBy(() -> JstatGc.parse(new StringReader(util), "util.txt"))
          .isInstanceOf(JtuneException.class).hasMessageContaining("util.txt line 1").hasMessageContaining("-gcutil");
    }
  }

  @Test
  void badInputGivesOneLineWithTheLine() throws Exception {
    assertThatThrownBy(() -> JstatGc.parse(new StringReader("hello world\n"), "x.txt"))
        .isInstanceOf(JtuneException.class).hasMessageContaining("x.txt line 1");
    assertThatThrownBy(() -> JstatGc.parse(new StringReader(""), "empty.txt"))
        .isInstanceOf(JtuneException.class).hasMessageContaining("no jstat -gc samples");
    assertThatThrownBy(() -> JstatGc.read(dir.resolve("missing.txt")))
        .isInstanceOf(JtuneException.class).hasMessageContaining("not found");
    Path home = Path.of(System.getProperty("java.home"));
    try (JstatChild c = JstatChild.start(home, dir, List.of("-Xmx64m", "-XX:+UseSerialGC"), 1)) {
      String out = c.jstat("-gc", "PID");
      String cut = out.stripTrailing();
      cut = cut.substring(0, cut.lastIndexOf(' '));
      Path f = Files.writeString(dir.resolve("cut.txt"), cut + "\n");
      assertThatThrownBy(() -> JstatGc.read(f)).isInstanceOf(JtuneException.class)
          .hasMessageContaining("cut.txt line 2").hasMessageContaining("values under a header of");
    }
  }
}
