package io.jtune.diagnostics.threads.render;

import io.jtune.common.format.Html;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.io.PrintWriter;

/**
 * The threads report as one self-contained HTML page (no script, inline style). Every piece of
 * text from the dump is escaped: thread names are chosen by the application and untrusted.
 */
public final class ThreadsHtml {
  private static final String STYLE = "body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em}"
      + "h1{font-size:1.5em}h2{font-size:1.15em;border-bottom:1px solid #ccc;margin-top:1.6em}"
      + "p{margin:.25em 0}p.item{margin-left:2em;color:#444;font-family:ui-monospace,monospace;font-size:13px}";

  private ThreadsHtml() {}

  public static void write(ThreadsReport r, PrintWriter out) {
    out.println("<!DOCTYPE html>");
    out.println("<html lang=\"en\"><head><meta charset=\"utf-8\">");
    out.println("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">");
    out.println("<title>jtune threads</title><style>" + STYLE + "</style></head><body>");
    out.println("<h1>jtune threads</h1>");
    ReportLines.write(r, new ReportLines.Style() {
      @Override
      public void heading(String text) {
        out.println("<h2>" + Html.escape(text) + "</h2>");
      }

      @Override
      public void line(String text) {
        out.println("<p>" + Html.escape(text) + "</p>");
      }

      @Override
      public void item(String text) {
        out.println("<p class=\"item\">" + Html.escape(text) + "</p>");
      }
    });
    out.println("</body></html>");
    out.flush();
  }
}
