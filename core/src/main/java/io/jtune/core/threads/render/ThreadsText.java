package io.jtune.core.threads.render;

import io.jtune.core.render.TerminalText;
import io.jtune.core.threads.analysis.ThreadsReport;
import java.io.PrintWriter;

/** The plain-text threads report; thread names and frames made safe for a terminal. */
public final class ThreadsText {
  private ThreadsText() {}

  public static void write(ThreadsReport r, PrintWriter out) {
    ReportLines.write(r, ReportLines.Style.prefixed(out, "", "", "  ", "    ", TerminalText::safe));
    out.flush();
  }
}
