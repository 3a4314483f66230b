package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.finding.TextFinding;
import io.jtune.diagnostics.jfr.JfrReader;
import io.jtune.diagnostics.jfr.JfrRules;
import io.jtune.diagnostics.jfr.JfrSummary;
import io.jtune.diagnostics.jfr.render.JfrRender;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune jfr FILE.jfr}: what a Java Flight Recorder recording says about GC, locks, CPU and allocation. */
@Command(name = "jfr", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Summarize a Java Flight Recorder recording: GC pauses and heap, lock contention (threads blocked entering a"
          + " monitor or parked on a lock, by lock class, with the waiting code), hot methods from the CPU samples,"
          + " allocation by class and by site, safepoints, CPU load and threads.",
      "Record one with: jcmd PID JFR.start duration=60s filename=rec.jfr (or -XX:StartFlightRecording=...);"
          + " settings=profile samples more often."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:summarized", ExitCodes.INTERNAL_LINE,
        "2:bad usage, not a JFR recording, or the -o file cannot be written"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune jfr rec.jfr",
      "  jtune jfr --format json -o rec.json rec.jfr"})
final class JfrCommand implements Callable<Integer> {
  /** {@code --format}: the summary's formats. */
  static final class Formats extends FormatOption {
    Formats() {
      super(JfrRender.renderers(List.of()).formats());
    }
  }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "a .jfr recording")
  Path file;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Formats.class,
      completionCandidates = Formats.class,
      description = "text, json, markdown or html (default: text)")
  OutputFormat format;

  @Mixin ReportOutput output;

  @Override
  public Integer call() throws Exception {
    output.check(List.of(file.toString()));
    JfrSummary s = JfrReader.read(file);
    List<TextFinding> findings = JfrRules.findings(s);
    output.write(spec, "report", w -> write(s, findings, w));
    return 0;
  }

  private void write(JfrSummary s, List<TextFinding> f, PrintWriter w) throws IOException {
    JfrRender.renderers(f).render(format, s, w);
  }
}
