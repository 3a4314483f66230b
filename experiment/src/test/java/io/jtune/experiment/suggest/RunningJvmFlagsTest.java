package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The flags of a real running JVM, read with jcmd. */
class RunningJvmFlagsTest {
  @TempDir Path dir;

  @Test
  @Timeout(120)
  void aRunningJvmsHeapYoungAndCollectorAreRead() throws Exception {
    Path src = Files.writeString(dir.resolve("Wait.java"), """
        public class Wait {
          public static void main(String[] a) throws Exception {
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
          }
        }
        """);
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-Xms64m", "-Xmx96m", "-Xmn24m", "-XX:SurvivorRatio=6", src.toString())
        .redirectErrorStream(true).start();
    try {
      BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()));
      assertThat(r.readLine()).isEqualTo("ready");
      List<String> flags = RunningJvmFlags.of(p.pid(), Duration.ofSeconds(30));
      assertThat(flags).contains("-Xms64m", "-Xmx96m", "-Xmn24m", "-XX:SurvivorRatio=6", "-XX:+UseSerialGC");
      assertThat(flags).noneMatch(f -> f.contains("CICompilerCount"));
    } finally {
      p.destroyForcibly();
      p.waitFor();
    }
  }

  @Test
  void aJvmThatIsNotThereIsAOneLineError() {
    assertThatThrownBy(() -> RunningJvmFlags.of(Integer.MAX_VALUE - 7, Duration.ofSeconds(30)))
        .isInstanceOf(JtuneException.class).hasMessageStartingWith("jcmd " + (Integer.MAX_VALUE - 7))
        .hasMessageNotContaining("\n");
  }
}
