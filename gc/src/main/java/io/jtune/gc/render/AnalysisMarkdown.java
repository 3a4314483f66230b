package io.jtune.gc.render;

import io.jtune.common.format.Markdown;
import io.jtune.common.format.TerminalText;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.parser.ParseReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The analysis as a Markdown document (tables, findings as a list), for tickets and wikis. */
public final class AnalysisMarkdown {
  private AnalysisMarkdown() {}

  public static void write(Analysis a, PrintWriter out) {
    out.println("# GC analysis");
    out.println();
    for (Section s : AnalysisSections.build(a)) {
      out.println("## " + s.title());
      out.println();
      for (String l : s.lines()) {
        out.println("- " + Markdown.escape(l.replaceAll("\\s{2,}", ": ")));
      }
      if (!s.lines().isEmpty()) {
        out.println();
      }
      if (!s.rows().isEmpty()) {
        row(out, s.headers());
        StringBuilder sep = new StringBuilder("|");
        for (int i = 0; i < s.headers().size(); i++) {
          sep.append(i == 0 ? "---|" : "---:|");
        }
        out.println(sep);
        for (List<String> r : s.rows()) {
          row(out, r);
        }
        out.println();
      }
    }
    out.println("## Findings");
    out.println();
    if (a.findings().isEmpty()) {
      out.println("None.");
    }
    for (Finding f : a.findings()) {
      out.println("### " + f.severity().label().toUpperCase(Locale.ROOT) + ": " + Markdown.escape(f.title()));
      out.println();
      out.println("`" + f.id() + "` — " + Markdown.escape(f.recommendation()));
      out.println();
      if (!f.flags().isEmpty()) {
        out.println("Flags: `" + String.join(" ", f.flags()) + "`");
        out.println();
      }
      for (Example e : f.evidence()) {
        out.println("- " + Format.when(e.gcId(), e.uptimeS(), a) + ": " + Markdown.escape(e.detail()));
      }
      if (!f.evidence().isEmpty()) {
        out.println();
      }
    }
    ParseReport r = a.input();
    out.println("## Input");
    out.println();
    out.println(String.format(Locale.US, "%s lines read, %s GC lines, %s not understood (%.3f%%), %s other text lines.",
        Format.count(r.linesRead()), Format.count(r.gcLines()), Format.count(r.unparsed()), r.unparsedPct(), Format.count(r.otherText())));
    out.println();
    for (ParseReport.Example e : r.unparsedExamples()) {
      out.println("- not understood `" + e.source().replace("`", "'") + ":" + e.line() + "`: `" + e.text().replace("`", "'") + "`");
    }
    for (ParseReport.Problem p : r.problems()) {
      out.println("- problem: " + Markdown.escape(p.source() + ": " + p.message()));
    }
    out.flush();
  }

  private static void row(PrintWriter out, List<String> cells) {
    out.println(Markdown.row(cells));
  }
}
