package io.jtune.gc.compare;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.FactReport;
import io.jtune.common.format.Markdown;
import io.jtune.gc.render.Section;
import io.jtune.common.format.TerminalText;
import io.jtune.gc.render.AnalysisText;
import io.jtune.gc.render.html.HtmlPage;
import io.jtune.gc.render.html.AnalysisHtml;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/** The comparison as text, Markdown, JSON or one self-contained HTML page (the analyze report's page). */
public final class CompareRender {
  private static final String SCRIPT = HtmlPage.resource(CompareRender.class, "compare.js");

  private CompareRender() {}

  /** The formats of a comparison: text, JSON, Markdown, HTML. */
  public static Renderers<Comparison> renderers() {
    return Renderers.<Comparison>of().with(OutputFormat.TEXT, CompareRender::text).with(OutputFormat.JSON, CompareRender::json)
        .with(OutputFormat.MARKDOWN, CompareRender::markdown).with(OutputFormat.HTML, CompareRender::html);
  }

  public static void text(Comparison c, PrintWriter out) {
    for (Section s : CompareSections.build(c)) {
      out.println(s.title());
      for (String l : s.lines()) {
        out.println("  " + TerminalText.safe(l));
      }
      if (!s.headers().isEmpty()) {
        AnalysisText.table(out, s.headers(), s.rows());
      }
      out.println();
    }
    out.flush();
  }

  public static void markdown(Comparison c, PrintWriter out) {
    out.println("# GC comparison: " + Markdown.escape(title(c)));
    for (Section s : CompareSections.build(c)) {
      out.println();
      out.println("## " + Markdown.escape(s.title()));
      out.println();
      for (String l : s.lines()) {
        out.println("- " + Markdown.escape(l));
      }
      if (!s.headers().isEmpty()) {
        if (!s.lines().isEmpty()) {
          out.println();
        }
        row(out, s.headers());
        out.println("|" + "---|".repeat(s.headers().size()));
        s.rows().forEach(r -> row(out, r));
      }
    }
    out.flush();
  }

  private static void row(PrintWriter out, List<String> cells) {
    out.println(Markdown.row(cells));
  }

  public static void json(Comparison c, PrintWriter out) throws IOException {
    FactReport.writeJson(CompareJson.tree(c), out);
  }

  /** The page: the JSON document and the sections as tables, rendered by the compare part's script. */
  public static void html(Comparison c, PrintWriter out) throws IOException {
    ObjectNode root = AnalysisHtml.page("GC comparison: " + title(c));
    ObjectNode part = root.putObject("compare");
    part.set("report", CompareJson.tree(c));
    part.set("sections", AnalysisHtml.tables(CompareSections.build(c)));
    HtmlPage.write(root, SCRIPT, "", out);
  }

  private static String title(Comparison c) {
    return String.join(" vs ", c.sides().stream().map(s -> s.label() + " " + s.argument()).toList());
  }
}
