package io.jtune.gc.render.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.render.Section;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The analysis as one self-contained HTML page: key figures, findings linked to their evidence
 * on the charts, pause timeline, heap, allocation and promotion over time, pause histogram,
 * G1 phases and sortable tables. It opens offline (the chart library is inlined) and its size
 * stays bounded whatever the log's size: it holds downsampled series, never per-pause events.
 */
public final class AnalysisHtml {
  /** Version of the JSON the page carries in its {@code #data} element. */
  public static final String SCHEMA = "jtune.html/1";

  private AnalysisHtml() {}

  public static void write(Analysis a, Writer out) throws IOException {
    HtmlPage.write(data(a), out);
  }

  /** The JSON object the page renders: schema, title, chart library and the {@code analyze} part. */
  static ObjectNode data(Analysis a) {
    ObjectNode root = page(AnalyzeReportData.title(a));
    root.set("analyze", AnalyzeReportData.build(a));
    return root;
  }

  /** Report sections as the page's tables (title, lines, headers, rows), for a part that shows sections. */
  public static ArrayNode tables(List<Section> sections) {
    return AnalyzeReportData.tables(sections);
  }

  /** The page's data without any part yet: schema, title and chart library. */
  public static ObjectNode page(String title) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("schema", SCHEMA);
    root.put("title", title);
    root.put("chartLibrary", ChartLibrary.get().name() + " " + ChartLibrary.get().version());
    return root;
  }
}
