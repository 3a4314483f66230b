package io.jtune.gc.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.gc.crosscheck.AllocationWorkload;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Shenandoah logs give an allocation rate. Its pauses log no heap; its concurrent cleanups do
 * ("Concurrent cleanup 1613M->1361M(1636M)", after marking and at the end of each cycle), and
 * between the end of one cycle and the next cycle's first cleanup the heap grows only by what the
 * application allocates. Checked against the log text itself (JDK 8, 11 and 17 logs of the corpus)
 * and against what a real child JVM on Shenandoah says it allocated.
 */
class ShenandoahAllocationTest {
  private static final double MB = 1 << 20;
  private static final Pattern UPTIME = Pattern.compile("(?:\\[|^|: )(\\d+\\.\\d+)s?[]:]");
  private static final Pattern CLEANUP = Pattern.compile("Concurrent cleanup (\\d+)M->(\\d+)M\\(\\d+M\\),? ([\\d.]+) ?ms");
  /** A degenerated or full collection, which logs the heap: "Pause Degenerated GC (Mark) 7686M->6159M(8192M) 5619.337ms". */
  private static final Pattern PAUSE = Pattern.compile("Pause [^,\\]]*? (\\d+)M->(\\d+)M\\(\\d+M\\),? ([\\d.]+) ?ms");
  private static final Pattern COPYING = Pattern.compile("Concurrent (?:evacuation|update references),? [\\d.]+ ?ms");

  @TempDir
  Path tmp;

  private static Analysis analyze(Path log) {
    return GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(), AnalysisOptions.DEFAULTS);
  }

  /**
   * The rate as the log text shows it, read with regular expressions: growth from each cycle's
   * last cleanup to the next cycle's first one (no evacuation or reference update between them),
   * over the time between them.
   */
  private static double rateFromText(Path log) throws Exception {
    double bytes = 0;
    double seconds = 0;
    double first = Double.NaN;
    double lastAfterMb = -1;
    double lastEnd = Double.NaN;
    boolean copied = false;
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      Matcher t = UPTIME.matcher(line);
      if (!t.find()) {
        continue; // the statistics tables at the end name the phases too, without a time stamp
      }
      if (COPYING.matcher(line).find()) {
        copied = true;
        continue;
      }
      Matcher p = PAUSE.matcher(line);
      if (p.find()) {
        // unified logs stamp a pause's last line, JDK 8 logs its start
        boolean unified = line.startsWith("[");
        lastEnd = Double.parseDouble(t.group(1)) + (unified ? 0 : Double.parseDouble(p.group(3)) / 1000);
        lastAfterMb = Double.parseDouble(p.group(2));
        copied = false;
        continue;
      }
      Matcher c = CLEANUP.matcher(line);
      if (!c.find()) {
        continue;
      }
      double end = Double.parseDouble(t.group(1));
      double start = end - Double.parseDouble(c.group(3)) / 1000;
      double before = Double.parseDouble(c.group(1));
      if (lastAfterMb >= 0 && !copied && before >= lastAfterMb && start - lastEnd > 0.001) {
        bytes += (before - lastAfterMb) * MB;
        seconds += start - lastEnd;
        first = Double.isNaN(first) ? lastEnd : first;
      }
      lastAfterMb = Double.parseDouble(c.group(2));
      lastEnd = end;
      copied = false;
    }
    return lastEnd - first >= 1 ? bytes / seconds / MB : Double.NaN;
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "GCViewer/src__test__resources__openjdk__SampleOpenJdk1_8_0-332.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk17.txt",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__Sample-ujl-shenandoah-jdk11.txt",
      "gctoolkit-testdata/gctoolkit-shenandoah-logs__shenandoah__shenandoah.log.0"})
  void rateIsTheGrowthBetweenCyclesOverItsTime(String name) throws Exception {
    Path log = ZgcCollectionsTest.corpus(name);
    double expected = rateFromText(log);
    double rate = analyze(log).memory().allocationRateMBps();
    if (Double.isNaN(expected)) {
      assertThat(rate).as("no second of growth between cycles in %s", name).isNaN();
    } else {
      assertThat(rate).as(name).isCloseTo(expected, within(expected * 1e-6));
    }
  }

  @Test
  void aRealShenandoahJvmAllocatesWhatItsLogShows() throws Exception {
    Path java = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
    Path log = tmp.resolve("shenandoah.log");
    Path classes = Path.of(AllocationWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> command = List.of(java.toString(), "-Xms128m", "-Xmx128m", "-XX:+UseShenandoahGC",
        "-XX:-UsePerfData", "-Xlog:gc*:file=" + log + ":time,uptime,level,tags", "-cp", classes.toString(),
        AllocationWorkload.class.getName(), "4000", "4096", "200");
    ChildProcess.Finished run = ChildProcess.run(ProcessSpec.of("child JVM", command).in(tmp)
        .withTimeout(Duration.ofSeconds(60)));
    assertThat(run.exitCode()).as("child JVM: %s", run.allLines()).isZero();
    String done = run.stdout().stream().filter(l -> l.startsWith("allocated ")).findFirst().orElseThrow();
    String[] f = done.split(" ");
    double allocatedMbPerS = Long.parseLong(f[1]) / MB / (Long.parseLong(f[3]) / 1000.0);
    double rate = analyze(log).memory().allocationRateMBps();
    // the log sees the heap between cycles only (TLABs are counted when taken, not when filled)
    assertThat(rate).as("log rate vs the JVM's own count %.0f MB/s", allocatedMbPerS)
        .isCloseTo(allocatedMbPerS, within(allocatedMbPerS * 0.3));
    assertThat(rateFromText(log)).isCloseTo(rate, within(rate * 1e-6));
  }
}
