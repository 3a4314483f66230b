package io.jtune.gc.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jtune.gc.crosscheck.CrossCheckCase.Gc;
import io.jtune.gc.crosscheck.CrossCheckCase.Jdk;
import io.jtune.gc.crosscheck.CrossCheckCase.LogSpec;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.input.LogInputs;
import io.jtune.gc.parser.GcLogReader;
import io.jtune.gc.parser.ParseReport;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proves jtune's GC pause numbers against JFR: each case runs {@link ChurnWorkload} in a real
 * JVM with GC logging and a JFR recording at once, reads the log with jtune and the recording
 * with {@code jdk.jfr.consumer}, and compares them GC id by GC id ({@link PauseComparison} has
 * the rules, {@link PauseTimerRule} the tolerances). Child JVMs run two at a time, started in
 * matrix order when the class starts; their files stay in {@code target/crosscheck/CASE/}, with
 * {@code comparison.txt} per case and {@code summary.txt} over all, and the JFR side in text
 * form ({@code jfr-gc.tsv}) so a run worth keeping can be replayed as test data.
 */
class GcPauseCrossCheckTest {
  private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);
  private static final int PARALLEL_CHILDREN = 2;
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "target", "crosscheck");
  private static final Map<String, Future<Run>> RUNS = new ConcurrentHashMap<>();
  private static ExecutorService children;
  private static Path workloadClasses;

  /** A finished child run, or why the JVM cannot run the case. */
  private record Run(Path dir, ChildJvm.Exit exit, String unsupported) {}

  /**
   * Every collector on each JDK, every decorator set at least once, G1 at debug level on both
   * JDKs and one rotated set; 15 runs of 4 to 10 s (JFR starts slowly on JDK 17), two at a time.
   * ZGC is never run with `-Xlog:gc` alone: ZGC logs its pauses under gc+phases only.
   */
  static List<CrossCheckCase> matrix() {
    return List.of(
        new CrossCheckCase(Jdk.JDK17, Gc.SERIAL, LogSpec.GC_ONLY),
        new CrossCheckCase(Jdk.JDK25, Gc.SERIAL, LogSpec.WALL_CLOCK_ONLY),
        new CrossCheckCase(Jdk.JDK17, Gc.PARALLEL, LogSpec.ALL_DECORATORS),
        new CrossCheckCase(Jdk.JDK25, Gc.PARALLEL, LogSpec.GC_ONLY),
        new CrossCheckCase(Jdk.JDK17, Gc.G1, LogSpec.DEBUG),
        new CrossCheckCase(Jdk.JDK25, Gc.G1, LogSpec.ROTATED),
        new CrossCheckCase(Jdk.JDK17, Gc.G1, LogSpec.WALL_CLOCK_ONLY),
        new CrossCheckCase(Jdk.JDK17, Gc.ZGC, LogSpec.DETAILS),
        new CrossCheckCase(Jdk.JDK25, Gc.ZGC, LogSpec.UTC_NANOS),
        new CrossCheckCase(Jdk.JDK17, Gc.SHENANDOAH, LogSpec.UTC_NANOS),
        new CrossCheckCase(Jdk.JDK25, Gc.SHENANDOAH, LogSpec.ALL_DECORATORS),
        new CrossCheckCase(Jdk.JDK25, Gc.SHENANDOAH_GENERATIONAL, LogSpec.DETAILS),
        new CrossCheckCase(Jdk.JDK17, Gc.SHENANDOAH, LogSpec.GC_ONLY),
        new CrossCheckCase(Jdk.JDK25, Gc.G1, LogSpec.DEBUG),
        new CrossCheckCase(Jdk.JDK17, Gc.ZGC, LogSpec.WALL_CLOCK_ONLY));
  }

  @BeforeAll
  static void startChildren() throws IOException {
    Files.createDirectories(ROOT);
    Files.deleteIfExists(ROOT.resolve("summary.txt"));
    workloadClasses = copyWorkload();
    // a test JVM stopped from outside (surefire timeout, Ctrl-C) still takes its children along
    Runtime.getRuntime().addShutdownHook(new Thread(ChildJvm::destroyAll, "crosscheck-child-reaper"));
    children = Executors.newFixedThreadPool(PARALLEL_CHILDREN, r -> {
      Thread t = new Thread(r, "crosscheck-child");
      t.setDaemon(true);
      return t;
    });
    for (CrossCheckCase c : matrix()) {
      if (c.jdk().present()) {
        RUNS.put(c.id(), children.submit(() -> run(c)));
      }
    }
  }

  @AfterAll
  static void stopChildren() {
    if (children != null) {
      children.shutdownNow();
    }
    ChildJvm.destroyAll();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("matrix")
  void pausesMatchJfr(CrossCheckCase c) throws Exception {
    assumeTrue(c.jdk().present(), "no JDK at " + c.jdk().home());
    Run run = await(c);
    assumeTrue(run.unsupported() == null, run.unsupported());
    ChildJvm.Exit exit = run.exit();
    assertThat(exit.code()).as("%s: child exit code%n%s", c, exit.tails()).isZero();
    assertThat(Files.readString(exit.stdout())).as("%s: workload finished%n%s", c, exit.tails()).contains("done ");
    Path recording = run.dir().resolve("recording.jfr");
    assertThat(recording).as("%s: JFR recording%n%s", c, exit.tails()).isRegularFile();
    List<Path> logFiles;
    try (Stream<Path> s = Files.list(run.dir().resolve("log"))) {
      logFiles = s.sorted().toList();
    }
    assertThat(logFiles).as("%s: GC log files%n%s", c, exit.tails()).isNotEmpty();
    if (c.log() == LogSpec.ROTATED) {
      assertThat(logFiles.size()).as("%s: a rotated set that rotated but did not wrap: %s", c, logFiles)
          .isBetween(2, LogSpec.ROTATED_FILES - 1);
    }

    JfrGcRecord jfr = JfrGcRecord.read(recording);
    jfr.writeText(run.dir().resolve(JfrGcRecord.TEXT_FILE));
    assertThat(jfr.jvmStart()).as("%s: jdk.JVMInformation in the recording", c).isNotNull();
    assertThat(jfr.recordingStart()).as("%s: jdk.ActiveRecording in the recording", c).isNotNull();
    // the workload's System.gc() must be in the recording, so the explicit/full path is compared
    assertThat(jfr.collections()).as("%s: JFR collection caused by System.gc()", c)
        .anyMatch(x -> "System.gc()".equals(x.cause()) && x.sumOfPausesNs() > 0);
    RawGcLog raw = RawGcLog.read(logFiles);
    assertThat(raw.decimals()).as("%s: pause lines with a time in the log", c).isPositive();

    JtuneView jtune = JtuneView.read(run.dir().resolve("log"));
    List<GcPause> pauses = jtune.pauses();
    ParseReport report = jtune.report();

    PauseComparison cmp = PauseComparison.compare(jfr, pauses, raw);
    List<String> discrepancies = new ArrayList<>();
    report.problems().forEach(p -> discrepancies.add("input problem: " + p.source() + ": " + p.message()));
    if (jtune.info().collector() != c.gc().expected(c.jdk())) {
      discrepancies.add("collector: jtune " + jtune.info().collector() + ", expected " + c.gc().expected(c.jdk()));
    }
    discrepancies.addAll(cmp.discrepancies());

    String summary = String.format(Locale.ROOT,
        "%-36s %s: %d GC ids, %d pauses compared; JFR ids with pauses %d, jtune pauses %d; excused %d;"
            + " unparsed lines %d of %d; log %d decimals; log-JFR per pause: %s; kinds %s; child %.1f s",
        c, discrepancies.isEmpty() ? "PASS" : "FAIL(" + discrepancies.size() + ")", cmp.idsCompared(),
        cmp.pausesCompared(), jfr.collections().stream().filter(x -> x.sumOfPausesNs() > 0)
            .map(JfrGcRecord.Collection::gcId).distinct().count(),
        pauses.size(), cmp.excused().size(), report.unparsed(), report.gcLines(), raw.decimals(),
        cmp.diffRanges(), kinds(pauses), exit.took().toMillis() / 1000.0);
    System.out.println("[crosscheck] " + summary);
    StringBuilder detail = new StringBuilder(summary).append('\n').append(cmp.clock()).append("\n\n");
    discrepancies.forEach(d -> detail.append("DISCREPANCY ").append(d).append('\n'));
    cmp.excused().forEach(x -> detail.append("excused ").append(x).append('\n'));
    report.unparsedExamples().forEach(x -> detail.append("unparsed ").append(x.source()).append(':')
        .append(x.line()).append(": ").append(x.text()).append('\n'));
    detail.append('\n').append(cmp.table());
    Files.writeString(run.dir().resolve("comparison.txt"), detail);
    Files.writeString(ROOT.resolve("summary.txt"), summary + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);

    if (!discrepancies.isEmpty()) {
      List<String> shown = discrepancies.subList(0, Math.min(15, discrepancies.size()));
      fail(c + ": " + discrepancies.size() + " discrepancies between jtune and JFR (all in "
          + run.dir().resolve("comparison.txt") + "):\n" + String.join("\n", shown));
    }
  }

  /** What jtune reads from a log directory, through the same entry points as the CLI. */
  record JtuneView(List<GcPause> pauses, JvmInfo info, ParseReport report) {
    static JtuneView read(Path logDir) {
      List<GcPause> pauses = new ArrayList<>();
      JvmInfo[] info = {JvmInfo.EMPTY};
      LogInputs.Resolved inputs = LogInputs.resolve(List.of(logDir.toString()), InputStream.nullInputStream());
      ParseReport report = GcLogReader.read(inputs.sources(), inputs.problems(), e -> {
        if (e instanceof GcPause p) {
          pauses.add(p);
        } else if (e instanceof JvmInfo j) {
          info[0] = info[0].merge(j);
        }
      });
      return new JtuneView(pauses, info[0], report);
    }
  }

  private static Map<PauseKind, Long> kinds(List<GcPause> pauses) {
    Map<PauseKind, Long> m = new EnumMap<>(PauseKind.class);
    pauses.forEach(p -> m.merge(p.kind(), 1L, Long::sum));
    return m;
  }

  private static Run await(CrossCheckCase c) throws Exception {
    Future<Run> f = RUNS.get(c.id());
    try {
      // cases end in matrix order, so this one waits at most for itself and the one beside it
      return f.get(PARALLEL_CHILDREN * CHILD_TIMEOUT.toSeconds() + 30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception x ? x : e;
    } catch (TimeoutException e) {
      f.cancel(true);
      throw e;
    }
  }

  private static Run run(CrossCheckCase c) throws Exception {
    Path dir = ROOT.resolve(c.id());
    deleteTree(dir);
    Files.createDirectories(dir.resolve("log"));
    if (c.gc() == Gc.SHENANDOAH || c.gc() == Gc.SHENANDOAH_GENERATIONAL) {
      Path probe = Files.createDirectories(dir.resolve("probe"));
      List<String> cmd = new ArrayList<>();
      cmd.add(c.jdk().java().toString());
      cmd.addAll(c.gc().flags);
      cmd.add("-version");
      ChildJvm.Exit e = ChildJvm.run(cmd, probe, CHILD_TIMEOUT);
      if (e.code() != 0) {
        return new Run(dir, null, c.jdk() + " does not run " + c.gc().flags + ": " + ChildJvm.tail(e.stderr(), 3));
      }
    }
    return new Run(dir, ChildJvm.run(c.command(dir, workloadClasses), dir, CHILD_TIMEOUT), null);
  }

  /**
   * A class path holding only the workload, copied from {@code target/test-classes} when the class
   * starts, so a build running beside the test (recompiling test-classes) cannot pull the class
   * from under a child JVM.
   */
  private static Path copyWorkload() throws IOException {
    String file = ChurnWorkload.class.getSimpleName() + ".class";
    Path dir = ROOT.resolve("workload-classes");
    Path target = dir.resolve(ChurnWorkload.class.getPackageName().replace('.', '/')).resolve(file);
    Files.createDirectories(target.getParent());
    try (InputStream in = ChurnWorkload.class.getResourceAsStream(file)) {
      if (in == null) {
        throw new IOException("cannot read " + file + " from the test class path");
      }
      Files.write(target, in.readAllBytes());
    }
    return dir;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
