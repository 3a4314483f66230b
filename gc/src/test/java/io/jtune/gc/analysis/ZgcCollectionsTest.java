package io.jtune.gc.analysis;

import io.jtune.gc.facts.AnalysisOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.gc.aggregate.CycleMemory;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.crosscheck.ChurnWorkload;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.finding.Finding;
import io.jtune.common.finding.Severity;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.AnalysisText;
import io.jtune.gc.render.html.AnalysisHtml;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ZGC logs keep what they say (issue 14): heap before and after and capacity per collection, the
 * allocation rate, the causes of collections and their pauses, minor and major collections, ZGC's
 * own pause names in microseconds, and collections cut off by the JVM's exit. Checked on logs
 * recorded here from real child JVMs (JDK 17: single-generation ZGC, JDK 25: generational ZGC),
 * on recorded logs kept under test resources, and on the corpus's three ZGC logs; the expected
 * figures are read from the log text itself.
 */
class ZgcCollectionsTest {
  private static final long M = 1L << 20;
  /** A collection's summary line: "GC(3) Minor Collection (Allocation Rate) 124M(48%)->110M(43%) 0.027s". */
  private static final Pattern SUMMARY = Pattern.compile(
      "GC\\((\\d+)\\) (Minor|Major|Garbage) Collection \\(([^)]*(?:\\(\\))?)\\) (\\d+)M\\(\\d+%\\)->(\\d+)M\\(\\d+%\\)");
  private static final String CORPUS_ZGC = "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-zgc-gc-";

  @TempDir
  Path tmp;

  /** A log of the corpus in testdata/gclogs (or the directory -Djtune.corpus names). */
  static Path corpus(String name) {
    String p = System.getProperty("jtune.corpus");
    Path dir = p != null ? Path.of(p) : Path.of("../testdata/gclogs");
    return dir.resolve(name).toAbsolutePath().normalize();
  }

  private static Path resource(String name) throws Exception {
    return Path.of(ZgcCollectionsTest.class.getResource(name).toURI());
  }

