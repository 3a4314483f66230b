package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Each finding rule fires on real logs that have its condition — known from the corpus
 * manifest's notes, the log text itself, or how a log was recorded — and stays quiet on a healthy
 * log.
 */
class FindingsTest {

  static Path corpus(String name) {
    String p = System.getProperty("jtune.corpus");
    Path dir = p != null ? Path.of(p) : Path.of("../testdata/gclogs");
    return dir.resolve(name).toAbsolutePath().normalize();
  }

  static Analysis analyze(Path log, AnalysisOptions options) {
    return GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]), options);
  }

  static Analysis analyze(Path log) {
    return analyze(log, AnalysisOptions.DEFAULTS);
  }

  static Optional<Finding> finding(Analysis a, String id) {
    return a.findings().stream().filter(f -> f.id().equals(id)).findFirst();
  }

  static Finding required(Analysis a, String id) {
    return finding(a, id).orElseThrow(() -> new AssertionError("no finding " + id + " among "
        + a.findings().stream().map(Finding::id).toList()));
  }

  @Test
  void metadataThresholdRecommendsEqualMetaspaceSizes() {
    // Parallel: a young pause, then a Full GC, for the threshold
    Finding f = required(analyze(corpus(
        "gctoolkit-testdata/gctoolkit-gclogs__preunified__ps__details__tenuring__gccause__180__1398331617.vgc")),
        "metadata-gc-threshold");
    assertThat(f.severity()).isEqualTo(Severity.WARNING);
    assertThat(f.title()).contains("1 of them a Full GC");
    assertThat(f.evidence()).isNotEmpty();
    assertThat(f.flags()).hasSize(2);
    String size = f.flags().get(0).substring(f.flags().get(0).indexOf('=') + 1);
    assertThat(f.flags()).containsExactly("-XX:MetaspaceSize=" + size, "-XX:MaxMetaspaceSize=" + size);
  }

  @Test
  void aMetadataThresholdG1AnswersWithAYoungPauseIsInformationOnly() {
    Finding f = required(analyze(corpus("GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1YoungMetadataGcThreshold.txt")),
        "metadata-gc-threshold");
    assertThat(f.severity()).isEqualTo(Severity.INFO);
    assertThat(f.title()).contains("none of them a Full GC");
    assertThat(f.flags()).isEmpty();
    assertThat(f.recommendation()).contains("MetaspaceSize = ", "MaxMetaspaceSize = ", "at least twice the peak");
  }

  @Test
  void systemGcOnG1AlreadyConcurrentIsNotToldToRunConcurrently() {
    // "GC pause (System.gc()) (young) (initial-mark)": -XX:+ExplicitGCInvokesConcurrent is in effect already
    Finding f = required(analyze(corpus("GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1SystemGcYoung.txt")), "system-gc");
    assertThat(f.flags()).doesNotContain("-XX:+ExplicitGCInvokesConcurrent");
    assertThat(f.recommendation()).contains("already starts a concurrent cycle");
    assertThat(f.occurrences()).isEqualTo(1);
  }

  @Test
  void concurrentModeFailuresAndFrequentFullGcs() throws IOException {
    Path log = corpus("GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt");
    Analysis a = analyze(log);
    long cmfLines = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> l.contains("concurrent mode failure")).count();
    Finding f = required(a, "promotion-failure");
    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.occurrences()).isEqualTo(cmfLines);
    assertThat(required(a, "frequent-full-gc").severity()).isEqualTo(Severity.CRITICAL);
  }

  @Test
  void toSpaceExhausted() throws IOException {
    Path log = corpus("gctoolkit-testdata/gctoolkit-gclogs__streaming__gcspike.log");
    long exhausted = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> l.contains("(to-space exhausted)")).count();
    Finding f = required(analyze(log), "evacuation-failure");
    assertThat(f.occurrences()).isEqualTo(exhausted).isPositive();
    assertThat(f.flags()).contains("-XX:G1ReservePercent=20");
  }

  @Test
  void humongousAllocations() throws IOException {
    Path log = corpus("GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1HumongousMixed.txt");
    long humongous = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> l.contains("G1 Humongous Allocation")).count();
    Finding f = required(analyze(log), "humongous-allocations");
    assertThat(humongous).isPositive();
    assertThat(f.evidence()).isNotEmpty();
  }

  @Test
  void zgcAllocationStalls() throws IOException {
    Path log = corpus("GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-other.txt");
    long stalls = Files.readAllLines(log).stream().filter(l -> l.contains("Allocation Stall")).count();
    Finding f = required(analyze(log), "allocation-stall");
    assertThat(f.occurrences()).isEqualTo(stalls);
    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
  }

  @Test
  void shenandoahDegeneratedCyclesAreNotFullGcs() throws IOException {
    for (String name : List.of(
        "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11-PauseDegeneratedGc.txt",
        "gctoolkit-testdata/gctoolkit-shenandoah-logs__shenandoah__shenandoah.log.2")) {
      Path log = corpus(name);
      List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
      long degeneratedEnds = lines.stream().filter(l -> l.contains("Pause Degenerated") && l.endsWith("ms")).count();
      long fullEnds = lines.stream().filter(l -> l.contains("Pause Full") && l.endsWith("ms")).count();
      Analysis a = analyze(log);
      assertThat(degeneratedEnds).as(name).isPositive();
      assertThat(a.pauses().kind(io.jtune.gc.event.PauseKind.FULL).count()).as(name).isEqualTo(fullEnds);
      assertThat(a.pauses().kind(io.jtune.gc.event.PauseKind.DEGENERATED).count()).as(name).isEqualTo(degeneratedEnds);
      Finding f = required(a, "degenerated-cycle");
      assertThat(f.occurrences()).isEqualTo(degeneratedEnds);
      assertThat(f.evidence()).isNotEmpty();
      assertThat(f.recommendation()).contains("-Xmx", "-XX:ConcGCThreads").doesNotContainIgnoringCase("old gen");
      if (fullEnds == 0) {
        assertThat(a.findings()).extracting(Finding::id)
            .doesNotContain("full-gc", "frequent-full-gc", "premature-promotion", "old-gen-growth");
      }
    }
  }

  @Test
  void healthyLogSaysGcIsNotTheProblem() {
    Analysis a = analyze(corpus("GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part2.txt"));
    assertThat(required(a, "gc-not-the-problem").title()).startsWith("GC is not the problem");
    assertThat(a.findings()).allMatch(f -> f.severity() == Severity.INFO);
  }

  @Test
  void leakingJvmShowsOldGenerationGrowth() {
    Analysis a = analyze(Path.of("src/test/resources/findings/serial-leak-jdk17.log").toAbsolutePath());
    Finding f = required(a, "old-gen-growth");
    // a Serial log without a Full GC: old only grows by promotion, so the growth is told but not
    // called a leak (promoted garbage looks the same until old is collected)
    assertThat(f.severity()).isEqualTo(Severity.INFO);
    assertThat(a.diagnosis().primary()).isNotEqualTo(io.jtune.gc.diagnosis.Problem.MEMORY_LEAK);
    // the program kept 20 KB per 10 ms reachable: ~2 MB/s = ~7000 MB/hour at most
    double perHour = a.memory().oldTrend().slopeMBph();
    assertThat(perHour).isBetween(1000.0, 7100.0);
    assertThat(f.title()).contains("MB/hour");
    assertThat(finding(a, "gc-not-the-problem")).isEmpty();
  }

  @Test
  void pausesWhoseRealTimeFarExceedsCpuPointAtTheOs() throws IOException {
    Path log = Path.of("src/test/resources/findings/serial-leak-jdk17.log").toAbsolutePath();
    Pattern cpu = Pattern.compile("GC\\((\\d+)\\) User=([\\d.]+)s Sys=([\\d.]+)s Real=([\\d.]+)s");
    long expected = 0;
    for (String l : Files.readAllLines(log)) {
      Matcher m = cpu.matcher(l);
      if (m.find()) {
        double user = Double.parseDouble(m.group(2));
        double sys = Double.parseDouble(m.group(3));
        double real = Double.parseDouble(m.group(4));
        if (real >= 0.05 && (real > 2 * (user + sys) || sys > user)) {
          expected++;
        }
      }
    }
    Finding f = required(analyze(log), "os-interference");
    assertThat(expected).isPositive();
    assertThat(f.evidence().stream().map(e -> e.gcId()).distinct().count()).isEqualTo(expected);
    assertThat(f.flags()).containsExactly("-XX:+AlwaysPreTouch");
  }

  @Test
  void bothYoungSizingFindingsLeaveOldRoomForItsLiveSet() throws IOException {
    Path log = Path.of("src/test/resources/findings/serial-liveset-jdk17.log").toAbsolutePath();
    Analysis a = analyze(log);
    // independent of jtune: the heap and what the last Full GC left, straight from the log text
    long heapMb = -1;
    long liveMb = -1;
    Pattern max = Pattern.compile("Heap Max Capacity: (\\d+)M");
    Pattern full = Pattern.compile("Pause Full \\(.*\\) \\d+M->(\\d+)M\\(");
    for (String line : Files.readAllLines(log)) {
      Matcher m = max.matcher(line);
      if (m.find()) {
        heapMb = Long.parseLong(m.group(1));
      }
      m = full.matcher(line);
      if (m.find()) {
        liveMb = Long.parseLong(m.group(1));
      }
    }
    assertThat(heapMb).isEqualTo(256);
    assertThat(liveMb).isBetween(100L, 150L);
    // 47 Full GCs back to back: the heap is too small for the live set, so it grows from the live
    // set first (3x, rounded up to 64 MB), and young is sized inside that heap
    String xmx = required(a, "heap-too-small").flags().get(0);
    long advisedHeapMb = Long.parseLong(xmx.substring(4, xmx.length() - 1));
    assertThat(advisedHeapMb).isGreaterThan(heapMb).isBetween(3 * liveMb, 3 * liveMb + 64);
    for (String id : List.of("young-too-small", "premature-promotion")) {
      Finding f = required(a, id);
      String xmn = f.flags().stream().filter(s -> s.startsWith("-Xmn")).findFirst().orElseThrow();
      long youngMb = Long.parseLong(xmn.substring(4, xmn.length() - 1));
      assertThat(xmn).endsWith("m");
      // bigger than today's 19 MB young, and old keeps 1.5x the live set (heap after the Full
      // GC holds a little young data too, hence the 8 MB slack)
      assertThat(youngMb).as(id).isGreaterThan(19).isLessThanOrEqualTo((long) (advisedHeapMb - 1.5 * liveMb) + 8);
    }
    assertThat(required(a, "young-too-small").recommendation()).contains("within what leaves old 1.5x the live set");
  }

  @Test
  void jdk8FlagsOfAnApiServiceWithNoCollectorChosenAndPermSize() {
    // an API service's flags on JDK 8: -Xms4096M -Xmx4096M -Xmn1024M -XX:PermSize=512M -XX:MaxPermSize=512M
    Analysis a = analyze(corpus("gctoolkit-testdata/gctoolkit-gclogs__preunified__ps__details__tenuring__gccause__180__1398331617.vgc"),
        new AnalysisOptions(60, 50, Double.NaN, "-Xms4096M -Xmx4096M -Xmn1024M -XX:PermSize=512M -XX:MaxPermSize=512M", false));
    assertThat(required(a, "no-collector-chosen").severity()).isEqualTo(Severity.WARNING);
    assertThat(required(a, "permsize-ignored").flags()).allMatch(s -> s.startsWith("-XX:MetaspaceSize=") || s.startsWith("-XX:MaxMetaspaceSize="));
    assertThat(required(a, "young-too-small").flags()).containsExactly("-Xmn1536m");
    assertThat(finding(a, "xms-not-xmx")).isEmpty();
  }

  @Test
  void longParNewPausesPointAtOldToYoungReferencesInTheCardTable() {
    Analysis a = analyze(corpus("GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt"),
        new AnalysisOptions(60, 1, Double.NaN, null, false));
    Finding f = required(a, "long-young-pauses");
    assertThat(f.recommendation()).contains("each young GC scans every dirty card of the old generation")
        .doesNotContain("DOMAIN", "§");
    assertThat(f.flags()).contains("-XX:ParGCCardsPerStrideChunk=4096");
  }

  @Test
  void youngPausesOverTheTargetAreCountedFromTheLog() throws IOException {
    Path log = corpus("gctoolkit-testdata/gctoolkit-gclogs__unified__serial__serial.log");
    Pattern young = Pattern.compile("Pause Young.* ([\\d.]+)ms\\s*$");
    double target = 5;
    long over = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .map(young::matcher).filter(Matcher::find)
        .filter(m -> Double.parseDouble(m.group(1)) > target).count();
    Analysis a = analyze(log, new AnalysisOptions(60, target, Double.NaN, null, false));
    assertThat(over).isPositive();
    assertThat(required(a, "long-young-pauses").occurrences()).isEqualTo(over);
    Analysis relaxed = analyze(log, new AnalysisOptions(60, 10_000, Double.NaN, null, false));
    assertThat(finding(relaxed, "long-young-pauses")).isEmpty();
  }
}
