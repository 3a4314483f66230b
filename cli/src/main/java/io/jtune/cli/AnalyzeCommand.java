package io.jtune.cli;

import io.jtune.core.JtuneException;
import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.AnalysisOptions;
import io.jtune.core.analysis.GcAnalyzer;
import io.jtune.core.render.JsonReport;
import io.jtune.core.render.MarkdownReport;
import io.jtune.core.render.TextReport;
import io.jtune.load.DurationText;
import io.jtune.core.render.html.HtmlReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune analyze}: reads GC logs and prints metrics and findings. */
@Command(name = "analyze", mixinStandardHelpOptions = true, versionProvider = JtuneVersion.class, sortOptions = false,
    description = {
      "Analyze GC logs of any HotSpot collector, JDK 6 to 25: metrics and findings with evidence.",
      "Pauses by kind and cause, the per-window YGC/FGC table, memory, allocation and promotion",
      "rates, concurrent cycles, G1 phases; findings with flag values computed from the data.",
      "Inputs: files (plain, .gz, .zip), directories (all logs in them), '-' for standard input.",
      "Several inputs (a rotated set) are ordered by content and read as one timeline."},
    footer = {"", "Exit codes: 0 analyzed, 2 nothing could be analyzed or bad usage, 1 internal error.",
      "Examples:",
      "  jtune analyze gc.log",
      "  jtune analyze --format json -o report.json logs/",
      "  jtune analyze --flags \"-Xms4g -Xmx4g -Xmn1g\" --qps 800 gc.log.0 gc.log.1 gc.log.2.current"})
final class AnalyzeCommand implements Callable<Integer> {
  enum OutputFormat { text, json, markdown, md, html }

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE|DIR|-", description = "GC logs to analyze")
  List<String> inputs;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default), json (schema jtune.analysis/1), markdown, or html (one offline page with charts)")
  OutputFormat format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the report to FILE instead of stdout")
  Path output;

  @Option(names = "--window", paramLabel = "DURATION", defaultValue = "1m",
      description = "window of the YGC/FGC table, e.g. 30s, 1m, 10m (default 1m)")
  String window;

  @Option(names = "--pause-target", paramLabel = "MS", defaultValue = "50",
      description = "young pauses longer than this are reported (default 50 ms)")
  double pauseTargetMs;

  @Option(names = "--qps", paramLabel = "N", description = "requests/s served while logging: computes memory per request")
  Double qps;

  @Option(names = "--flags", paramLabel = "\"FLAGS\"", description = "the JVM's flags, when the log does not show them (or to add to them)")
  String flags;

  @Option(names = "--events", description = "JSON: include every stop-the-world pause as events[] (memory grows with the log)")
  boolean events;

  @Option(names = "--no-color", description = "no ANSI colours (also when NO_COLOR is set or output is not a terminal)")
  boolean noColor;

  @Override
  public Integer call() throws IOException {
    if (!(pauseTargetMs > 0)) {
      throw new JtuneException("--pause-target must be a positive number of milliseconds");
    }
    if (qps != null && !(qps > 0)) {
      throw new JtuneException("--qps must be a positive number");
    }
    double windowS = DurationText.parse(window, "--window").toNanos() / 1e9;
    if (!(windowS > 0)) {
      throw new JtuneException("--window must be above 0");
    }
    if (output != null) {
      for (String in : inputs) {
        if (!in.equals("-") && Files.exists(Path.of(in)) && Files.exists(output)
            && Files.isSameFile(Path.of(in), output)) {
          throw new JtuneException("--output " + output + " is one of the inputs: refusing to overwrite it");
        }
      }
    }
    AnalysisOptions options = new AnalysisOptions(windowS, pauseTargetMs, qps == null ? Double.NaN : qps, flags, events);
    ProgressLine progress = ProgressLine.onTerminal(spec.commandLine().getErr());
    Analysis analysis;
    try {
      analysis = GcAnalyzer.analyze(inputs, System.in, options, progress);
    } finally {
      progress.clear();
    }
    if (output == null) {
      render(analysis, spec.commandLine().getOut(), colorWanted(true));
    } else {
      Path parent = output.toAbsolutePath().getParent();
      Path tmp = Files.createTempFile(parent, ".jtune-", ".tmp");
      try {
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8); PrintWriter pw = new PrintWriter(w)) {
          render(analysis, pw, false);
        }
        try {
          // a temp file is private (rw-------); a report is an ordinary file
          Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
          // not a POSIX file system: keep its defaults
        }
        Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
      spec.commandLine().getErr().println("jtune: report written to " + output);
    }
    return 0;
  }

  private void render(Analysis analysis, PrintWriter out, boolean color) throws IOException {
    switch (format) {
      case json -> JsonReport.write(analysis, out);
      case markdown, md -> MarkdownReport.write(analysis, out);
      case html -> HtmlReport.write(analysis, out);
      default -> new TextReport(color).write(analysis, out);
    }
    out.flush();
  }

  private boolean colorWanted(boolean toStdout) {
    return toStdout && !noColor && System.getenv("NO_COLOR") == null && System.console() != null;
  }
}
