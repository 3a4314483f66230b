package io.jtune.diagnostics.threads.render;

import io.jtune.common.format.TerminalText;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.io.PrintWriter;

/** The plain-text threads report; thread names and frames made safe for a terminal. */
public final class ThreadsText {
  private ThreadsText() {}

  public static void write(ThreadsReport r, PrintWriter out) {
    ReportLines.write(r, ReportLines.Style.prefixed(out, "", "", "  ", "    ", TerminalText::safe));
    out.flush();
  }
}
