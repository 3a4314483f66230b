package io.jtune.experiment.report.files;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import io.jtune.runtime.output.OutputFile;
import io.jtune.experiment.report.ExperimentReport;
import java.nio.file.Path;
import java.util.List;

/** Writes an experiment's reports into its run directory: report.txt, report.md, experiment.json, report.html. */
public final class ReportFiles {
  private ReportFiles() {}

  /** Writes the four reports (each whole or not at all, see {@link OutputFile}); returns their paths. */
  public static List<Path> writeAll(ExperimentReport r, Path dir) {
    Renderers<ExperimentReport> formats = ExperimentRenderers.of(dir);
    return List.of(
        OutputFile.write(dir.resolve("report.txt"), w -> formats.render(OutputFormat.TEXT, r, w)),
        OutputFile.write(dir.resolve("report.md"), w -> formats.render(OutputFormat.MARKDOWN, r, w)),
        OutputFile.write(dir.resolve("experiment.json"), w -> formats.render(OutputFormat.JSON, r, w)),
        OutputFile.write(dir.resolve("report.html"), w -> formats.render(OutputFormat.HTML, r, w)));
  }
}
