package io.jtune.diagnostics.threads.render;

import io.jtune.common.format.Markdown;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.io.PrintWriter;

/** The threads report in Markdown; thread names and frames escaped (they are untrusted text). */
public final class ThreadsMarkdown {
  private ThreadsMarkdown() {}

  public static void write(ThreadsReport r, PrintWriter out) {
    out.println("# jtune threads");
    ReportLines.write(r, ReportLines.Style.prefixed(out, "## ", System.lineSeparator(), "- ", "  - ", Markdown::escape));
    out.flush();
  }
}
