package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.JtuneException;
import io.jtune.diagnostics.host.HostReader;
import io.jtune.diagnostics.host.HostReport;
import io.jtune.diagnostics.host.render.HostRender;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jtune host}: the kernel and container facts behind JVM stalls that GC logs show only as long pauses. */
@Command(name = "host", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Read the host's memory and CPU settings that stall JVMs: transparent huge pages and their defragmentation,"
          + " swap and swappiness, direct reclaim and compaction stalls, memory pressure, NUMA reclaim, and the cgroup's"
          + " memory limit, OOM kills, CPU quota and throttling.",
      "A GC pause whose real time far exceeds its user+sys CPU time was spent waiting for the kernel (reclaim,"
          + " compaction, swap-in) or for the CPU quota, not collecting: this command names which.",
      "With --sample the reclaim, swap and throttling counters are read twice, the window apart, to show what"
          + " happens now rather than since boot. With --pid the JVM's resident memory and huge pages are set against"
          + " its heap, pre-touch and the CPU count it works with (asked with jcmd)."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:read (findings or not)", ExitCodes.INTERNAL_LINE,
        "2:bad usage, no such process, or the -o file cannot be written"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune host",
      "  jtune host --sample 10s",
      "  jtune host --pid 4711 --sample 30s --format json -o host.json"})
final class HostCommand implements Callable<Integer> {
  /** {@code --format}: the host report's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(HostRender.renderers().formats());
    }
  }

  @Spec CommandSpec spec;

  @Option(names = "--pid", paramLabel = "PID", description = "a JVM on this host to read as well")
  Long pid;

  @Option(names = "--sample", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "watch the reclaim, swap and throttling counters for this long, e.g. 10s (default: read once,"
          + " counters since boot)")
  Duration sample;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Formats.class,
      completionCandidates = Formats.class,
      description = "text, json, markdown or html (default: text)")
  OutputFormat format;

  @Mixin ReportOutput output;

  @Option(names = "--root", paramLabel = "DIR", defaultValue = "/",
      description = "read /proc and /sys under DIR instead of / (a copy captured from another host)")
  Path root;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(root.resolve("proc")) && !Files.isDirectory(root.resolve("sys"))) {
      throw new JtuneException(root + ": no proc or sys directory to read");
    }
    if (pid != null && (pid <= 0 || !Files.isDirectory(root.resolve("proc").resolve(Long.toString(pid))))) {
      throw new JtuneException("no process " + pid + " on this host");
    }
    output.check(List.of());
    boolean live = root.toAbsolutePath().normalize().equals(Path.of("/"));
    HostReport r = HostReader.read(root, pid == null ? -1 : pid, sample == null ? Duration.ZERO : sample, live);
    output.write(spec, "report", w -> write(r, w));
    return 0;
  }

  private void write(HostReport r, PrintWriter w) throws java.io.IOException {
    HostRender.renderers().render(format, r, w);
  }
}
