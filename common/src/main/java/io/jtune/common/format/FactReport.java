package io.jtune.common.format;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.finding.TextFinding;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * A report of facts (rows of section, label, value) and findings, as text, Markdown or a
 * self-contained HTML page (no script; every text escaped, since process, thread, class and
 * cgroup names are untrusted): the shape of {@code jtune host} and {@code jtune jfr}.
 */
public final class FactReport {
  private FactReport() {}

  public static void text(List<String[]> rows, List<TextFinding> findings, String noFindings, PrintWriter out) {
    String section = null;
    for (String[] row : rows) {
      if (!row[0].equals(section)) {
        section = row[0];
        out.println(TerminalText.safe(section));
      }
      out.println(TerminalText.safe(String.format(Locale.US, "  %-28s %s", row[1], row[2])));
    }
    out.println();
    out.println("Findings");
    if (findings.isEmpty()) {
      out.println("  " + noFindings);
    }
    for (TextFinding f : findings) {
      out.println(TerminalText.safe("  [" + f.severity().name() + "] " + f.title() + "  (" + f.id() + ")"));
      for (String e : f.evidence()) {
        out.println(TerminalText.safe("      " + e));
      }
      out.println(TerminalText.safe("    -> " + f.recommendation()));
    }
    out.flush();
  }

  public static void markdown(String title, List<String[]> rows, List<TextFinding> findings, PrintWriter out) {
    out.println("# " + Markdown.escape(title));
    out.println();
    out.println("| section | fact | value |");
    out.println("|---|---|---|");
    for (String[] row : rows) {
      out.println(Markdown.row(List.of(row[0], row[1], row[2])));
    }
    out.println();
    out.println("## Findings");
    out.println();
    if (findings.isEmpty()) {
      out.println("None.");
    }
    for (TextFinding f : findings) {
      out.println("- **" + f.severity().label() + "** " + Markdown.escape(f.title()) + " (`" + f.id() + "`)");
      for (String e : f.evidence()) {
        out.println("  - " + Markdown.escape(e));
      }
      out.println("  - " + Markdown.escape(f.recommendation()));
    }
    out.flush();
  }

  public static void html(String title, List<String[]> rows, List<TextFinding> findings, Writer out) throws IOException {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
        .append("<title>").append(Html.escape(title)).append("</title><style>body{font-family:sans-serif;margin:2em}"
            + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}"
            + ".critical{color:#b00}.warning{color:#a60}</style></head><body><h1>").append(Html.escape(title)).append("</h1><table>")
        .append("<tr><th>section</th><th>fact</th><th>value</th></tr>");
    for (String[] row : rows) {
      b.append("<tr><td>").append(Html.escape(row[0])).append("</td><td>").append(Html.escape(row[1])).append("</td><td>")
          .append(Html.escape(row[2])).append("</td></tr>");
    }
    b.append("</table><h2>Findings</h2>");
    if (findings.isEmpty()) {
      b.append("<p>None.</p>");
    }
    for (TextFinding f : findings) {
      b.append("<section class=\"").append(f.severity().label()).append("\"><h3>").append(Html.escape(f.severity().label()))
          .append(": ").append(Html.escape(f.title())).append("</h3><ul>");
      for (String e : f.evidence()) {
        b.append("<li>").append(Html.escape(e)).append("</li>");
      }
      b.append("</ul><p>").append(Html.escape(f.recommendation())).append("</p></section>");
    }
    b.append("</body></html>\n");
    out.write(b.toString());
    out.flush();
  }

  /** The findings as a JSON array of {id, severity, title, evidence[], recommendation}. */
  public static ArrayNode findingsJson(List<TextFinding> findings) {
    ArrayNode fs = JsonNodeFactory.instance.arrayNode();
    for (TextFinding f : findings) {
      ObjectNode fo = fs.addObject();
      fo.put("id", f.id());
      fo.put("severity", f.severity().label());
      fo.put("title", f.title());
      ArrayNode ev = fo.putArray("evidence");
      f.evidence().forEach(ev::add);
      fo.put("recommendation", f.recommendation());
    }
    return fs;
  }

  /** Writes a document tree, indented, with a final newline. */
  public static void writeJson(ObjectNode doc, Writer out) throws IOException {
    Json.write(doc, out);
  }
}
