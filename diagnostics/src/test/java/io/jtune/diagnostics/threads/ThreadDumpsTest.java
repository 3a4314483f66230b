package io.jtune.diagnostics.threads;

import io.jtune.diagnostics.threads.parse.ThreadDumps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ThreadDumps and ThreadDumpSummary on real dumps of {@link LockContention} in child JVMs: the
 * JDK running the tests and JDK 25 when installed under /usr/lib/jvm.
 */
class ThreadDumpsTest {
  private static final String PARSER = LockContention.SharedParser.class.getName();

  @TempDir Path dir;

  /** The JDK home for "current" or a major version installed under /usr/lib/jvm; skips if none. */
  private static Path jdk(String which) throws IOException {
    if (which.equals("current")) {
      return Path.of(System.getProperty("java.home"));
    }
    Path jvms = Path.of("/usr/lib/jvm");
    assumeTrue(Files.isDirectory(jvms), "no /usr/lib/jvm");
    try (Stream<Path> homes = Files.list(jvms)) {
      Path home = homes.sorted().filter(h -> Files.isExecutable(h.resolve("bin/jcmd")))
          .filter(h -> which.equals(major(h))).findFirst().orElse(null);
      assumeTrue(home != null, "no JDK " + which + " under " + jvms);
      return home;
    }
  }

  private static String major(Path home) {
    try (Stream<String> release = Files.lines(home.resolve("release"))) {
      return release.filter(l -> l.startsWith("JAVA_VERSION=\"")).findFirst()
          .map(l -> l.substring(14).split("[.\"]")[0]).orElse("");
    } catch (IOException e) {
      return "";
    }
  }

  private static List<String> contenders(int n) {
    return IntStream.range(0, n).mapToObj(i -> "contender-" + i).toList();
  }

