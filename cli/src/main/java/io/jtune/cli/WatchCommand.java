package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.runtime.output.OutputFile;
import io.jtune.diagnostics.watch.GcCounters;
import io.jtune.diagnostics.watch.PerfData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune watch PID}: a live JVM's GC counters without an agent, as jstat shows them, with a per-minute GC table. */
@Command(name = "watch", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Watch a running JVM's garbage collection live, without an agent or a restart: the counters the JVM keeps in"
          + " its performance data file (what jstat reads): generation capacities and occupancy, metaspace, young,"
          + " full and concurrent collection counts and times.",
      "Prints a line per interval in jstat -gc -t's columns, and at each full minute a row of the per-minute GC"
          + " table (young and full collections and their time in that minute, old generation occupancy).",
      "-o writes the samples as jstat -gc -t output, which 'jtune suggest --jstat FILE' reads."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:watched for the duration, or until the JVM exited", ExitCodes.INTERNAL_LINE,
        "2:bad usage, no such JVM or no counters for it, or the -o file cannot be written"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune watch 4711",
      "  jtune watch --interval 5s --duration 30m -o jstat.txt 4711"})
final class WatchCommand implements Callable<Integer> {
  private static final int HEADER_EVERY = 20;

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "PID", description = "the JVM to watch (same user, HotSpot)")
  long pid;

  @Option(names = "--interval", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "1s",
      description = "time between samples (default: 1s)")
  Duration interval;

  @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "5m",
      description = "stop after this long (default: 5m); Ctrl-C stops earlier")
  Duration duration;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "also write the samples as jstat -gc -t output")
  Path output;

  @Override
  public Integer call() throws Exception {
    if (interval.toMillis() < 10) {
      throw new JtuneException("--interval must be at least 10ms");
    }
    Optional<ProcessHandle> jvm = ProcessHandle.of(pid);
    if (jvm.isEmpty() || !jvm.get().isAlive()) {
      throw new JtuneException("no process " + pid + " on this host");
    }
    Path file = PerfData.locate(pid);
    if (output != null) {
      OutputFile.check(output);
    }
    PrintWriter out = spec.commandLine().getOut();
    StringBuilder jstat = new StringBuilder(GcCounters.JSTAT_HEADER).append('\n');
    long end = System.nanoTime() + duration.toNanos();
    GcCounters minuteStart = null;
    int lines = 0;
    int samples = 0;
    try {
      while (true) {
        GcCounters c;
        try {
          c = GcCounters.of(PerfData.read(file));
        } catch (JtuneException e) {
          if (!Files.exists(file) || !jvm.get().isAlive()) {
            out.println("jtune: JVM " + pid + " exited");
            break;
          }
          throw e;
        }
        if (lines % HEADER_EVERY == 0) {
          out.println(GcCounters.JSTAT_HEADER);
        }
        out.println(c.jstatLine());
        jstat.append(c.jstatLine()).append('\n');
        lines++;
        samples++;
        if (minuteStart == null) {
          minuteStart = c;
        } else if (c.timestampS() - minuteStart.timestampS() >= 60) {
          out.println(minuteRow(minuteStart, c));
          lines = 0;
          minuteStart = c;
        }
        out.flush();
        long left = end - System.nanoTime();
        if (left <= 0 || !jvm.get().isAlive()) {
          break;
        }
        Thread.sleep(Math.min(interval.toMillis(), Math.max(1, left / 1_000_000)));
      }
    } finally {
      if (output != null && samples > 0) {
        OutputFile.write(output, w -> w.print(jstat));
      }
    }
    return 0;
  }

  /** A row of the per-minute GC table: what changed between two samples a minute apart. */
  static String minuteRow(GcCounters a, GcCounters b) {
    double oldPct = b.oc() > 0 ? 100.0 * b.ou() / b.oc() : Double.NaN;
    return String.format(Locale.ROOT, "-- minute %.0f-%.0f s: young GCs %d (%.0f ms), full GCs %d (%.0f ms)%s, old %.1f%% of %.1f MB",
        a.timestampS(), b.timestampS(), b.ygc() - a.ygc(), 1000 * (b.ygctS() - a.ygctS()), b.fgc() - a.fgc(),
        1000 * (b.fgctS() - a.fgctS()), b.cgc() >= 0 ? String.format(Locale.ROOT, ", concurrent cycles %d", b.cgc() - a.cgc()) : "",
        oldPct, b.oc() / 1048576.0);
  }
}
