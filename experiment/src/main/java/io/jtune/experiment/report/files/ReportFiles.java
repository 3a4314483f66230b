package io.jtune.experiment.report.files;

import io.jtune.runtime.output.OutputFile;
import io.jtune.experiment.report.ExperimentJson;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.html.ExperimentHtml;
import java.nio.file.Path;
import java.util.List;

/** Writes an experiment's reports into its run directory: report.txt, report.md, experiment.json, report.html. */
public final class ReportFiles {
  private ReportFiles() {}

  /** Writes the four reports (each whole or not at all, see {@link OutputFile}); returns their paths. */
  public static List<Path> writeAll(ExperimentReport r, Path dir) {
    return List.of(
        OutputFile.write(dir.resolve("report.txt"), w -> ExperimentText.text(r, w)),
        OutputFile.write(dir.resolve("report.md"), w -> ExperimentText.markdown(r, w)),
        OutputFile.write(dir.resolve("experiment.json"), w -> ExperimentJson.write(r, w)),
        OutputFile.write(dir.resolve("report.html"), w -> ExperimentHtml.write(r, dir, w)));
  }
}