  private static Analysis analyze(Path log) {
    return GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(), AnalysisOptions.DEFAULTS);
  }

  /** What a log's own collection summary lines say. */
  private record Summaries(List<Long> before, List<Long> after, Map<String, Long> byScope, Set<String> causes) {
    static Summaries of(Path log) throws Exception {
      List<Long> before = new ArrayList<>();
      List<Long> after = new ArrayList<>();
      List<String> scopes = new ArrayList<>();
      Set<String> causes = new TreeSet<>();
      for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
        Matcher m = SUMMARY.matcher(line);
        if (m.find()) {
          scopes.add(m.group(2));
          causes.add(m.group(3));
          before.add(Long.parseLong(m.group(4)) * M);
          after.add(Long.parseLong(m.group(5)) * M);
        }
      }
      return new Summaries(before, after,
          scopes.stream().collect(Collectors.groupingBy(s -> s, Collectors.counting())), causes);
    }

    long count(String scope) {
      return byScope.getOrDefault(scope, 0L);
    }

    long meanBefore() {
      return Math.round(before.stream().mapToLong(Long::longValue).average().orElse(-1));
    }

    long meanAfter() {
      return Math.round(after.stream().mapToLong(Long::longValue).average().orElse(-1));
    }
  }

  /** Records a ZGC log from a real child JVM of JDK {@code feature}; skipped when that JDK is not here. */
  private Path record(int feature, String home) throws Exception {
    Path java = Path.of(System.getProperty("jtune.zgc.jdk" + feature, home)).resolve("bin/java");
    assumeThat(Files.isExecutable(java)).as("no JDK %d at %s", feature, java).isTrue();
    Path log = tmp.resolve("jdk" + feature + "-zgc.log");
    Path classes = Path.of(ChurnWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    // bounded by time (2.5 s) so the rates have over a second of collections to go by
    List<String> command = List.of(java.toString(), "-Xms64m", "-Xmx64m", "-XX:+UseZGC", "-XX:-UsePerfData",
        "-Xlog:gc*:file=" + log + ":time,uptime,level,tags", "-cp", classes.toString(),
        ChurnWorkload.class.getName(), "100000000", "16", "2500");
    ChildProcess.Finished run = ChildProcess.run(ProcessSpec.of("child JVM", command).in(tmp)
        .withTimeout(Duration.ofSeconds(60)));
    assertThat(run.exitCode()).as("child JVM: %s", run.allLines()).isZero();
    assertThat(run.stdout()).anyMatch(l -> l.startsWith("done "));
    return log;
  }

  @Test
  void singleGenerationZgcOfJdk17() throws Exception {
    Path log = record(17, "/usr/lib/jvm/java-17-openjdk-amd64");
    Summaries s = Summaries.of(log);
    Analysis a = assertRecordedLog(log, s, Collector.ZGC);
    assertThat(s.count("Garbage")).isPositive();
    assertThat(a.concurrent().cycles(CycleFacts.Scope.WHOLE_HEAP).count()).isEqualTo(s.count("Garbage"));
    assertThat(a.concurrent().cycles(CycleFacts.Scope.MINOR).count()).isZero();
    assertThat(text(a)).contains("Promotion rate         - (single-generation ZGC: no old generation to promote to)");
  }

  @Test
  void generationalZgcOfJdk25() throws Exception {
    Path log = record(25, "/usr/lib/jvm/temurin-25-jdk-amd64");
    Summaries s = Summaries.of(log);
    Analysis a = assertRecordedLog(log, s, Collector.ZGC_GENERATIONAL);
    assertThat(s.count("Minor") + s.count("Major")).isPositive();
    assertThat(a.concurrent().cycles(CycleFacts.Scope.MINOR).count()).isEqualTo(s.count("Minor"));
    assertThat(a.concurrent().cycles(CycleFacts.Scope.MAJOR).count()).isEqualTo(s.count("Major"));
    JsonNode summary = AnalysisJson.build(a).get("summary");
    assertThat(summary.get("minorCycles").asLong()).isEqualTo(s.count("Minor"));
    assertThat(summary.get("majorCycles").asLong()).isEqualTo(s.count("Major"));
    long minorInWindows = a.windows().windows().stream().mapToLong(w -> w.minorCycles()).sum();
    long majorInWindows = a.windows().windows().stream().mapToLong(w -> w.majorCycles()).sum();
    assertThat(minorInWindows).isEqualTo(s.count("Minor"));
    assertThat(majorInWindows).isEqualTo(s.count("Major"));
    // the phases are named by generation; the generations' own summary lines are no phases
    assertThat(a.concurrent().phases().keySet()).allMatch(n -> n.startsWith("young (minor): ")
        || n.startsWith("young (major): ") || n.startsWith("old: "));
    assertThat(a.concurrent().phases().keySet()).noneMatch(n -> n.contains("Generation"));
    if (s.count("Minor") >= 2) {
      assertThat(a.memory().promotionRateMBps()).isNotNaN().isNotNegative();
    }
  }

  private static String text(Analysis a) {
    StringWriter text = new StringWriter();
    new AnalysisText(false).write(a, new PrintWriter(text));
    return text.toString();
  }

  /** What every recorded ZGC log must show: memory, rates, causes, pause names in µs, no Full GC. */
  private static Analysis assertRecordedLog(Path log, Summaries s, Collector collector) throws Exception {
    Analysis a = analyze(log);
    assertThat(a.jvm().collector()).isEqualTo(collector);
    CycleMemory c = a.memory().cycles();
    assertThat(c.count()).isEqualTo(s.before().size());
    assertThat(c.beforeMean()).isEqualTo(s.meanBefore());
    assertThat(c.afterMean()).isEqualTo(s.meanAfter());
    assertThat(a.memory().heap().allocated()).as("capacity").isEqualTo(64 * M);
    assertThat(a.memory().heap().peak()).isEqualTo(Math.max(s.before().stream().mapToLong(Long::longValue).max().orElseThrow(),
        s.after().stream().mapToLong(Long::longValue).max().orElseThrow()));
    assertThat(c.live().count()).as("collections with a Live row").isEqualTo(c.count());
    assertThat(a.memory().allocationRateMBps()).as("allocation rate").isPositive().isFinite();
    // causes: the collections' own, on their pauses too
    Set<String> pauseCauses = a.pauses().byCause().stream().map(Map.Entry::getKey).collect(Collectors.toSet());
    assertThat(pauseCauses).doesNotContain("(not logged)").isSubsetOf(s.causes());
    // ZGC's pause names, no Full GC, no young stop-the-world collections
    long markStarts = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> l.matches(".*GC\\(\\d+\\) (?:[Yy]: )?Pause Mark Start.* [0-9.]+ms$")).count();
    assertThat(a.pauses().kind(PauseKind.MARK_START).count()).isEqualTo(markStarts);
    assertThat(a.pauses().byKind().keySet()).containsOnly(PauseKind.MARK_START, PauseKind.MARK_END,
        PauseKind.RELOCATE_START);
    assertThat(LifetimeSummary.of(a).fullCount()).isZero();
    // a collection requested by System.gc() (the workload calls it once) is counted once, not per pause
    if (s.causes().contains("System.gc()")) {
      long requested = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
          .filter(l -> SUMMARY.matcher(l).find() && l.contains("(System.gc())")).count();
      assertThat(a.pauses().causeCount("System.gc()")).isEqualTo(requested);
    }
    // the text shows the pause names and keeps microseconds
    String text = text(a);
    assertThat(text).contains("Pause Mark Start", "Pause Mark End", "Pause Relocate Start",
        "Heap before GC", "Heap after GC", "Live after mark").doesNotContain("(not logged)")
        .containsPattern("Allocation rate +[0-9.]+ MB/s");
    PauseDistribution relocate = a.pauses().kind(PauseKind.RELOCATE_START);
    if (relocate.maxMs() < 1) {
      assertThat(text).contains(String.format(Locale.US, "%.3f", relocate.maxMs()));
    }
    // an exit never makes a cancelled cycle: ZGC aborts a collection only when the JVM exits
    assertThat(a.findings()).extracting(Finding::id).doesNotContain("cycle-cancelled");
    return a;
  }

  @Test
  void aCollectionAbortedAtExitIsCutOffNotCancelled() throws Exception {
    // recorded with JDK 25 (see unified/real/README.md); its last collection line is
    // "GC(3) Major Collection (Warmup) Aborted", then the exit's statistics
    Path log = resource("/unified/real/jdk25-zgc-debug.log");
    assertThat(Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> l.contains(" Collection (") && l.endsWith(" Aborted")).count()).isEqualTo(1);
    Analysis a = analyze(log);
    Finding f = a.findings().stream().filter(x -> x.id().equals("cycle-cut-off")).findFirst().orElseThrow();
    assertThat(f.severity()).isEqualTo(Severity.INFO);
    assertThat(f.title()).isEqualTo("1 cycle cut off by JVM exit");
    assertThat(f.evidence()).singleElement().satisfies(e -> assertThat(e.gcId()).isEqualTo(3));
    assertThat(a.findings()).extracting(Finding::id).doesNotContain("cycle-cancelled");
    assertThat(text(a)).contains("1 cut off by JVM exit").contains("[INFO] 1 cycle cut off by JVM exit");
  }

  @Test
  void aLogEndingInsideACollectionCutsItOffWithoutTheClockGoingBack() throws Exception {
    // the corpus's one-collection log as a JVM killed before the collection's summary leaves it:
    // its allocation stalls, logged a second after the collection started, were already sent
    List<String> lines = Files.readAllLines(corpus(CORPUS_ZGC + "other.txt"), StandardCharsets.ISO_8859_1);
    int summary = lines.size() - 1;
    assertThat(lines.get(summary)).contains("Garbage Collection (Allocation Rate) 3334M");
    Path cut = tmp.resolve("killed.log");
    Files.write(cut, lines.subList(0, summary), StandardCharsets.ISO_8859_1);
    Analysis a = analyze(cut);
    assertThat(a.input().clockBackwards()).isZero();
    Finding f = a.findings().stream().filter(x -> x.id().equals("cycle-cut-off")).findFirst().orElseThrow();
    assertThat(f.evidence()).singleElement().satisfies(e -> {
      assertThat(e.gcId()).isEqualTo(25);
      assertThat(e.detail()).isEqualTo("Garbage Collection (Allocation Rate) with no summary before the end of the log");
    });
    // its pauses still carry the collection's cause
    assertThat(a.pauses().byCause()).extracting(Map.Entry::getKey).containsExactly("Allocation Rate");
  }

  @Test
  void aCollectionAcrossARotatedFileIsNotCutOff() throws Exception {
    // a recorded JDK 17 log cut, as rotation does, in the middle of its last collection
    Path whole = resource("/unified/real/jdk17-zgc-info.log");
    List<String> lines = Files.readAllLines(whole, StandardCharsets.ISO_8859_1);
    int cut = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("Pause Mark End")) {
        cut = i;
      }
    }
    assertThat(cut).isPositive();
    Path first = tmp.resolve("gc.log.0");
    Path second = tmp.resolve("gc.log.1");
    Files.write(first, lines.subList(0, cut), StandardCharsets.ISO_8859_1);
    Files.write(second, lines.subList(cut, lines.size()), StandardCharsets.ISO_8859_1);
    Analysis a = GcAnalyzer.analyze(List.of(first.toString(), second.toString()), InputStream.nullInputStream(),
        AnalysisOptions.DEFAULTS);
    Summaries s = Summaries.of(whole);
    assertThat(a.jvmCount()).isEqualTo(1);
    assertThat(a.concurrent().cycles(CycleFacts.Scope.WHOLE_HEAP).count()).isEqualTo(s.before().size());
    assertThat(a.findings()).extracting(Finding::id).doesNotContain("cycle-cut-off", "cycle-cancelled");
    assertThat(a.pauses().byCause()).extracting(Map.Entry::getKey).doesNotContain("(not logged)");
  }

  @Test
  void htmlShowsZgcPauseNamesAndCollections() throws Exception {
    // recorded with JDK 25 (generational ZGC), see unified/real/README.md
    Path log = resource("/unified/real/jdk25-zgc-info.log");
    Analysis a = analyze(log);
    Summaries s = Summaries.of(log);
    StringWriter html = new StringWriter();
    AnalysisHtml.write(a, html);
    String page = html.toString();
    // the data block: key figures with the minor and major counts, the pause timeline by ZGC's pause names
    assertThat(page).contains("\"minorCycles\":" + s.count("Minor"), "\"majorCycles\":" + s.count("Major"),
        "\"label\":\"Pause Mark Start\"", "\"label\":\"Pause Relocate Start\"", "Minor collections (young only)");
    assertThat(page).doesNotContain("(not logged)");
    // its collections cover 0.05 s: too short for a rate, and the text says so rather than "not in the log"
    assertThat(text(a)).contains("Allocation rate        - (not enough data: " + s.before().size()
        + " collections measure allocation over 0.0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"all.txt", "default.txt", "other.txt"})
  void corpusZgcLogsShowMemoryAndCauses(String which) throws Exception {
    Path log = corpus(CORPUS_ZGC + which);
    Analysis a = analyze(log);
    Summaries s = Summaries.of(log);
    assertThat(a.concurrent().cycles(CycleFacts.Scope.WHOLE_HEAP).count()).isEqualTo(s.before().size()).isPositive();
    assertThat(a.memory().cycles().beforeMean()).isEqualTo(s.meanBefore());
    assertThat(a.memory().cycles().afterMean()).isEqualTo(s.meanAfter());
    assertThat(a.memory().heap().known()).isTrue();
    assertThat(a.pauses().byCause()).extracting(Map.Entry::getKey).doesNotContain("(not logged)")
        .allMatch(s.causes()::contains);
    JsonNode memory = AnalysisJson.build(a).get("memory");
    assertThat(memory.get("total").get("peakBytes").asLong()).isPositive();
    assertThat(memory.get("cycles").get("count").asLong()).isEqualTo(s.before().size());
    assertThat(LifetimeSummary.of(a).fullCount()).isZero();
    assertThat(LifetimeSummary.of(a).majorCycles()).isEqualTo(s.before().size());
  }

  @Test
  void oneCollectionWithItsStatisticsHasAnAllocationRate() throws Exception {
    // one collection from 200.343 s to 201.658 s whose table says what was allocated while it ran
    // ("Allocated:" at Relocate End, the fourth column)
    Path log = corpus(CORPUS_ZGC + "other.txt");
    List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
    Pattern stamp = Pattern.compile("^\\[(\\d+\\.\\d+)s\\]");
    Pattern allocatedRow = Pattern.compile("Allocated:\\s+-\\s+\\d+M \\(\\d+%\\)\\s+\\d+M \\(\\d+%\\)\\s+(\\d+)M");
    double start = Double.NaN;
    double end = Double.NaN;
    long allocated = -1;
    for (String l : lines) {
      Matcher t = stamp.matcher(l);
      Matcher row = allocatedRow.matcher(l);
      if (l.contains("Garbage Collection (") && t.find()) {
        if (Double.isNaN(start)) {
          start = Double.parseDouble(t.group(1));
        } else {
          end = Double.parseDouble(t.group(1));
        }
      } else if (row.find()) {
        allocated = Long.parseLong(row.group(1)) * M;
      }
    }
    assertThat(allocated).isPositive();
    assertThat(end - start).isGreaterThan(1);
    assertThat(analyze(log).memory().allocationRateMBps()).isCloseTo(allocated / (end - start) / M,
        org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void summaryOnlyLogHasAnAllocationRateFromTheGrowthBetweenCollections() throws Exception {
    // -Xlog:gc: one summary line per collection, no start line, no statistics: the rate is the
    // heap's growth between collections over the time between them
    Path log = corpus(CORPUS_ZGC + "default.txt");
    List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
    Pattern stamp = Pattern.compile("^\\[(\\d+)[.,](\\d+)s\\]");
    Summaries s = Summaries.of(log);
    List<Double> at = new ArrayList<>();
    for (String l : lines) {
      Matcher m = stamp.matcher(l);
      if (SUMMARY.matcher(l).find() && m.find()) {
        at.add(Double.parseDouble(m.group(1) + "." + m.group(2)));
      }
    }
    double bytes = 0;
    double seconds = 0;
    for (int i = 1; i < at.size(); i++) {
      long grown = s.before().get(i) - s.after().get(i - 1);
      if (grown >= 0) {
        bytes += grown;
        seconds += at.get(i) - at.get(i - 1);
      }
    }
    assertThat(seconds).isGreaterThan(1);
    assertThat(analyze(log).memory().allocationRateMBps()).isCloseTo(bytes / seconds / M,
        org.assertj.core.data.Offset.offset(1e-6));
  }
}
