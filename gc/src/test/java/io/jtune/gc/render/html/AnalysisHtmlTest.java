package io.jtune.gc.render.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.event.PauseKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report's structure and escaping, checked on the produced text (no browser). */
class HtmlReportTest {
  static final String G1_LOG = "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.4";
  static final String CMS_LOG = "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__863_gc.log";
  static final String SMALL_CMS_LOG = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt";

  /** Text that must never act as markup or script: tags, an attribute break-out, bidi and joiner controls, an emoji. */
  static final String PAYLOAD = "</script><script>window.__pwned=1</script>\"><img src=x onerror=\"window.__pwned=1\">"
      + "\u202eRTL\u200dZWJ\ud83d\udd25\u2028\u2029<!--";

  private static final Pattern SCRIPT = Pattern.compile("<script([^>]*)>(.*?)</script>", Pattern.DOTALL);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static Path corpus(String file) {
    return Path.of(System.getProperty("jtune.corpus", "../testdata/gclogs")).resolve(file);
  }

  static Analysis analyze(Path log, AnalysisOptions options) throws IOException {
    return GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(), options);
  }

  static String render(Analysis a) throws IOException {
    StringWriter w = new StringWriter();
    AnalysisHtml.write(a, w);
    return w.toString();
  }

  /** The script elements of the page: attributes and content. */
  static List<String[]> scripts(String html) {
    List<String[]> out = new ArrayList<>();
    Matcher m = SCRIPT.matcher(html);
    while (m.find()) {
      out.add(new String[] {m.group(1), m.group(2)});
    }
    return out;
  }

  static String dataJson(String html) {
    return scripts(html).stream().filter(s -> s[0].contains("id=\"data\"")).findFirst().orElseThrow()[1];
  }

  @Test
  void dataBlockRoundTripsToTheRenderedData() throws IOException {
    Analysis a = analyze(corpus(G1_LOG), AnalysisOptions.DEFAULTS);
    String html = render(a);
    String json = dataJson(html);

    assertThat(json).doesNotContain("<", ">", "&");
    assertThat(html.chars().allMatch(c -> c < 128)).as("only ASCII in the page: its bytes (and CSP hashes) survive any output encoding").isTrue();
    JsonNode parsed = MAPPER.readTree(json);
    assertThat(MAPPER.writeValueAsString(parsed)).as("numbers compared by value, not by node type")
        .isEqualTo(MAPPER.writeValueAsString(AnalysisHtml.data(a)));
    assertThat(parsed.get("schema").asText()).isEqualTo(AnalysisHtml.SCHEMA);
    assertThat(parsed.at("/analyze/phases/shares").size()).isBetween(1, AnalyzeReportData.PHASE_BARS);
    assertThat(parsed.at("/analyze/findings").size()).isEqualTo(a.findings().size());
  }

  @Test
  void everySeriesIsEmittedAsItsBucketExtremes() throws IOException {
    Analysis a = analyze(corpus(CMS_LOG), AnalysisOptions.DEFAULTS);
    JsonNode data = MAPPER.readTree(dataJson(render(a)));

    Map<PauseKind, Series> timeline = a.pauses().timeline();
    assertThat(data.at("/analyze/pauseTimeline")).hasSize(timeline.size());
    for (JsonNode s : data.at("/analyze/pauseTimeline")) {
      Series series = timeline.get(kind(s.get("id").asText()));
      assertThat(s.get("t")).hasSize(ChartSeries.pointCount(series.points()));
      assertThat(s.get("v")).hasSize(s.get("t").size());
      assertThat(s.get("total").asLong()).isEqualTo(series.total());
    }
    JsonNode full = data.at("/analyze/pauseTimeline").findParents("id").stream()
        .filter(n -> n.get("id").asText().equals("full")).findFirst().orElseThrow();
    double maxFull = 0;
    for (JsonNode v : full.get("v")) {
      maxFull = Math.max(maxFull, v.asDouble());
    }
    assertThat(maxFull).isCloseTo(a.pauses().kind(PauseKind.FULL).maxMs(), org.assertj.core.data.Offset.offset(0.001));
  }

  private static PauseKind kind(String label) {
    for (PauseKind k : PauseKind.values()) {
      if (k.label().equals(label)) {
        return k;
      }
    }
    throw new AssertionError("no pause kind " + label);
  }

  @Test
  void downsampledSeriesKeepsSpikesWithinTwicePerBucket() {
    Series s = new Series(100);
    for (int i = 0; i < 100_000; i++) {
      s.add(i * 0.01, i == 54_321 ? 9_999 : i == 77_777 ? -5 : i % 7);
    }
    JsonNode json = ChartSeries.json("x", "x", s, 1, 3);
    assertThat(json.get("t").size()).isLessThanOrEqualTo(200).isEqualTo(ChartSeries.pointCount(s.points()));
    List<Double> values = new ArrayList<>();
    json.get("v").forEach(v -> values.add(v.asDouble()));
    assertThat(values).contains(9_999.0, -5.0);
    double previous = Double.NEGATIVE_INFINITY;
    for (JsonNode t : json.get("t")) {
      assertThat(t.asDouble()).isGreaterThanOrEqualTo(previous);
      previous = t.asDouble();
    }
  }

  @Test
  void hostileTextStaysInsideTheDataBlock(@TempDir Path dir) throws IOException {
    Path log = dir.resolve("gc-<svg onload=window.__pwned=1>\"><img src=x onerror=window.__pwned=1>\u202etxt.log");
    List<String> lines = new ArrayList<>(Files.readAllLines(corpus(SMALL_CMS_LOG), StandardCharsets.UTF_8));
    lines.add(6, "2022-08-01T17:16:33.199+0000: 0.198: #2: [GC (Allocation Failure) " + PAYLOAD + " [ParNew: broken");
    Files.write(log, lines, StandardCharsets.UTF_8);
    String flags = "-XX:OnError=" + PAYLOAD.replace(" ", "") + "\ud800";
    Analysis a = analyze(log, new AnalysisOptions(60, 50, Double.NaN, flags, false));
    String html = render(a);

    List<String[]> scripts = scripts(html);
    assertThat(scripts).as("only the data block, the library and the page script").hasSize(3);
    assertThat(html).doesNotContain("<img", "<svg", "window.__pwned=1</script>");
    JsonNode data = MAPPER.readTree(dataJson(html));
    assertThat(data.at("/analyze/jvm/flags").toString()).contains(MAPPER.writeValueAsString(flags.replace(" ", "")));
    assertThat(data.at("/analyze/inputs/0/name").asText()).isEqualTo(log.toString());
    assertThat(data.at("/analyze/input/unparsedExamples/0/text").asText()).contains(PAYLOAD);
    assertThat(data.get("title").asText()).endsWith(log.getFileName().toString());
  }

  @Test
  void policyAllowsExactlyTheShippedScriptsAndStyle() throws IOException {
    String html = render(analyze(corpus(SMALL_CMS_LOG), AnalysisOptions.DEFAULTS));
    Matcher csp = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\">").matcher(html);
    assertThat(csp.find()).isTrue();
    String policy = csp.group(1);
    assertThat(html.indexOf("Content-Security-Policy")).isLessThan(html.indexOf("<script"));

    List<String> executable = scripts(html).stream().filter(s -> !s[0].contains("application/json")).map(s -> s[1]).toList();
    assertThat(executable).hasSize(2);
    Matcher style = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL).matcher(html);
    assertThat(style.find()).isTrue();
    assertThat(policy).isEqualTo("default-src 'none'; script-src " + HtmlPage.hash(executable.get(0)) + " "
        + HtmlPage.hash(executable.get(1)) + "; style-src " + HtmlPage.hash(style.group(1))
        + "; img-src 'none'; connect-src 'none'; font-src 'none'; base-uri 'none'; form-action 'none'");
  }

  @Test
  void pageNamesNoResourceOutsideItself() throws IOException {
    String html = render(analyze(corpus(CMS_LOG), AnalysisOptions.DEFAULTS));
    String markup = SCRIPT.matcher(html).replaceAll("<script></script>");
    assertThat(markup).doesNotContainPattern("(?i)\\b(src|href|srcset|action|poster|data)\\s*=");
    assertThat(markup).doesNotContain("://", "url(", "@import");
    String app = scripts(html).get(2)[1];
    assertThat(app).doesNotContain("://", "fetch(", "XMLHttpRequest", "innerHTML", "insertAdjacentHTML", "document.write", "eval(");
    String library = scripts(html).get(1)[1];
    assertThat(library).startsWith("/*!\n * Chart.js v").doesNotContain("sourceMappingURL", "XMLHttpRequest", "fetch(");
  }

  @Test
  void longLogsGetWiderWindowsWithTheSameTotals() throws IOException {
    Analysis a = analyze(corpus(CMS_LOG), new AnalysisOptions(0.1, 50, Double.NaN, null, false));
    assertThat(a.windows().windows()).hasSizeGreaterThan(AnalyzeReportData.MAX_WINDOW_ROWS);
    JsonNode w = MAPPER.readTree(dataJson(render(a))).at("/analyze/windows");

    assertThat(w.get("rows").size()).isLessThanOrEqualTo(AnalyzeReportData.MAX_WINDOW_ROWS);
    assertThat(w.get("windowS").asDouble()).isGreaterThan(w.get("askedWindowS").asDouble());
    long ygc = 0;
    long fgc = 0;
    for (JsonNode r : w.get("rows")) {
      ygc += r.get(1).asLong();
      fgc += r.get(3).asLong();
    }
    assertThat(ygc).isEqualTo(a.pauses().kind(PauseKind.YOUNG).count() + a.pauses().kind(PauseKind.MIXED).count());
    assertThat(fgc).isEqualTo(a.pauses().kind(PauseKind.FULL).count());
  }
}
