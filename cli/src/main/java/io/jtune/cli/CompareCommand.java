package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.compare.CompareJson;
import io.jtune.gc.compare.CompareRender;
import io.jtune.gc.compare.Comparison;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune compare A B [C ...]}: canary comparison of hosts' or JVMs' GC logs. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Compare the GC logs of two or more hosts or JVMs (a canary and the fleet, two flag sets): the GC table per"
          + " window side by side over the time the logs have in common, the pause distributions, the findings one"
          + " side has and the other not, and per metric which side is better, with a Mann-Whitney U test over the"
          + " windows. The first side is the reference.",
      "Each side is one file, a directory (each log in it one JVM: a host's JVMs, or several runs of one flag set),"
          + " or a rotated set written FILE,FILE,... Logs with date stamps that run side by side are aligned by wall"
          + " clock; logs without dates, or that ran one after the other, by JVM uptime, and the report says so."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:compared", ExitCodes.INTERNAL_LINE,
        "2:bad usage, a side with nothing to analyze, logs that share less than one window, or the -o file cannot"
            + " be written"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune compare canary/gc.log fleet-host-7/gc.log",
      "  jtune compare --window 10s baseline-runs/ candidate-runs/",
      "  jtune compare --format html -o canary.html host1/ host2/ host3/",
      "  jtune compare --format json gc.log.0,gc.log.1 other/gc.log"})
final class CompareCommand implements Callable<Integer> {
  /** {@code --format}: the comparison's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(CompareRender.renderers().formats());
    }
  }

  @Spec CommandSpec spec;

  @Parameters(arity = "2..*", paramLabel = "LOGS", description = "each side's logs: a file, a directory, or"
      + " FILE,FILE,... for a rotated set")
  List<String> sides;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Formats.class,
      completionCandidates = Formats.class,
      description = "text (default), json (schema " + CompareJson.SCHEMA + "), markdown, or html (one offline page)")
  OutputFormat format;

  @Mixin ReportOutput output;

  @Option(names = "--window", paramLabel = "DURATION", defaultValue = "1m", converter = DurationConverter.class,
      description = "window of the side-by-side table and of the test, e.g. 10s, 1m (default 1m; a plain number is"
          + " seconds)")
  Duration window;

  @Option(names = "--pause-target", paramLabel = "DURATION", defaultValue = "50ms",
      converter = DurationConverter.Millis.class,
      description = "young pauses longer than this are findings (default 50ms; a plain number is milliseconds)")
  Duration pauseTarget;

  @Override
  public Integer call() throws IOException {
    double windowS = window.toNanos() / 1e9;
    if (!(windowS > 0)) {
      throw new JtuneException("--window must be above 0");
    }
    double pauseTargetMs = DurationConverter.millis(pauseTarget);
    if (!(pauseTargetMs > 0)) {
      throw new JtuneException("--pause-target must be above 0");
    }
    output.check(sides);
    Comparison c = Comparison.of(sides, new AnalysisOptions(windowS, pauseTargetMs, Double.NaN, null, false));
    output.write(spec, "comparison", w -> write(c, w));
    return ExitCodes.OK;
  }

  private void write(Comparison c, PrintWriter w) throws IOException {
    CompareRender.renderers().render(format, c, w);
  }
}
