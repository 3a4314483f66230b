package io.jtune.diagnostics.threads.render;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;

/** The formats of a threads report: text, JSON ({@value ThreadsJson#SCHEMA}), Markdown, HTML. */
public final class ThreadsRenderers {
  private ThreadsRenderers() {}

  public static Renderers<ThreadsReport> of() {
    return Renderers.<ThreadsReport>of().with(OutputFormat.TEXT, ThreadsText::write).with(OutputFormat.JSON, ThreadsJson::write)
        .with(OutputFormat.MARKDOWN, ThreadsMarkdown::write).with(OutputFormat.HTML, ThreadsHtml::write);
  }
}