  private static ThreadInfo thread(ThreadDump dump, String name) {
    return dump.threads().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  @ParameterizedTest
  @ValueSource(strings = {"current", "25"})
  void monitorContentionFromJcmdAndFromSigquitAmongApplicationOutput(String which) throws Exception {
    int n = 40;
    try (ContentionJvm jvm = ContentionJvm.start(jdk(which), dir, "monitor", Integer.toString(n), "chatter")) {
      if (!which.equals("current")) {
        assertThat(jvm.vmVersion()).startsWith(which + ".");
      }
      List<ThreadDump> fromJcmd = ThreadDumps.extract(jvm.jcmd("Thread.print"));
      assertThat(fromJcmd).hasSize(1);
      assertMonitorContention(fromJcmd.get(0), n, jvm.vmVersion());

      jvm.quit(1);
      jvm.quit(2);
      List<String> stdout = jvm.stdout();
      List<ThreadDump> fromStdout = ThreadDumps.extract(stdout);
      assertThat(fromStdout).hasSize(2);
      for (ThreadDump dump : fromStdout) {
        assertMonitorContention(dump, n, jvm.vmVersion());
      }
      int firstHeader = (int) fromStdout.get(0).line() - 1;
      assertThat(stdout.subList(0, firstHeader)).as("application output before the first dump")
          .anyMatch(l -> l.startsWith("chatter "));
      assertThat(fromStdout.get(1).line()).isGreaterThan(fromStdout.get(0).line());
    }
  }

  /**
   * A pool's reserved thread parked in its waitForTask on the pool's lock waits for work: it is not
   * lock contention, while the request threads queued on the parser's lock still are.
   */
  @Test
  void aReservedThreadWaitingForWorkIsNotLockContention() throws Exception {
    int n = 3;
    try (ContentionJvm jvm = ContentionJvm.start(jdk("current"), dir, "reentrant", Integer.toString(n), "reserved")) {
      ThreadDump dump = single(jvm.jcmd("Thread.print", "-l"));
      ThreadInfo reserved = thread(dump, "reserved-0");
      assertThat(reserved.awaitedLock()).isNotNull();
      assertThat(reserved.frames()).anyMatch(f -> f.contains("ReservedPool.waitForTask("));
      assertThat(reserved.waitsForWork()).isTrue();
      ThreadDumpSummary summary = dump.summary();
      assertThat(summary.contended()).hasSize(1);
      assertThat(summary.contended().get(0).waiters()).containsExactlyInAnyOrderElementsOf(contenders(n))
          .doesNotContain("reserved-0");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"current", "25"})
  void reentrantLockContentionWithAndWithoutOwnableSynchronizers(String which) throws Exception {
    int n = 12;
    try (ContentionJvm jvm = ContentionJvm.start(jdk(which), dir, "reentrant", Integer.toString(n))) {
      ThreadDump withOwners = single(jvm.jcmd("Thread.print", "-l"));
      ThreadDumpSummary summary = withOwners.summary();
      assertThat(summary.count(Thread.State.BLOCKED)).isZero();
      assertThat(summary.contended()).hasSize(1);
      ContendedLock lock = summary.contended().get(0);
      assertThat(lock.monitor()).isFalse();
      assertThat(lock.className()).startsWith("java.util.concurrent.locks.ReentrantLock$");
      assertThat(lock.waiters()).containsExactlyInAnyOrderElementsOf(contenders(n));
      for (String name : lock.waiters()) {
        assertThat(thread(withOwners, name).state()).isEqualTo(Thread.State.WAITING);
      }
      assertThat(lock.waiterFrame()).startsWith(PARSER + ".parseWithLock(");
      assertThat(lock.waiterFrameCount()).isEqualTo(n);
      assertThat(lock.owner()).isEqualTo("holder");
      assertThat(lock.ownerFrame()).isEqualTo(thread(withOwners, "holder").topApplicationFrame())
          .startsWith(PARSER + ".parseWithLock(");
      assertThat(thread(withOwners, "holder").locks())
          .containsExactly(new ThreadLock(ThreadLock.Kind.OWNS, lock.address(), lock.className(), -1));
      assertThat(summary.describe()).startsWith(n + " of " + summary.javaThreads() + " threads parked on <"
          + lock.address() + "> (a " + lock.className() + ") held by holder at " + lock.ownerFrame());

      ThreadDumpSummary withoutOwners = single(jvm.jcmd("Thread.print")).summary();
      assertThat(withoutOwners.contended()).singleElement().satisfies(c -> {
        assertThat(c.waiters()).containsExactlyInAnyOrderElementsOf(contenders(n));
        assertThat(c.owner()).isNull();
      });
      assertThat(withoutOwners.describe()).contains("owner not listed (take the dump with -l)");
    }
  }

  @Test
  void thousandsOfBlockedThreads() throws Exception {
    int n = 2000;
    try (ContentionJvm jvm = ContentionJvm.start(jdk("current"), dir, "monitor", Integer.toString(n))) {
      List<String> lines = jvm.jcmd("Thread.print", "-l");
      ThreadDumpSummary summary = single(lines).summary();
      assertThat(summary.count(Thread.State.BLOCKED)).isEqualTo(n);
      assertThat(summary.contended().get(0).waiters()).hasSize(n);
      assertThat(summary.contended().get(0).owner()).isEqualTo("holder");
      // the cost grows with the dump, not with its square. The reference is the first eighth of
      // the same dump, read on the same host in the same test; each is timed at its fastest of
      // alternating rounds, so that a busy moment of the host slows neither alone
      List<String> eighth = lines.subList(0, lines.size() / 8);
      assertThat(single(eighth).summary().count(Thread.State.BLOCKED)).as("blocked threads in the first eighth")
          .isBetween(n / 16, n / 4);
      long wholeNanos = Long.MAX_VALUE;
      long eighthNanos = Long.MAX_VALUE;
      for (int round = 0; round < 7; round++) {
        eighthNanos = Math.min(eighthNanos, nanosToReadAndSummarize(eighth));
        wholeNanos = Math.min(wholeNanos, nanosToReadAndSummarize(lines));
      }
      // linear: about 8 times the eighth's time; quadratic: about 64 times
      assertThat((double) wholeNanos / eighthNanos)
          .as("time to read and summarize %d lines / time for its first %d (%d / %d us)", lines.size(), eighth.size(),
              wholeNanos / 1000, eighthNanos / 1000)
          .isLessThan(24.0);
    }
  }

  private static long nanosToReadAndSummarize(List<String> lines) {
    long t0 = System.nanoTime();
    ThreadDumpSummary summary = ThreadDumps.extract(lines).get(0).summary();
    long nanos = System.nanoTime() - t0;
    assertThat(summary.javaThreads()).isPositive();
    return nanos;
  }

  @Test
  void aDumpCutAnywhereOrMixedWithStrayLinesNeverThrows() throws Exception {
    List<String> stdout;
    try (ContentionJvm jvm = ContentionJvm.start(jdk("current"), dir, "monitor", "5", "chatter")) {
      jvm.quit(1);
      stdout = jvm.stdout();
    }
    ThreadDump whole = single(stdout);
    int header = (int) whole.line() - 1;
    int jni = header + (int) stdout.subList(header, stdout.size()).stream().takeWhile(l -> !l.startsWith("JNI global ")).count();
    int previousThreads = 0;
    for (int cut = 0; cut <= stdout.size(); cut++) {
      List<ThreadDump> dumps = ThreadDumps.extract(stdout.subList(0, cut));
      assertThat(dumps).as("dumps in the first %d lines", cut).hasSize(cut > header ? 1 : 0);
      if (!dumps.isEmpty()) {
        ThreadDump dump = dumps.get(0);
        assertThat(dump.complete()).as("complete after %d lines", cut).isEqualTo(cut > jni);
        assertThat(dump.threads().size()).isGreaterThanOrEqualTo(previousThreads);
        previousThreads = dump.threads().size();
        assertThatCode(() -> dump.summary().describe()).doesNotThrowAnyException();
      }
    }
    assertThat(previousThreads).isEqualTo(whole.threads().size());

    List<String> strays = List.of("", "\"", "\"\"", "\" tid=", "\"x\" #9x [ daemon cpu=ms elapsed=s cpu=xms elapsed=ys tid=",
        "\"\" #99999999999999999999999 tid=", "Full thread dump ):", "Full thread dump x):", "JNI global ",
        "   java.lang.Thread.State: ", "   java.lang.Thread.State: SLEEPY", "\t- ", "\t- locked <", "\t- locked <0x",
        "\t- waiting to lock <0x1> (a ", "\t- parking to wait for  <0x1> (a )", "\t- <0x", "   Locked ownable synchronizers:",
        "\tat ", "\tat", "2024-13-45 99:99:99", "chatter");
    List<String> dumpLines = stdout.subList(header - 1, jni + 1);
    for (int at = 0; at <= dumpLines.size(); at++) {
      for (String stray : strays) {
        List<String> mixed = new ArrayList<>(dumpLines);
        mixed.add(at, stray);
        assertThatCode(() -> ThreadDumps.extract(mixed).forEach(d -> d.summary().describe()))
            .as("%s at line %d", stray, at).doesNotThrowAnyException();
      }
    }

    List<String> cutBeforeJni = stdout.subList(0, jni);
    List<String> withException = new ArrayList<>(cutBeforeJni);
    withException.addAll(List.of("Exception in thread \"main\" java.lang.IllegalStateException: boom",
        "\tat io.example.Main.main(Main.java:1)", "\t- locked <0x0000000000000001> (a java.lang.Object)"));
    assertThat(ThreadDumps.extract(withException)).as("an application stack trace after a cut dump")
        .isEqualTo(ThreadDumps.extract(cutBeforeJni));
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk8", "jdk7"})
  void olderHeaderLayoutsReadTheSameThreads(String layout) throws Exception {
    List<String> lines;
    try (ContentionJvm jvm = ContentionJvm.start(jdk("current"), dir, "reentrant", "3")) {
      lines = jvm.jcmd("Thread.print", "-l");
    }
    List<String> older = new ArrayList<>();
    boolean smr = false;
    for (String line : lines) {
      if (line.startsWith("Threads class SMR info:")) {
        smr = true;
      } else if (smr) {
        smr = !line.equals("}");
      } else if (line.startsWith("JNI global refs: ")) {
        older.add("JNI global references: 4");
      } else if (line.startsWith("\"")) {
        String header = line.replaceAll(" \\[\\d+\\]| cpu=\\S+| elapsed=\\S+", "");
        older.add(layout.equals("jdk7") ? header.replaceAll(" #\\d+| os_prio=\\d+", "") : header);
      } else {
        older.add(line);
      }
    }
    ThreadDump modern = single(lines);
    ThreadDump old = single(older);
    assertThat(old.threads()).hasSameSizeAs(modern.threads());
    assertThat(modern.threads()).allMatch(t -> t.cpuMs() != null && t.elapsedS() != null);
    List<ThreadInfo> expected = modern.threads().stream().map(t -> new ThreadInfo(t.name(),
        layout.equals("jdk7") ? -1 : t.number(), t.daemon(), t.state(), null, null, t.frames(), t.locks(), t.nid(),
        t.virtual(), t.carrier())).toList();
    assertThat(old.threads()).isEqualTo(expected);
    assertThat(old.summary()).isEqualTo(modern.summary());
    assertThat(old.complete()).isTrue();
  }

  private static ThreadDump single(List<String> lines) {
    List<ThreadDump> dumps = ThreadDumps.extract(lines);
    assertThat(dumps).hasSize(1);
    return dumps.get(0);
  }

  private static void assertMonitorContention(ThreadDump dump, int n, String vmVersion) {
    assertThat(dump.complete()).isTrue();
    assertThat(dump.jvm()).contains(vmVersion);
    assertThat(dump.timestamp()).isNotNull();
    for (ThreadInfo t : dump.threads()) {
      assertThat(t.state() == null).as("%s: no state line exactly when VM-internal (no #number)", t.name())
          .isEqualTo(t.number() < 0);
    }
    ThreadDumpSummary summary = dump.summary();
    assertThat(summary.threads()).isEqualTo(dump.threads().size());
    assertThat(summary.states().values().stream().mapToInt(Integer::intValue).sum())
        .isEqualTo(summary.javaThreads())
        .isEqualTo((int) dump.threads().stream().filter(t -> t.state() != null).count());
    assertThat(summary.count(Thread.State.BLOCKED)).isEqualTo(n);

    ContendedLock top = summary.contended().get(0);
    assertThat(top.monitor()).isTrue();
    assertThat(top.className()).isEqualTo(PARSER);
    assertThat(top.waiters()).containsExactlyInAnyOrderElementsOf(contenders(n));
    assertThat(top.waiterFrame()).startsWith(PARSER + ".parse(");
    assertThat(top.waiterFrameCount()).isEqualTo(n);
    assertThat(top.owner()).isEqualTo("holder");
    assertThat(top.ownerFrame()).startsWith(PARSER + ".parse(");
    assertThat(top.ownerTopFrame()).isEqualTo(thread(dump, "holder").topFrame()).startsWith("java.lang.Thread.sleep");

    ThreadInfo holder = thread(dump, "holder");
    assertThat(holder.state()).isEqualTo(Thread.State.TIMED_WAITING);
    assertThat(holder.daemon()).isTrue();
    assertThat(holder.locks()).containsExactly(new ThreadLock(ThreadLock.Kind.LOCKED, top.address(), PARSER,
        holder.frames().indexOf(top.ownerFrame())));
    ThreadInfo waiter = thread(dump, "waiter");
    assertThat(waiter.state()).isEqualTo(Thread.State.WAITING);
    assertThat(waiter.locks()).extracting(ThreadLock::kind, ThreadLock::address)
        .as("the waiter released the monitor in wait(), though the dump also says it locked it")
        .contains(tuple(ThreadLock.Kind.WAITING_ON, top.address()));
    assertThat(waiter.holds(top.address())).isFalse();
    assertThat(thread(dump, "main").daemon()).isFalse();

    assertThat(summary.describe()).isEqualTo(n + " of " + summary.javaThreads() + " threads BLOCKED on <"
        + top.address() + "> (a " + PARSER + ") held by holder at " + top.ownerFrame() + "; waiting at "
        + top.waiterFrame());
  }
}
