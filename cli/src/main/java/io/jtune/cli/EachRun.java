package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.fleet.FleetScan;
import io.jtune.gc.fleet.FleetUnits;
import io.jtune.runtime.output.OutputFile;
import io.jtune.gc.fleet.render.FleetOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code jtune analyze --each}: a fleet's logs, one row per JVM lifetime, written as each is
 * ready (in the order of the inputs). Exits 0 when at least one JVM was analyzed; inputs that
 * give none are rows with the reason; none at all is exit 2 with the first reason.
 */
final class EachRun {
  private EachRun() {}

  static int run(CommandLine cl, List<String> inputs, AnalysisOptions options, OutputFormat format, Path output,
      boolean singleAnalysisOptions) throws IOException {
    if (singleAnalysisOptions) {
      throw new JtuneException("--fail-on and --events apply to one analysis, not to --each");
    }
    OutputFormat f = format == OutputFormat.JSON ? OutputFormat.JSONL : format;
    if (!FleetOutput.FORMATS.containsKey(f)) {
      throw new JtuneException("--each writes text, csv or jsonl, not " + format);
    }
    if (output != null) {
      OutputFile.check(output);
      OutputFile.refuseInput(output, inputs);
    }
    List<List<String>> units = FleetUnits.of(inputs);
    int threads = Runtime.getRuntime().availableProcessors();
    InputStream stdin = JtuneCommand.stdin(cl.getCommandSpec());
    FleetScan.Counts[] counts = {null};
    String[] firstError = {null};
    if (output == null) {
      counts[0] = write(units, options, threads, stdin, f, cl.getOut(), firstError);
    } else {
      OutputFile.write(output, w -> counts[0] = write(units, options, threads, stdin, f, w, firstError));
      cl.getErr().println("jtune: " + counts[0].rows() + " JVM rows written to " + output);
    }
    if (counts[0].rows() == 0) {
      throw new JtuneException(firstError[0] == null ? "nothing to analyze" : firstError[0]);
    }
    return ExitCodes.OK;
  }

  private static FleetScan.Counts write(List<List<String>> units, AnalysisOptions options, int threads,
      InputStream stdin, OutputFormat format, PrintWriter w, String[] firstError) throws IOException {
    FleetOutput out = FleetOutput.of(format, w);
    out.begin();
    FleetScan.Counts counts = FleetScan.scan(units, options, threads, stdin, row -> {
      if (row.failed() && firstError[0] == null) {
        firstError[0] = row.error();
      }
      try {
        out.row(row);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    out.end(counts);
    return counts;
  }
}
