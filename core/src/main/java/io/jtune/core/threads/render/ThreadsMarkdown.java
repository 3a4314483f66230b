package io.jtune.core.threads.render;

import io.jtune.core.render.MarkdownReport;
import io.jtune.core.threads.analysis.ThreadsReport;
import java.io.PrintWriter;

/** The threads report in Markdown; thread names and frames escaped (they are untrusted text). */
public final class ThreadsMarkdown {
  private ThreadsMarkdown() {}

  public static void write(ThreadsReport r, PrintWriter out) {
    out.println("# jtune threads");
    ReportLines.write(r, ReportLines.Style.prefixed(out, "## ", System.lineSeparator(), "- ", "  - ", MarkdownReport::escape));
    out.flush();
  }
}
