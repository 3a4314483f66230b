package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code --objective footprint|cost} and its options: each wrong combination one line, exit 2, before anything runs. */
@ExtendWith(UseLabJar.class)
class MemorySearchOptionsTest {
  @TempDir Path dir;

  private CliRun demo(String... more) {
    String[] args = new String[4 + more.length];
    args[0] = "demo";
    args[1] = "--scenario";
    args[2] = "heap-too-small";
    args[3] = "--out=" + dir.resolve("run");
    System.arraycopy(more, 0, args, 4, more.length);
    return CliRun.of(args);
  }

  @Test
  void wrongCombinationsAreOneLineUsageErrors() {
    String[][] cases = {
        {"needs the SLO the smallest memory must meet", "--objective", "footprint"},
        {"searches the memory, not --param values", "--objective", "footprint", "--slo", "p99<=40ms", "--param",
            "threads=8,16"},
        {"price a cost search: give --objective cost", "--objective", "footprint", "--slo", "p99<=40ms",
            "--price-core", "0.05"},
        {"--sweep probes every size of a memory search", "--sweep", "--param", "threads=8,16"},
        {"numbers of 0 or more", "--objective", "cost", "--slo", "p99<=40ms", "--price-gb=-1"},
        {"latency, throughput, footprint or cost", "--objective", "smallest"}};
    for (String[] c : cases) {
      String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
      CliRun r = demo(args);
      assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip()).as(String.join(" ", args)).startsWith("jtune: ").contains(c[0])
          .doesNotContain("\n").doesNotContain("Exception");
    }
    assertThat(dir.resolve("run")).doesNotExist();
  }
}
