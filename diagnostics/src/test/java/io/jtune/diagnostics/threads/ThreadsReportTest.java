package io.jtune.diagnostics.threads;

import io.jtune.diagnostics.threads.parse.ThreadDumps;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.diagnostics.threads.analysis.CpuUse;
import io.jtune.diagnostics.threads.analysis.StuckThread;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The threads report of each captured dump (dumps/README.md) states the program's known facts. */
class ThreadsReportTest {

  private static ThreadsReport report(String file) {
    return ThreadsReport.of(ThreadDumps.read(CapturedDumps.text(file)), List.of());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "jdk11-jstack.txt,             HOTSPOT,                    1, false, true,  0, 0",
    "jdk11-jstack-l.txt,           HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 0",
    "jdk11-jstack-e.txt,           HOTSPOT,                    1, false, true,  0, 0",
    "jdk11-jcmd-thread-print.txt,  HOTSPOT,                    1, false, true,  0, 0",
    "jdk11-jcmd-thread-print-l.txt,HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 0",
    "jdk11-sigquit-stdout.txt,     HOTSPOT,                    2, false, true,  0, 0",
    "jdk17-jstack.txt,             HOTSPOT,                    1, false, true,  0, 0",
    "jdk17-jstack-l.txt,           HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 0",
    "jdk17-jstack-e.txt,           HOTSPOT,                    1, false, true,  0, 0",
    "jdk17-jcmd-thread-print.txt,  HOTSPOT,                    1, false, true,  0, 0",
    "jdk17-jcmd-thread-print-l.txt,HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 0",
    "jdk17-sigquit-stdout.txt,     HOTSPOT,                    2, false, true,  0, 0",
    "jdk21-jstack.txt,             HOTSPOT,                    1, false, true,  0, 1",
    "jdk21-jstack-l.txt,           HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 1",
    "jdk21-jstack-e.txt,           HOTSPOT,                    1, false, true,  0, 1",
    "jdk21-jcmd-thread-print.txt,  HOTSPOT,                    1, false, true,  0, 1",
    "jdk21-jcmd-thread-print-l.txt,HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 1",
    "jdk21-sigquit-stdout.txt,     HOTSPOT,                    2, false, true,  0, 1",
    "jdk25-jstack.txt,             HOTSPOT,                    1, false, true,  0, 1",
    "jdk25-jstack-l.txt,           HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 1",
    "jdk25-jstack-e.txt,           HOTSPOT,                    1, false, true,  0, 1",
    "jdk25-jcmd-thread-print.txt,  HOTSPOT,                    1, false, true,  0, 1",
    "jdk25-jcmd-thread-print-l.txt,HOTSPOT_WITH_SYNCHRONIZERS, 1, true,  true,  0, 1",
    "jdk25-sigquit-stdout.txt,     HOTSPOT,                    2, false, true,  0, 1",
    "jdk25-dump-to-file.txt,       DUMP_TO_FILE_TEXT,          1, false, false, 4, 1",
    "jdk25-dump-to-file.json,      DUMP_TO_FILE_JSON,          1, false, false, 4, 1"})
  void everyCapturedFormatShowsTheKnownCountsOwnersWaitersAndDeadlocks(String file, DumpFormat format, int dumps,
      boolean owners, boolean jvmReport, int virtual, int mounted) {
    ThreadsReport r = report(file);
    assertThat(r.dumps()).isEqualTo(dumps);
    assertThat(r.format()).isEqualTo(format);
    assertThat(r.jvm()).contains(file.substring(3, 5) + ".0.");
    ScenarioFacts.check(r, owners, jvmReport, virtual);
    assertThat(r.mountedVirtual()).as("vt-reader, mounted on its carrier").isEqualTo(mounted);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"jdk21-dump-to-file.txt, DUMP_TO_FILE_TEXT", "jdk21-dump-to-file.json, DUMP_TO_FILE_JSON"})
  void aJdk21DumpToFileHasNoStatesNorLocksAndTheReportSaysSo(String file, DumpFormat format) {
    ThreadsReport r = report(file);
    assertThat(r.format()).isEqualTo(format);
    assertThat(r.jvm()).contains("21.0.");
    ScenarioFacts.checkWithoutStatesAndLocks(r);
    assertThat(r.last().threads()).filteredOn(ThreadInfo::virtual).extracting(ThreadInfo::name)
        .containsExactlyInAnyOrder("vt-sleeper-1", "vt-sleeper-2", "vt-sleeper-3", "vt-reader");
    assertThat(r.mountedVirtual()).as("vt-reader: JDK 21 names no carrier, one carrier runs a continuation").isEqualTo(1);
    assertThat(r.last().threads()).filteredOn(ThreadInfo::runsVirtualThread).extracting(ThreadInfo::name)
        .singleElement().asString().startsWith("ForkJoinPool-1-worker-");
  }

  @Test
  void jdk21HotSpotDumpsNameTheVirtualThreadTheCarrierRuns() {
    ThreadInfo reader = ThreadDumps.read(CapturedDumps.text("jdk21-dump-to-file.txt")).get(0).threads().stream()
        .filter(t -> t.name().equals("vt-reader")).findFirst().orElseThrow();
    for (String file : List.of("jdk21-jstack.txt", "jdk21-jstack-l.txt", "jdk21-sigquit-stdout.txt")) {
      ThreadDump dump = ThreadDumps.read(CapturedDumps.text(file)).get(0);
      assertThat(dump.threads()).as(file).filteredOn(t -> t.carrier() != null).singleElement().satisfies(carrier -> {
        assertThat(carrier.name()).startsWith("ForkJoinPool-1-worker-");
        assertThat(carrier.carrier()).isEqualTo("#" + reader.number());
        assertThat(carrier.state()).isEqualTo(Thread.State.RUNNABLE);
        assertThat(carrier.frames()).noneMatch(f -> f.contains("FileInputStream")).anyMatch(f -> f.contains("Continuation.run"));
      });
    }
  }

  @Test
  void virtualThreadsAreCountedApartFromPlatformThreads() {
    for (String file : List.of("jdk25-dump-to-file.txt", "jdk25-dump-to-file.json")) {
      ThreadDump dump = ThreadDumps.read(CapturedDumps.text(file)).get(0);
      assertThat(dump.threads()).filteredOn(ThreadInfo::virtual).extracting(ThreadInfo::name)
          .containsExactlyInAnyOrder("vt-sleeper-1", "vt-sleeper-2", "vt-sleeper-3", "vt-reader");
      assertThat(dump.threads()).filteredOn(t -> t.name().startsWith("vt-sleeper"))
          .allMatch(t -> t.state() == Thread.State.TIMED_WAITING && t.topApplicationFrame() != null && t.carrier() == null);
      assertThat(dump.threads()).filteredOn(t -> t.name().equals("vt-reader")).singleElement()
          .satisfies(t -> assertThat(t.state()).isEqualTo(Thread.State.RUNNABLE))
          .satisfies(t -> assertThat(t.topFrame()).contains("FileInputStream.open0"));
    }
    ThreadInfo reader = ThreadDumps.read(CapturedDumps.text("jdk25-dump-to-file.json")).get(0).threads().stream()
        .filter(t -> t.name().equals("vt-reader")).findFirst().orElseThrow();
    assertThat(reader.carrier()).startsWith("ForkJoinPool-1-worker-");
    for (String file : List.of("jdk25-jstack.txt", "jdk25-sigquit-stdout.txt")) {
      ThreadDump dump = ThreadDumps.read(CapturedDumps.text(file)).get(0);
      ThreadInfo carrier = dump.threads().stream().filter(t -> t.name().equals(reader.carrier())).findFirst().orElseThrow();
      assertThat(carrier.carrier()).isEqualTo("#" + reader.number());
      assertThat(carrier.state()).as("a carrier has no state line; it runs the virtual thread").isEqualTo(Thread.State.RUNNABLE);
      assertThat(carrier.frames()).as("the mounted virtual thread's frames are not the carrier's")
          .noneMatch(f -> f.contains("FileInputStream")).anyMatch(f -> f.contains("Continuation.run"));
    }
  }

  @Test
  void twoSigquitDumpsGiveCpuPerThreadAndTheThreadsStuckInOneFrame() {
    for (String file : List.of("jdk17-sigquit-stdout.txt", "jdk25-sigquit-stdout.txt")) {
      ThreadsReport r = report(file);
      CpuUse top = r.cpu().get(0);
      assertThat(top.thread()).as(file).isEqualTo("spinner");
      assertThat(top.source()).isEqualTo("cpu=");
      assertThat(top.intervalS()).isBetween(1.5, 4.0);
      assertThat(top.pctOfCore()).isGreaterThan(10);
      assertThat(top.cpuMs()).isGreaterThan(10 * r.cpu().get(1).cpuMs());
      assertThat(r.findings()).anyMatch(f -> f.id().equals("cpu-hot-thread") && f.title().startsWith("thread spinner used"));
      assertThat(r.stuck()).extracting(StuckThread::thread).containsAll(ScenarioFacts.BLOCKED_WORKERS)
          .contains("deadlock-mon-a", "deadlock-mon-b").doesNotContain("http-nio-8080-exec-1", "main");
      assertThat(r.stuck()).allMatch(s -> s.dumps() == 2);
    }
  }

  @Test
  void withoutTheJvmsReportTheWaitForGraphFindsBothDeadlocksFromOwnableSynchronizers() {
    String text = CapturedDumps.text("jdk25-jstack-l.txt");
    String threadsOnly = Arrays.stream(text.split("\n")).takeWhile(l -> !l.startsWith("Found one Java-level deadlock"))
        .collect(Collectors.joining("\n"));
    ThreadsReport r = ThreadsReport.of(ThreadDumps.read(threadsOnly), List.of());
    assertThat(r.deadlocks()).hasSize(2).noneMatch(d -> d.reportedByJvm());
    ScenarioFacts.check(r, true, false, 0);
  }

  @Test
  void aDumpWithoutOwnersOfJucLocksSaysSo() {
    ThreadsReport r = report("jdk17-jstack.txt");
    assertThat(r.findings()).filteredOn(f -> f.id().equals("lock-contention") && f.title().contains("rl-waiter"))
        .singleElement().satisfies(f -> assertThat(f.title()).endsWith("owner not in dump (jstack -l or jcmd Thread.print -l lists it)"));
  }
}
