package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.formats.AnalysisRenderers;
import io.jtune.gc.fleet.render.FleetOutput;
import io.jtune.common.format.OutputFormat;
import io.jtune.common.finding.Severity;
import io.jtune.runtime.output.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code jtune analyze}: reads GC logs and prints metrics and findings.
 *
 * <p>Its command line is described with picocli's programmatic API instead of annotations:
 * reading annotations (reflection, a proxy class per annotation type) is about 50 ms of every
 * run's start, measured in-process (80 ms for the annotated root and analyze models, 29 ms built
 * this way), and the start is most of the time `analyze` takes on a small log.
 */
final class AnalyzeCommand implements Callable<Integer> {
  /** The analysis' formats, then the fleet's ({@code --each}). */
  private static final List<OutputFormat> FORMATS = Stream.concat(AnalysisRenderers.of(false).formats().stream(),
      FleetOutput.FORMATS.keySet().stream()).distinct().toList();

  private final CommandSpec spec;

  /** The severity {@code --fail-on} gates on: that one or a more severe one fails the run. */
  enum FailOn {
    warning(Severity.WARNING), critical(Severity.CRITICAL);

    final Severity severity;

    FailOn(Severity severity) {
      this.severity = severity;
    }
  }

  private AnalyzeCommand() {
    spec = CommandSpec.wrapWithoutInspection(this).name("analyze");
    spec.usageMessage().sortOptions(false)
        .description(
            "Analyze GC logs of any HotSpot collector, JDK 6 to 25: metrics and findings with evidence.",
            "Pauses by kind and cause, the per-window YGC/FGC table, memory, allocation and promotion rates, concurrent"
                + " cycles, G1 phases; findings with flag values computed from the data.",
            "ZGC and Shenandoah: collections by cause too (each concurrent collection once, however many pauses it had).",
            "Inputs: files (plain, .gz, .zip), directories (all logs in them), '-' for standard input. Several"
                + " inputs (a rotated set) are ordered by content and read as one timeline.")
        .exitCodeListHeading(ExitCodes.HEADING)
        .exitCodeList(ExitCodes.list("0:analyzed", ExitCodes.INTERNAL_LINE,
            "2:nothing could be analyzed, bad usage, or the -o file cannot be written",
            "4:--fail-on: a finding at or above that severity (the report is written first)"))
        .footerHeading(ExitCodes.EXAMPLES_HEADING)
        .footer("  jtune analyze gc.log",
            "  jtune analyze --format json -o report.json logs/",
            "  jtune analyze --window 30s --pause-target 100ms gc.log",
            "  jtune analyze --fail-on critical --format html -o gc.html gc.log",
            "  jtune analyze --format prometheus -o textfile-dir/gc.prom gc.log",
            "  jtune analyze --flags \"-Xms4g -Xmx4g -Xmn1g\" --qps 800 gc.log.0 gc.log.1",
            "  jtune analyze --each /var/log/fleet/",
            "  jtune analyze --each --format csv -o fleet.csv host1/ host2/gc.log");
    spec.addPositional(PositionalParamSpec.builder().arity("1..*").required(true).paramLabel("FILE|DIR|-")
        .type(List.class).auxiliaryTypes(String.class).description("GC logs to analyze").build());
    option(OptionSpec.builder("--format").paramLabel("FORMAT").type(OutputFormat.class).defaultValue("text")
        .converters(new FormatOption(FORMATS)).completionCandidates(new FormatOption(FORMATS))
        .description("text (default), json (schema " + AnalysisJson.SCHEMA + "), markdown, html (one offline page with"
            + " charts), openmetrics (OpenMetrics text, samples per JVM) or prometheus (the same samples in the"
            + " Prometheus text format, for a node exporter's textfile collector or a Pushgateway);"
            + " with --each: text, csv, or jsonl (json: the same, one JSON document per line)"));
    option(OptionSpec.builder("--each").type(boolean.class).initialValue(false)
        .description("one row per JVM lifetime, each log (or rotated set) analyzed on its own, several at a time:"
            + " collector, span, pause p99/max, GC throughput, Full GCs, allocation and promotion rate, live set,"
            + " diagnosis, top finding"));
    option(OptionSpec.builder("-o", "--output").paramLabel("FILE").type(Path.class)
        .description("write the report to FILE instead of stdout (a FIFO or device is written directly)"));
    option(OptionSpec.builder("--window").paramLabel("DURATION").type(Duration.class).defaultValue("1m")
        .converters(new DurationConverter())
        .description("window of the YGC/FGC table, e.g. 30s, 1m, 10m (default 1m; a plain number is seconds)"));
    option(OptionSpec.builder("--pause-target").paramLabel("DURATION").type(Duration.class).defaultValue("50ms")
        .converters(new DurationConverter.Millis())
        .description("young pauses longer than this are reported, e.g. 50ms, 0.2s (default 50ms; a plain number"
            + " is milliseconds)"));
    option(OptionSpec.builder("--qps").paramLabel("N").type(Double.class)
        .description("requests/s served while logging: computes memory per request"));
    option(OptionSpec.builder("--flags").paramLabel("\"FLAGS\"").type(String.class)
        .description("the JVM's flags, when the log does not show them (or to add to them)"));
    option(OptionSpec.builder("--memory-limit").paramLabel("SIZE").type(String.class)
        .description("the memory limit of the container the service ran in (512Mi, 1Gi, 512m): sizing findings keep"
            + " the heap within the limit less the JVM's non-heap memory (estimated) less headroom"));
    option(OptionSpec.builder("--events").type(boolean.class).initialValue(false)
        .description("JSON: include every stop-the-world pause as events[] (memory grows with the log)"));
    option(OptionSpec.builder("--fail-on").paramLabel("SEVERITY").type(FailOn.class)
        .description("exit 4 when a finding is this severe or more: warning or critical (for CI)"));
    option(OptionSpec.builder("--no-color").type(boolean.class).initialValue(false)
        .description("no ANSI colours (also when NO_COLOR is set or output is not a terminal)"));
    JtuneCommand.addHelpOptions(spec);
  }

