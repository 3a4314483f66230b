package io.jtune.experiment.report.files;

import io.jtune.common.format.OpenMetrics;
import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import io.jtune.experiment.report.ExperimentJson;
import io.jtune.experiment.report.ExperimentOpenMetrics;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.html.ExperimentHtml;
import java.nio.file.Path;

/** The formats of an experiment report: text, Markdown, JSON, HTML, OpenMetrics and Prometheus. */
public final class ExperimentRenderers {
  private ExperimentRenderers() {}

  /** The renderers; {@code runDir} holds the runs' files (the HTML page charts their timelines). */
  public static Renderers<ExperimentReport> of(Path runDir) {
    return Renderers.<ExperimentReport>of()
        .with(OutputFormat.TEXT, ExperimentText::text)
        .with(OutputFormat.MARKDOWN, ExperimentText::markdown)
        .with(OutputFormat.JSON, ExperimentJson::write)
        .with(OutputFormat.HTML, (r, out) -> ExperimentHtml.write(r, runDir, out))
        .with(OutputFormat.OPENMETRICS, (r, out) -> ExperimentOpenMetrics.write(r, out, OpenMetrics.Syntax.OPENMETRICS))
        .with(OutputFormat.PROMETHEUS, (r, out) -> ExperimentOpenMetrics.write(r, out, OpenMetrics.Syntax.PROMETHEUS));
  }
}
