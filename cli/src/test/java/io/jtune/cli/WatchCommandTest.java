package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.diagnostics.watch.GcCounters;
import io.jtune.diagnostics.watch.PerfData;
import io.jtune.experiment.suggest.JstatGc;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code jtune watch} against a real JVM, side by side with the JDK's jstat. */
class WatchCommandTest {
  @TempDir Path dir;
  private Process jvm;

  @AfterEach
  void stop() throws InterruptedException {
    if (jvm != null) {
      jvm.destroyForcibly();
      jvm.waitFor();
    }
  }

  /** A JVM that allocates (young GCs, some promotion) and then idles, so its counters stand still. */
  private long startJvm(String gc, int idleMs) throws Exception {
    Path src = Files.writeString(dir.resolve("Idle.java"), """
        public class Idle {
          public static void main(String[] a) throws Exception {
            java.util.List<byte[]> keep = new java.util.ArrayList<>();
            for (int i = 0; i < 30_000; i++) {
              byte[] b = new byte[4096];
              if (i % 10 == 0) keep.add(b);
            }
            System.out.println("ready " + keep.size());
            System.out.flush();
            Thread.sleep(Long.parseLong(a[0]));
          }
        }
        """);
    jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), gc, "-Xmx64m", "-Xmn16m",
        src.toString(), Integer.toString(idleMs)).redirectErrorStream(true).start();
    BufferedReader in = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
    assertThat(in.readLine()).startsWith("ready");
    return jvm.pid();
  }

  @Test
  @Timeout(120)
  void countersAgreeWithJstatTakenAtTheSameTime() throws Exception {
    for (String gc : List.of("-XX:+UseSerialGC", "-XX:+UseG1GC")) {
      long pid = startJvm(gc, 60_000);
      // sizes are sampled into the counters every 50 ms (PerfDataSamplingInterval): let them settle
      Thread.sleep(500);
      GcCounters ours = GcCounters.of(PerfData.read(PerfData.locate(pid)));
      Process jstat = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstat").toString(), "-gc",
          Long.toString(pid)).redirectErrorStream(true).start();
      String text = new String(jstat.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(jstat.waitFor(60, TimeUnit.SECONDS)).isTrue();
      Path file = Files.writeString(dir.resolve("jstat" + pid + ".txt"), text);
      JstatGc.Sample theirs = JstatGc.read(file).samples().get(0);
      // sizes in KB and counts within 1 % (an idle JVM: they agree exactly but for jstat's rounding)
      close(ours.ec() / 1024.0, theirs.get("EC"), gc + " EC");
      close(ours.eu() / 1024.0, theirs.get("EU"), gc + " EU");
      close(ours.oc() / 1024.0, theirs.get("OC"), gc + " OC");
      close(ours.ou() / 1024.0, theirs.get("OU"), gc + " OU");
      close(ours.mu() / 1024.0, theirs.get("MU"), gc + " MU");
      close(ours.ygc(), theirs.get("YGC"), gc + " YGC");
      close(ours.ygctS(), theirs.get("YGCT"), gc + " YGCT");
      assertThat(ours.fgc()).isEqualTo((long) theirs.get("FGC"));
      assertThat(ours.ygc()).as("the JVM collected").isPositive();
      stop();
      jvm = null;
    }
  }

  private static void close(double ours, double theirs, String what) {
    assertThat(ours).as(what).isCloseTo(theirs, within(Math.max(0.01 * Math.abs(theirs), 0.1)));
  }

  @Test
  @Timeout(120)
  void watchWritesWhatSuggestReadsAndStopsWhenTheJvmExits() throws Exception {
    long pid = startJvm("-XX:+UseSerialGC", 4000);
    Path out = dir.resolve("watch.txt");
    CliRun r = CliRun.of("watch", "--interval", "200ms", "--duration", "30s", "-o", out.toString(), Long.toString(pid));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("YGCT").contains("exited");
    List<JstatGc.Sample> samples = JstatGc.read(out).samples();
    assertThat(samples.size()).isGreaterThanOrEqualTo(3);
    assertThat(samples.get(0).get("YGC")).isPositive();
    assertThat(samples.get(samples.size() - 1).timestampS()).isGreaterThan(samples.get(0).timestampS());
  }

  @Test
  void aProcessThatIsNotThereIsAOneLineError() {
    CliRun r = CliRun.of("watch", "--duration", "1s", "2147483000");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).contains("no process 2147483000").doesNotContain("\n");
  }
}
