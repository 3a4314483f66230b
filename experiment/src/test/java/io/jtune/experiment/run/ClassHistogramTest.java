package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The class histogram parser on real {@code jcmd PID GC.class_histogram} output of JDK 17 and
 * JDK 25 (testdata/class-histogram: a tiny JVM holding 50,000 records of its own class), and on
 * what jcmd prints when it cannot attach.
 */
class ClassHistogramTest {
  private static final Path DATA = Path.of("../testdata/class-histogram");

  @ParameterizedTest
  @ValueSource(strings = {"hold-jdk17.txt", "hold-jdk25.txt"})
  void readsEveryRowWithoutItsModuleAndTheTotal(String file) throws IOException {
    List<String> lines = Files.readAllLines(DATA.resolve(file));
    ClassHistogram h = ClassHistogram.parse(lines);
    // the class it holds, in the unnamed module: its 50,000 instances and their bytes
    assertThat(h.of("Hold$Item").instances()).isEqualTo(50_000);
    assertThat(h.of("Hold$Item").bytes()).isGreaterThanOrEqualTo(50_000L * 16);
    // java.base's classes read without their module and version, as on every JDK
    assertThat(lines).anyMatch(l -> l.matches(".*\\s\\[B \\(java\\.base@[^)]+\\)$"));
    assertThat(h.classes()).containsKey("[B").containsKey("java.lang.String");
    assertThat(h.classes().keySet()).noneMatch(n -> n.contains(" ") || n.contains("@"));
    // rows counted whole: the Total line is their sum
    assertThat(h.classes().values().stream().mapToLong(ClassHistogram.Counts::bytes).sum()).isEqualTo(h.totalBytes());
    assertThat(h.classes().values().stream().mapToLong(ClassHistogram.Counts::instances).sum())
        .isEqualTo(h.totalInstances());
    assertThat(h.of("no.such.Class").instances()).isZero();
  }

  @Test
  void jcmdsOwnErrorIsNotAHistogram() {
    // what jcmd 17 printed for a JVM started with -XX:+DisableAttachMechanism (captured in testdata's README)
    List<String> refused = List.of("23786:", "com.sun.tools.attach.AttachNotSupportedException: The VM does not"
        + " support the attach mechanism");
    assertThatThrownBy(() -> ClassHistogram.parse(refused)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a class histogram (no class rows): com.sun.tools.attach.AttachNotSupportedException: The VM"
            + " does not support the attach mechanism");
  }

  @Test
  void theGrowthBetweenTwoHistogramsNamesTheLargestGainsFirst() throws IOException {
    // the JDK 17 histogram against itself less the held records: what the records added is the growth
    List<String> lines = Files.readAllLines(DATA.resolve("hold-jdk17.txt"));
    ClassHistogram end = ClassHistogram.parse(lines);
    List<String> before = lines.stream().filter(l -> !l.contains(" Hold$Item")).toList();
    ClassHistogram start = new ClassHistogram(
        ClassHistogram.parse(before).classes(), end.totalInstances() - 50_000,
        end.totalBytes() - end.of("Hold$Item").bytes());
    ClassGrowth g = ClassGrowth.of(start, end, 61.2);
    assertThat(g.top()).singleElement().satisfies(x -> {
      assertThat(x.className()).isEqualTo("Hold$Item");
      assertThat(x.instancesStart()).isZero();
      assertThat(x.instancesGained()).isEqualTo(50_000);
    });
    assertThat(g.liveBytesEnd() - g.liveBytesStart()).isEqualTo(end.of("Hold$Item").bytes());
    assertThat(g.words(3)).startsWith("what grew between the end of the warm-up and the end of the window (class"
        + " histograms 61 s apart, a Full GC each): Hold$Item +50,000 instances +");
  }
}
