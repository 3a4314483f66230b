package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check that the measured JVM got jtune's flags, on a real JVM: flags reach it on its command
 * line or through the variables the JVM reads options from (quoted words kept whole), and a
 * flag it lacks is named in one line.
 */
class FlagsReachTest {
  @TempDir Path dir;

  private Process idle(String toolOptions) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx48m", "-cp", System.getProperty("java.class.path"), IdleJvm.class.getName(), "60");
    pb.environment().put("JAVA_TOOL_OPTIONS", toolOptions);
    Process p = pb.redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
    // until the launcher has become the JVM (a service is checked once it serves, long after)
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (p.isAlive() && !Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline")).contains(IdleJvm.class.getName())) {
      assertThat(System.nanoTime()).as("the JVM started").isLessThan(deadline);
      Thread.sleep(20);
    }
    assertThat(p.isAlive()).as(Files.readString(dir.resolve("out.txt"))).isTrue();
    return p;
  }

  @Test
  void flagsOnTheCommandLineAndInJavaToolOptionsCountAndAMissingOneIsNamed() throws Exception {
    Path log = Files.createDirectories(dir.resolve("a dir")).resolve("gc.log");
    Process p = idle("'-Xlog:gc:file=" + log + "' -XX:+UseSerialGC");
    try {
      long pid = p.pid();
      List<Long> javas = List.of(pid);
      FlagsReach.check(pid, javas, List.of("-Xmx48m", "-Xlog:gc:file=" + log, "-XX:+UseSerialGC"), null);
      FlagsReach.check(pid, javas, List.of(), log.toString());
      assertThat(JvmArguments.of(pid).orElseThrow().describe()).isEqualTo("java ... " + IdleJvm.class.getName() + " 60");

      assertThatThrownBy(() -> FlagsReach.check(pid, javas, List.of("-Xmx48m", "-XX:+UseParallelGC"), null))
          .isInstanceOf(FlagsReach.NotReceived.class)
          .hasMessage("the JVM jtune measures (pid " + pid + ", java ... " + IdleJvm.class.getName() + " 60, the deepest"
              + " java process of the command) did not receive {jvmFlags} (-XX:+UseParallelGC); put {jvmFlags} where the"
              + " command gives that JVM its options (for a service that starts its worker JVM itself, its own option"
              + " for the child JVM's arguments)");
      assertThatThrownBy(() -> FlagsReach.check(pid, javas, List.of(), dir.resolve("other.log").toString()))
          .isInstanceOf(FlagsReach.NotReceived.class)
          .hasMessageContaining("did not receive the GC logging to {gcLog} (an option naming " + dir.resolve("other.log"));
    } finally {
      p.destroyForcibly();
      assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void optionWordsKeepTheirQuotedSpaces() {
    assertThat(JvmArguments.words(" -Xmx1g  '-Xlog:gc*:file=/a b/gc.log' \"-Dx=1 2\"-y ")).containsExactly("-Xmx1g",
        "-Xlog:gc*:file=/a b/gc.log", "-Dx=1 2-y");
  }
}
