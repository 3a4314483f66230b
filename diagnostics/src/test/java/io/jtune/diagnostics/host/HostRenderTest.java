package io.jtune.diagnostics.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.OutputFormat;
import io.jtune.diagnostics.host.render.HostRender;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host report ({@code jtune host}) of captured trees in its formats: what it says, and untrusted text escaped. */
class HostRenderTest {
  private static final Path TREES = Path.of("src/test/resources/host");

  @TempDir Path dir;

  private static String render(OutputFormat format, HostReport r) throws IOException {
    StringWriter w = new StringWriter();
    HostRender.renderers().render(format, r, new PrintWriter(w));
    return w.toString();
  }

  @Test
  void aContainerUnderPressureInTextAndMarkdown() throws Exception {
    HostReport r = HostReader.read(TREES.resolve("cgroup-v2-thp-always-under-pressure"), -1, Duration.ZERO, false);
    assertThat(render(OutputFormat.TEXT, r)).contains("enabled                      always").contains("version                      v2")
        .contains("memory limit                 2.0 GB").contains("[CRITICAL]").contains("(thp-always)")
        .contains("-XX:+UseTransparentHugePages").contains("vm.swappiness");
    assertThat(render(OutputFormat.MARKDOWN, r)).startsWith("# Host report").contains("| cgroup | path | /kubepods/pod1/app |");
  }

  @Test
  void untrustedTextIsEscapedInHtml() throws Exception {
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
    String html = render(OutputFormat.HTML, HostReader.read(root, -1, Duration.ZERO, false));
    assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;")
        .contains("Content-Security-Policy");
  }

}
