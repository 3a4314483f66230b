package io.jtune.gc.render.formats;

import static io.jtune.common.format.OutputFormat.HTML;
import static io.jtune.common.format.OutputFormat.JSON;
import static io.jtune.common.format.OutputFormat.MARKDOWN;
import static io.jtune.common.format.OutputFormat.OPENMETRICS;
import static io.jtune.common.format.OutputFormat.PROMETHEUS;
import static io.jtune.common.format.OutputFormat.TEXT;

import io.jtune.common.format.OpenMetrics;
import io.jtune.common.format.Renderers;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.AnalysisMarkdown;
import io.jtune.gc.render.AnalysisText;
import io.jtune.gc.render.html.AnalysisHtml;
import io.jtune.gc.render.openmetrics.AnalysisOpenMetrics;

/** The formats a GC analysis is written in: text, JSON, Markdown, HTML, OpenMetrics and Prometheus. */
public final class AnalysisRenderers {
  private AnalysisRenderers() {}

  /** The renderers; {@code color}: ANSI colours in the text. */
  public static Renderers<Analysis> of(boolean color) {
    return Renderers.<Analysis>of()
        .with(TEXT, (a, out) -> new AnalysisText(color).write(a, out))
        .with(JSON, AnalysisJson::write)
        .with(MARKDOWN, AnalysisMarkdown::write)
        .with(HTML, AnalysisHtml::write)
        .with(OPENMETRICS, (a, out) -> AnalysisOpenMetrics.write(a, out, OpenMetrics.Syntax.OPENMETRICS))
        .with(PROMETHEUS, (a, out) -> AnalysisOpenMetrics.write(a, out, OpenMetrics.Syntax.PROMETHEUS));
  }
}
