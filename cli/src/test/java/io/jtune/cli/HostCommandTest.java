package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jtune host} on captured trees and on this machine. */
class HostCommandTest {
  private static final Path TREES = Path.of("../diagnostics/src/test/resources/host");

  @TempDir Path dir;

  @Test
  void aContainerUnderPressureInTextAndMarkdown() {
    CliRun r = CliRun.of("host", "--root", TREES.resolve("cgroup-v2-thp-always-under-pressure").toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("enabled                      always").contains("version                      v2")
        .contains("memory limit                 2.0 GB").contains("[CRITICAL]").contains("(thp-always)")
        .contains("-XX:+UseTransparentHugePages").contains("vm.swappiness");
    CliRun md = CliRun.of("host", "--format", "markdown", "--root", TREES.resolve("cgroup-v2-thp-always-under-pressure").toString());
    assertThat(md.out()).startsWith("# Host report").contains("| cgroup | path | /kubepods/pod1/app |");
  }

  @Test
  void untrustedTextIsEscapedInHtml() throws IOException {
    Path root = dir.resolve("root");
    // a cgroup path is whatever the container runtime named it
    String evil = "/kubepods/<script>alert(1)</script>";
    Files.createDirectories(root.resolve("proc/self"));
    Files.writeString(root.resolve("proc/self/cgroup"), "0::" + evil + "\n");
    Files.createDirectories(root.resolve("sys/fs/cgroup"));
    Files.writeString(root.resolve("sys/fs/cgroup/cgroup.controllers"), "cpu memory\n");
    Path cg = root.resolve("sys/fs/cgroup" + evil);
    Files.createDirectories(cg);
    Files.writeString(cg.resolve("memory.events"), "oom_kill 1\n");
    Path out = dir.resolve("host.html");
    CliRun r = CliRun.of("host", "--format", "html", "-o", out.toString(), "--root", root.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    String html = Files.readString(out);
    assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;")
        .contains("Content-Security-Policy");
  }

  @Test
  void badRootsAndMissingProcessesAreOneLineErrors() {
    CliRun noRoot = CliRun.of("host", "--root", dir.resolve("nothing").toString());
    assertThat(noRoot.exitCode()).isEqualTo(2);
    assertThat(noRoot.err().strip()).doesNotContain("\n").contains("no proc or sys directory");
    CliRun noPid = CliRun.of("host", "--pid", "2147483000");
    assertThat(noPid.exitCode()).isEqualTo(2);
    assertThat(noPid.err().strip()).doesNotContain("\n").contains("no process 2147483000");
    CliRun help = CliRun.of("host", "--help");
    assertThat(help.out()).contains("Examples").contains("Exit codes").contains("--sample");
  }
}
