package io.jtune.gc.render;

import io.jtune.common.format.TerminalText;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.finding.Finding;
import io.jtune.common.finding.Severity;
import io.jtune.gc.parser.ParseReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The analysis for a terminal: aligned tables, findings with evidence, optional ANSI colour. */
public final class AnalysisText {
  private static final String RESET = "\u001b[0m";
  private static final String BOLD = "\u001b[1m";

  private final boolean color;

  public AnalysisText(boolean color) {
    this.color = color;
  }

  public void write(Analysis a, PrintWriter out) {
    for (Section s : AnalysisSections.build(a)) {
      heading(out, s.title());
      for (String l : s.lines()) {
        out.println("  " + TerminalText.safe(l));
      }
      if (!s.rows().isEmpty()) {
        table(out, s.headers(), s.rows());
      }
      out.println();
    }
    heading(out, "Findings");
    if (a.findings().isEmpty()) {
      out.println("  none");
    }
    for (Finding f : a.findings()) {
      finding(out, f, a);
    }
    out.println();
    unparsed(out, a.input());
    out.flush();
  }

  private void heading(PrintWriter out, String title) {
    out.println(color ? BOLD + title + RESET : title);
  }

  private void finding(PrintWriter out, Finding f, Analysis a) {
    String tag = "[" + f.severity().label().toUpperCase(Locale.ROOT) + "]";
    if (color) {
      String c = f.severity() == Severity.CRITICAL ? "\u001b[31m" : f.severity() == Severity.WARNING ? "\u001b[33m" : "\u001b[36m";
      tag = c + tag + RESET;
    }
    out.println("  " + tag + " " + TerminalText.safe(f.title() + "  (" + f.id() + ")"));
    List<Example> ev = f.evidence();
    for (int i = 0; i < Math.min(5, ev.size()); i++) {
      Example e = ev.get(i);
      out.println("      " + Format.when(e.gcId(), e.uptimeS(), a) + ": " + TerminalText.safe(e.detail()));
    }
    if (f.occurrences() > ev.size() && !ev.isEmpty()) {
      out.println("      ... " + (f.occurrences() - Math.min(5, ev.size())) + " more");
    }
    out.println("    -> " + TerminalText.safe(f.recommendation()));
    if (!f.flags().isEmpty()) {
      out.println("    flags: " + TerminalText.safe(String.join(" ", f.flags())));
    }
  }

  static void unparsed(PrintWriter out, ParseReport r) {
    out.println(String.format(Locale.US, "Input: %s lines read, %s GC lines, %s not understood (%.3f%%), %s other text lines",
        Format.count(r.linesRead()), Format.count(r.gcLines()), Format.count(r.unparsed()), r.unparsedPct(),
        Format.count(r.otherText())));
    for (ParseReport.Example e : r.unparsedExamples()) {
      out.println(TerminalText.safe("  not understood " + e.source() + ":" + e.line() + ": " + e.text()));
    }
    for (ParseReport.Problem p : r.problems()) {
      out.println(TerminalText.safe("  problem: " + p.source() + ": " + p.message()));
    }
    if (r.clockBackwards() > 0) {
      out.println("  clock went backwards " + r.clockBackwards() + " time(s)");
      for (ParseReport.Example e : r.warningExamples()) {
        out.println(TerminalText.safe("    " + e.source() + ":" + e.line() + ": " + e.text()));
      }
    }
  }

  /**
   * Prints rows under headers as aligned columns: the first column and columns of words (file
   * names, collectors, reasons) left, columns of numbers right.
   */
  public static void table(PrintWriter out, List<String> headers, List<List<String>> rows) {
    int cols = headers.size();
    int[] w = new int[cols];
    boolean[] right = new boolean[cols];
    for (int c = 0; c < cols; c++) {
      w[c] = headers.get(c).length();
      right[c] = c > 0;
      for (List<String> r : rows) {
        w[c] = Math.max(w[c], r.get(c).length());
        right[c] &= numeric(r.get(c));
      }
    }
    StringBuilder sb = new StringBuilder("  ");
    for (int c = 0; c < cols; c++) {
      pad(sb, headers.get(c), w[c], right[c], c > 0);
    }
    out.println(TerminalText.safe(sb.toString().stripTrailing()));
    for (List<String> r : rows) {
      sb.setLength(0);
      sb.append("  ");
      for (int c = 0; c < cols; c++) {
        pad(sb, r.get(c), w[c], right[c], c > 0);
      }
      out.println(TerminalText.safe(sb.toString().stripTrailing()));
    }
  }

  /** A number, a number with its unit or range ("0.000-32.592 s", "+12 %"), or an empty cell. */
  private static boolean numeric(String cell) {
    if (cell.isEmpty() || cell.equals("-")) {
      return true;
    }
    char c = cell.charAt(0);
    return c >= '0' && c <= '9' || (c == '-' || c == '+' || c == '.' || c == '<' || c == '>') && cell.length() > 1;
  }

  private static void pad(StringBuilder sb, String s, int width, boolean right, boolean gap) {
    if (gap) {
      sb.append("  ");
    }
    if (right) {
      sb.append(" ".repeat(width - s.length())).append(s);
    } else {
      sb.append(s).append(" ".repeat(width - s.length()));
    }
  }

}
