package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.JtuneException;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.parse.ThreadDumps;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import io.jtune.diagnostics.threads.live.LiveDumps;
import io.jtune.diagnostics.threads.render.ThreadsRenderers;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune threads}: thread dumps read from files or taken from a running JVM. */
@Command(name = "threads", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Read thread dumps: threads by state, pools (busy/idle), locks with their owner and waiters, deadlocks,"
          + " identical stacks; over several dumps, CPU per thread and threads stuck in one frame.",
      "Reads jstack [-l] [-e], jcmd PID Thread.print [-l], the dumps kill -QUIT prints into a service's stdout"
          + " (several per file), and jcmd PID Thread.dump_to_file in text or JSON (virtual threads). With --pid,"
          + " takes the dumps itself with jcmd and reads each thread's CPU from /proc/PID/task (top -H)."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:reported", ExitCodes.INTERNAL_LINE, ExitCodes.USAGE_LINE + " (no thread dump in the input)",
        "4:--fail-on: a finding at or above the severity"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune threads jstack-l-output.txt",
      "  jtune threads --pid 4711 --count 3 --interval 2s",
      "  jtune threads --format html -o threads.html service-stdout.log",
      "  jtune threads --format json --fail-on critical dumps/",
      "  jtune threads - < thread-dump.txt"})
final class ThreadsCommand implements Callable<Integer> {
  /** {@code --format}: the threads report's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(ThreadsRenderers.of().formats());
    }
  }

  @Spec CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "FILE|DIR|-",
      description = "thread dumps: files, directories (their files in name order) or '-' for standard input")
  List<String> inputs = new ArrayList<>();

  @Option(names = "--pid", paramLabel = "PID", description = "take the dumps from this running JVM with jcmd")
  Long pid;

  @Option(names = "--count", paramLabel = "N", defaultValue = "3", description = "with --pid: how many dumps (default: ${DEFAULT-VALUE})")
  int count;

  @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "2s", converter = DurationConverter.class,
      description = "with --pid: time between dumps (default: ${DEFAULT-VALUE})")
  Duration interval;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Formats.class,
      completionCandidates = Formats.class,
      description = "text (default), json (schema jtune.threads/1), markdown, html")
  OutputFormat format;

  @Mixin ReportOutput output;

  @Option(names = "--fail-on", paramLabel = "SEVERITY", description = "exit 4 when a finding is this severe or more: warning or critical")
  AnalyzeCommand.FailOn failOn;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if ((pid == null) == inputs.isEmpty()) {
      throw new JtuneException(pid == null ? "name thread dump files, a directory, '-', or --pid PID"
          : "give either --pid or files, not both");
    }
    if (count < 1 || interval.isNegative()) {
      throw new JtuneException("--count must be 1 or more and --interval not negative");
    }
    output.check(inputs);
    ThreadsReport report;
    if (pid != null) {
      LiveDumps live = LiveDumps.capture(pid, count, interval, Path.of("/proc"));
      report = ThreadsReport.of(live.dumps(), live.procCpu());
    } else {
      report = ThreadsReport.of(read(inputs, JtuneCommand.stdin(spec)), List.of());
    }
    output.write(spec, "report", w -> render(report, w));
    if (failOn != null && report.findings().stream().anyMatch(f -> f.severity().atLeast(failOn.severity))) {
      spec.commandLine().getErr().println("jtune: --fail-on " + failOn.severity.label() + ": a finding at or above it");
      return ExitCodes.GATE_FAILED;
    }
    return ExitCodes.OK;
  }

  private void render(ThreadsReport r, PrintWriter out) throws IOException {
    ThreadsRenderers.of().render(format, r, out);
  }

  /** The dumps of every input, in the order given (a directory's files in name order; {@code -} is {@code stdin}). */
  static List<ThreadDump> read(List<String> inputs, InputStream stdin) throws IOException {
    List<ThreadDump> dumps = new ArrayList<>();
    for (String in : inputs) {
      if (in.equals("-")) {
        dumps.addAll(dumpsOf("standard input", new String(stdin.readAllBytes(), StandardCharsets.UTF_8)));
        continue;
      }
      Path p = Path.of(in);
      if (Files.isDirectory(p)) {
        try (Stream<Path> files = Files.list(p)) {
          for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
            dumps.addAll(dumpsOf(f.toString(), text(f)));
          }
        }
      } else {
        dumps.addAll(dumpsOf(in, text(p)));
      }
    }
    if (dumps.isEmpty()) {
      throw new JtuneException(String.join(", ", inputs) + ": no thread dump found (expected the output of jstack,"
          + " jcmd PID Thread.print, kill -QUIT or jcmd PID Thread.dump_to_file)");
    }
    return dumps;
  }

  private static List<ThreadDump> dumpsOf(String name, String text) {
    try {
      return ThreadDumps.read(text);
    } catch (JtuneException e) {
      throw new JtuneException(name + ": " + e.getMessage());
    }
  }

  private static String text(Path p) throws IOException {
    try {
      return Files.readString(p);
    } catch (NoSuchFileException e) {
      throw new JtuneException(p + ": no such file");
    } catch (MalformedInputException e) {
      return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
    }
  }
}
