package io.jtune.gc.diagnosis;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The primary diagnosis of corpus logs whose problem is known from the log text or the corpus notes. */
class DiagnosisTest {

  static Analysis analyze(String file) {
    String p = System.getProperty("jtune.corpus");
    Path dir = p != null ? Path.of(p) : Path.of("../testdata/gclogs");
    return GcAnalyzer.analyze(List.of(dir.resolve(file).toAbsolutePath().toString()), new ByteArrayInputStream(new byte[0]),
        AnalysisOptions.DEFAULTS);
  }

  @ParameterizedTest
  @CsvSource({
      "GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt, heap-too-small",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__863_gc.log, memory-leak",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__ps__details__tenuring__gccause__180__1398331617.vgc, metaspace-threshold",
      // G1 answers the metaspace threshold with a young pause starting a concurrent cycle: no Full GC, nothing to fix
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1YoungMetadataGcThreshold.txt, healthy",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1SystemGcYoung.txt, explicit-gc",
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part2.txt, gc-not-the-problem",
      "GCViewer/src__test__resources__openjdk__SampleSun1_6_0G1_young_toSpaceOverflow.txt, concurrent-failure",
      "GCViewer/src__test__resources__openjdk__SampleSun1_6_0AdaptiveSizePolicy.txt, premature-promotion",
  })
  void primaryDiagnosis(String file, String code) {
    Analysis a = analyze(file);
    Diagnosis d = a.diagnosis();
    assertThat(d.primary().code()).isEqualTo(code);
    assertThat(d.secondary()).doesNotContain(d.primary());
    if (d.primary() != Problem.HEALTHY) {
      assertThat(d.evidence()).isNotEmpty();
    }
    // every lifetime carries its own diagnosis; the latest is the top-level one
    assertThat(a.jvms().get(a.jvms().size() - 1).diagnosis()).isEqualTo(d);
  }

  /**
   * The lab's session-leak scenario (G1, 256 MB heap) run for 30 s under load: the heap fills in
   * seconds and its Full GCs free nothing; the demo exited 2 with no verdict on it.
   */
  @Test
  void aHeapThatSaturatesInSecondsIsALeak() {
    Path log = Path.of("src/test/resources/findings/lab-session-leak-g1-jdk17.log").toAbsolutePath();
    Analysis a = GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    assertThat(a.memoryModel().live().saturates()).isTrue();
    assertThat(a.diagnosis().primary()).isEqualTo(Problem.MEMORY_LEAK);
    assertThat(a.diagnosis().advice()).contains("flags are not the fix").contains("-Xmx512m, twice today's")
        .contains("jcmd PID GC.heap_dump").contains("GC.class_histogram");
    // no heap sizing is offered for a leak
    assertThat(a.findings()).noneMatch(f -> f.id().equals("heap-too-small"));
    // the log alone cannot tell a leak from a store whose bound does not fit, and says which run can
    assertThat(a.diagnosis().advice()).contains("a longer run at a larger heap");
  }

  /**
   * The lab's store-bound scenario (a store bounded at 14,000 entries of 8 KiB, a UUID key per
   * request, G1 -Xmx128m, 3 s warm-up + 6 s): old rises to the heap within seconds, then stays: the
   * rise is measured over the rising part, not over the whole log with its plateau.
   */
  @Test
  void aSaturatedHeapsRiseIsMeasuredOverTheRisingPartOnly() {
    Path log = Path.of("../testdata/casebook/store-bound.log.gz").toAbsolutePath();
    Analysis a = GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    var growth = a.findings().stream().filter(f -> f.id().equals("old-gen-growth")).findFirst().orElseThrow();
    var m = java.util.regex.Pattern.compile("in (\\d+) s, then stayed there for (\\d+) s").matcher(growth.title());
    assertThat(m.find()).as(growth.title()).isTrue();
    double rose = Double.parseDouble(m.group(1));
    double stayed = Double.parseDouble(m.group(2));
    // the log spans about 11 s: both parts within it, and the plateau not counted in the rise
    assertThat(rose + stayed).isBetween(5.0, 13.0);
    assertThat(stayed).isGreaterThan(rose);
  }

  @Test
  void theCodesAreTheTenProblemClasses() {
    assertThat(Arrays.stream(Problem.values()).map(Problem::code)).containsExactly("memory-leak", "heap-too-small",
        "premature-promotion", "metaspace-threshold", "explicit-gc", "long-pauses", "concurrent-failure",
        "os-interference", "gc-not-the-problem", "healthy");
    assertThat(Diagnoser.PRIORITY).containsExactlyInAnyOrder(Problem.values());
  }
}
