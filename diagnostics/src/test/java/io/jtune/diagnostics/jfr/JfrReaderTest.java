package io.jtune.diagnostics.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.common.finding.TextFinding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A recording of a real JVM with a known lock pile-up and known garbage, read and checked against the JDK's jfr tool. */
class JfrReaderTest {
  @TempDir static Path dir;
  static Path recording;

  @BeforeAll
  @Timeout(180)
  static void record() throws Exception {
    // 8 threads parse through one shared parser object, inside a synchronized block; the
    // parsing allocates garbage for young collections
    Path src = Files.writeString(dir.resolve("Contention.java"), """
        public class Contention {
          static final class SharedParser {
            long parse(int n) {
              long sum = 0;
              for (int i = 0; i < n; i++) {
                byte[] garbage = new byte[1024];
                sum += garbage.length + i;
              }
              return sum;
            }
          }
          static final SharedParser PARSER = new SharedParser();
          public static void main(String[] a) throws Exception {
            long end = System.currentTimeMillis() + 6000;
            Thread[] t = new Thread[8];
            for (int k = 0; k < t.length; k++) {
              t[k] = new Thread(() -> {
                while (System.currentTimeMillis() < end) {
                  synchronized (PARSER) {
                    PARSER.parse(40_000);
                  }
                }
              }, "worker-" + k);
              t[k].start();
            }
            for (Thread th : t) th.join();
          }
        }
        """);
    recording = dir.resolve("rec.jfr");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx64m", "-XX:+UseSerialGC", "-XX:StartFlightRecording=filename=" + recording + ",settings=profile",
        src.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
    try {
      assertThat(p.waitFor(150, TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as(Files.readString(dir.resolve("out.txt"))).isZero();
  }

  @Test
  void theSharedParserIsTheContendedLockAndTheFindingSaysSo() {
    JfrSummary s = JfrReader.read(recording);
    JfrSummary.Lock top = s.locks().stream().filter(JfrRules::contention).findFirst().orElseThrow();
    assertThat(top.className()).isEqualTo("Contention$SharedParser");
    assertThat(top.kind()).isEqualTo("monitor enter");
    assertThat(top.topFrame()).startsWith("Contention.lambda$main$");
    List<TextFinding> f = JfrRules.findings(s);
    assertThat(f).anyMatch(x -> x.id().equals("lock-contention") && x.title().contains("Contention$SharedParser"));
    // the parsing is the CPU work (the JIT may compile parse into the worker's loop)
    assertThat(s.hotMethods().get(0).method()).isIn("Contention$SharedParser.parse", "Contention.lambda$main$0");
    assertThat(s.executionSamples()).isPositive();
    assertThat(s.allocations()).anyMatch(a -> a.name().equals("byte[]") || a.name().equals("[B"));
    assertThat(s.gc().collectors()).contains("DefNew");
  }

  @Test
  @Timeout(120)
  void pauseCountEqualsTheJfrToolsCountOfPauseEvents() throws Exception {
    JfrSummary s = JfrReader.read(recording);
    Process jfr = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jfr").toString(), "print",
        "--events", "jdk.GCPhasePause", recording.toString()).redirectErrorStream(true).start();
    String text = new String(jfr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(jfr.waitFor(60, TimeUnit.SECONDS)).isTrue();
    long events = text.lines().filter(l -> l.startsWith("jdk.GCPhasePause")).count();
    assertThat(events).isPositive();
    assertThat(s.gc().pauseCount()).isEqualTo(events);
  }

  @Test
  void aFileThatIsNoRecordingIsAOneLineError() throws Exception {
    Path notJfr = Files.writeString(dir.resolve("gc.log"), "[0.001s][info][gc] Using G1\n");
    assertThatThrownBy(() -> JfrReader.read(notJfr)).isInstanceOf(JtuneException.class)
        .hasMessageContaining("not a JFR recording").hasMessageNotContaining("\n");
    assertThatThrownBy(() -> JfrReader.read(dir.resolve("missing.jfr"))).isInstanceOf(JtuneException.class)
        .hasMessageContaining("no such file");
  }
}
