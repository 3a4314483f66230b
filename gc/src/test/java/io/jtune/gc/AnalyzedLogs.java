package io.jtune.gc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.AnalysisMarkdown;
import io.jtune.gc.render.AnalysisText;
import io.jtune.gc.render.html.AnalysisHtml;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Logs of the repository's testdata analyzed as {@code jtune analyze} analyzes them (default
 * options, no standard input), and the documents its formats write, for tests of what the
 * analysis finds.
 */
public final class AnalyzedLogs {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AnalyzedLogs() {}

  /** The public GC log corpus kept in the repository (testdata/gclogs). */
  public static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    Path dir = p != null ? Path.of(p) : Path.of("../testdata/gclogs");
    return dir.toAbsolutePath().normalize();
  }

  public static Path corpusFile(String name) {
    return corpus().resolve(name);
  }

  /** A file under the repository's testdata folder (the corpus folder's parent), e.g. "explicit-gc/zgc-jdk17.log". */
  public static Path testdataFile(String name) {
    return corpus().getParent().resolve(name);
  }

  /** Files under testdata/ that are not GC logs. */
  private static final List<String> NOT_LOGS = List.of(".md", ".tsv", ".java", ".sh", ".json", ".yaml", ".hlog",
      ".load.txt", ".threads.txt", ".csv");

  /** Every GC log under testdata/ (the corpus, the case book, recorded services and runs), relative to it. */
  public static List<String> testdataLogs() throws IOException {
    Path root = corpus().getParent();
    try (java.util.stream.Stream<Path> all = java.nio.file.Files.walk(root)) {
      return all.filter(java.nio.file.Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().startsWith("LICENSE"))
          .filter(p -> NOT_LOGS.stream().noneMatch(s -> p.getFileName().toString().endsWith(s)))
          .map(p -> root.relativize(p).toString()).sorted().toList();
    }
  }

  /** The inputs (files, directories) analyzed as one, as {@code jtune analyze INPUT...} does. */
  public static Analysis analyze(List<String> inputs) {
    return GcAnalyzer.analyze(inputs, InputStream.nullInputStream(), AnalysisOptions.DEFAULTS);
  }

  public static Analysis analyze(Path log) {
    return analyze(List.of(log.toString()));
  }

  /** The document {@code --format json} writes. */
  public static JsonNode json(Analysis a) throws IOException {
    StringWriter w = new StringWriter();
    AnalysisJson.write(a, w);
    return JSON.readTree(w.toString());
  }

  /** The text report, without colour. */
  public static String text(Analysis a) {
    StringWriter w = new StringWriter();
    PrintWriter out = new PrintWriter(w);
    new AnalysisText(false).write(a, out);
    out.flush();
    return w.toString();
  }

  public static String markdown(Analysis a) {
    StringWriter w = new StringWriter();
    PrintWriter out = new PrintWriter(w);
    AnalysisMarkdown.write(a, out);
    out.flush();
    return w.toString();
  }

  public static String html(Analysis a) throws IOException {
    StringWriter w = new StringWriter();
    AnalysisHtml.write(a, w);
    return w.toString();
  }
}