  /** The model of {@code jtune analyze}, bound to a new command. */
  static CommandSpec spec() {
    return new AnalyzeCommand().spec;
  }

  private void option(OptionSpec.Builder option) {
    spec.addOption(option.build());
  }

  /** The parsed (or default) value of an option. */
  private <T> T value(String option) {
    return spec.findOption(option).getValue();
  }

  @Override
  public Integer call() throws IOException {
    List<String> inputs = spec.positionalParameters().get(0).getValue();
    OutputFormat format = value("--format");
    Path output = value("--output");
    Duration window = value("--window");
    double pauseTargetMs = DurationConverter.millis(value("--pause-target"));
    Double qps = value("--qps");
    String flags = value("--flags");
    boolean events = value("--events");
    FailOn failOn = value("--fail-on");
    if (!(pauseTargetMs > 0)) {
      throw new JtuneException("--pause-target must be above 0");
    }
    if (qps != null && !(qps > 0)) {
      throw new JtuneException("--qps must be a positive number");
    }
    double windowS = window.toNanos() / 1e9;
    if (!(windowS > 0)) {
      throw new JtuneException("--window must be above 0");
    }
    if (output != null) {
      OutputFile.check(output);
      OutputFile.refuseInput(output, inputs);
    }
    AnalysisOptions options = new AnalysisOptions(windowS, pauseTargetMs, qps == null ? Double.NaN : qps, flags, events);
    boolean each = value("--each");
    String memoryLimit = value("--memory-limit");
    long limitBytes;
    try {
      limitBytes = memoryLimit == null ? -1 : ContainerLimits.of(memoryLimit, null).memory().bytes();
    } catch (JtuneException e) {
      throw new JtuneException("--memory-limit: " + e.getMessage());
    }
    if (each && limitBytes > 0) {
      throw new JtuneException("--memory-limit is one container's: analyze its log without --each");
    }
    if (each) {
      return EachRun.run(spec.commandLine(), inputs, options, format, output, failOn != null || events);
    }
    if (format == OutputFormat.CSV || format == OutputFormat.JSONL) {
      throw new JtuneException("--format " + format + " lists JVMs one per row: add --each");
    }
    ProgressLine progress = ProgressLine.onTerminal(spec.commandLine().getErr());
    Analysis analysis;
    try {
      analysis = GcAnalyzer.analyze(inputs, JtuneCommand.stdin(spec), options, progress);
    } finally {
      progress.clear();
    }
    if (limitBytes > 0) {
      // the same heap budget the advice uses: the limit less non-heap (estimated from the log) less headroom
      analysis = analysis.inContainer(limitBytes, "--memory-limit");
    }
    Analysis result = analysis;
    if (output == null) {
      render(analysis, format, spec.commandLine().getOut(), colorWanted(true));
    } else {
      OutputFile.write(output, w -> render(result, format, w, false));
      spec.commandLine().getErr().println("jtune: report written to " + output);
    }
    return failOn == null ? ExitCodes.OK : gate(analysis, failOn.severity);
  }

  /** {@code --fail-on}: exit 4 with a line naming the findings at or above the severity. */
  private int gate(Analysis analysis, Severity threshold) {
    List<String> failing = analysis.findings().stream().filter(f -> f.severity().atLeast(threshold))
        .map(f -> f.severity().label() + " " + f.id()).toList();
    if (failing.isEmpty()) {
      return ExitCodes.OK;
    }
    spec.commandLine().getErr().println("jtune: --fail-on " + threshold.label() + ": " + failing.size()
        + (failing.size() == 1 ? " finding" : " findings") + " at or above it (" + String.join(", ", failing) + ")");
    return ExitCodes.GATE_FAILED;
  }

  private static void render(Analysis analysis, OutputFormat format, PrintWriter out, boolean color) throws IOException {
    AnalysisRenderers.of(color).render(format, analysis, out);
  }

  private boolean colorWanted(boolean toStdout) {
    boolean noColor = value("--no-color");
    return toStdout && !noColor && System.getenv("NO_COLOR") == null && System.console() != null;
  }
}
