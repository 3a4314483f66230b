package io.jtune.gc.render.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.jtune.common.JtuneException;
import io.jtune.gc.AnalyzedLogs;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.testing.HtmlBrowser;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The analysis' HTML reports ({@code jtune analyze --format html}, as AnalysisHtml writes them) opened in headless Chromium: real corpus logs (a G1 log
 * with phases, a CMS log with Full GCs) load without console errors or network requests, every
 * chart holds as many points as the analysis has, clicking a finding marks its evidence, and a
 * crafted log full of markup and Unicode tricks shows as text without running anything.
 * Screenshots of each section go to target/screenshots/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class AnalysisHtmlBrowserTest {
  static final String G1_LOG = "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.4";
  static final String CMS_LOG = "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__863_gc.log";
  static final String G1_SPIKE_LOG = "gctoolkit-testdata/gctoolkit-gclogs__streaming__gcspike.log";
  static final String SMALL_CMS_LOG = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt";
  public static final Path SCREENSHOTS = Path.of("target", "screenshots");

  /** Markup, an attribute break-out and script in one string, with bidi override, zero-width joiner and an emoji. */
  public static final String PAYLOAD = "</script><script>window.__pwned=1;alert(1)</script>\"><img src=x onerror=\"window.__pwned=2\">"
      + "<svg onload=window.__pwned=3>\u202eRTL\u200dZWJ\ud83d\udd25";

  private static final int HISTOGRAM_BUCKETS = 14;
  private static final int PHASE_BARS = 20;

  @TempDir Path dir;
  private HtmlBrowser browser;

  @BeforeAll
  void startBrowser() throws IOException {
    assumeThat(HtmlBrowser.available())
        .as("Skipping the browser tests: /usr/bin/chromium and /usr/bin/chromedriver are missing (./test.sh installs them)")
        .isTrue();
    browser = new HtmlBrowser(1280, 900);
  }

  @AfterAll
  void stopBrowser() {
    if (browser != null) {
      browser.close();
    }
  }

  static Path corpus(String file) {
    return Path.of(System.getProperty("jtune.corpus", "../testdata/gclogs")).resolve(file);
  }

  /** The HTML report of {@code log} analyzed with {@code options} ({@code jtune analyze --format html -o OUT}), in {@code out}. */
  static Path report(Path log, Path out, AnalysisOptions options) throws IOException {
    Analysis a = GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(), options);
    try (Writer w = new java.io.OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8)) {
      AnalysisHtml.write(a, w);
    }
    return out;
  }

  static Path report(Path log, Path out) throws IOException {
    return report(log, out, AnalysisOptions.DEFAULTS);
  }

  /** Chart points a series gives: one per bucket whose extremes are one observation, else two. */
  static int chartPoints(Series s) {
    int n = 0;
    for (Series.Point p : s.points()) {
      n += p.minAtS() == p.maxAtS() && p.min() == p.max() ? 1 : 2;
    }
    return n;
  }

  static int chartPoints(Series... series) {
    int n = 0;
    for (Series s : series) {
      n += chartPoints(s);
    }
    return n;
  }

  /** What each chart must show, by chart id, computed from the analysis itself. */
  static Map<String, Integer> expectedPoints(Analysis a) {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("pauses", chartPoints(a.pauses().timeline().values().toArray(Series[]::new)));
    var mem = a.memory();
    int heap = chartPoints(mem.heapBefore(), mem.heapAfter(), mem.youngBefore(), mem.oldAfter(), mem.metaspaceAfter());
    if (heap > 0) {
      m.put("heap", heap);
    }
    int rates = chartPoints(mem.allocationRate(), mem.promoted());
    if (rates > 0) {
      m.put("rates", rates);
    }
    m.put("histogram", HISTOGRAM_BUCKETS);
    if (!a.phases().shares().isEmpty()) {
      m.put("phases", Math.min(PHASE_BARS, a.phases().shares().size()));
    }
    return m;
  }

  private static final String CHART_ELEMENTS = "var c = window.jtuneReport.charts[arguments[0]].chart; var n = 0;"
      + " c.data.datasets.forEach(function (d, i) { if (d.label !== 'evidence') { n += c.getDatasetMeta(i).data.length; } });"
      + " return n;";

  @ParameterizedTest
  @CsvSource({"g1, " + G1_LOG, "cms, " + CMS_LOG, "g1-spike, " + G1_SPIKE_LOG})
  void corpusReportRendersEveryPointAndLinksFindingsToTheTimeline(String name, String file) throws IOException {
    Path log = corpus(file);
    Path html = report(log, dir.resolve(name + ".html"));
    Analysis a = GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(), AnalysisOptions.DEFAULTS);

    long ms = browser.open(html);
    assertThat(browser.consoleMessages()).as("console").isEmpty();
    assertThat(browser.requestsOtherThanThePage()).as("network requests").isEmpty();
    System.out.printf(Locale.ROOT, "html report %s: %,d bytes, ready in %d ms (page script %s ms)%n",
        name, Files.size(html), ms, browser.js("return window.jtuneReport.renderMs"));

    Map<String, Integer> expected = expectedPoints(a);
    if (name.startsWith("g1")) {
      assertThat(expected).containsKey("phases");
    } else {
      assertThat(a.pauses().kind(PauseKind.FULL).count()).isPositive();
    }
    for (Map.Entry<String, Integer> e : expected.entrySet()) {
      WebElement box = browser.driver().findElement(By.cssSelector("[data-chart='" + e.getKey() + "']"));
      assertThat(box.getDomAttribute("data-points")).as("data-points of " + e.getKey()).isEqualTo(String.valueOf(e.getValue()));
      assertThat(((Number) browser.js(CHART_ELEMENTS, e.getKey())).intValue()).as("elements drawn in " + e.getKey())
          .isEqualTo(e.getValue());
    }
    assertThat(browser.driver().findElements(By.cssSelector("[data-chart]"))).hasSize(expected.size());

    for (WebElement section : browser.driver().findElements(By.cssSelector("section[data-section]"))) {
      browser.screenshot(section, SCREENSHOTS, name + "-" + section.getDomAttribute("data-section"));
    }

    Finding finding = a.findings().stream().filter(f -> !f.evidence().isEmpty()).findFirst().orElseThrow();
    WebElement item = browser.driver().findElement(By.cssSelector("li.finding[data-finding-id='" + finding.id() + "']"));
    browser.js("arguments[0].scrollIntoView({block: 'center'})", item);
    item.click();
    WebElement pauses = browser.driver().findElement(By.cssSelector("[data-chart='pauses']"));
    assertThat(pauses.getDomAttribute("data-highlighted")).isEqualTo(String.valueOf(finding.evidence().size()));
    assertThat(item.getDomAttribute("class")).contains("selected");
    assertThat(browser.js("var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight;", pauses))
        .as("pause timeline scrolled into view").isEqualTo(true);
    @SuppressWarnings("unchecked")
    List<Number> marked = (List<Number>) browser.js("var c = window.jtuneReport.charts.pauses.chart;"
        + " var i = c.data.datasets.findIndex(function (d) { return d.label === 'evidence'; });"
        + " return c.getDatasetMeta(i).data.length === c.data.datasets[i].data.length"
        + " ? c.data.datasets[i].data.map(function (p) { return p.x; }) : null;");
    assertThat(marked).as("evidence points drawn").hasSize(finding.evidence().size());
    if (name.equals("cms")) {
      for (int i = 0; i < marked.size(); i++) {
        assertThat(marked.get(i).doubleValue()).as("evidence point %d on its pause", i)
            .isCloseTo(finding.evidence().get(i).uptimeS(), org.assertj.core.data.Offset.offset(0.002));
      }
    }
    browser.screenshot(pauses, SCREENSHOTS, name + "-pauses-highlighted");
    browser.pageTop(pauses, SCREENSHOTS, name + "-overview");
    item = browser.driver().findElement(By.cssSelector("li.finding[data-finding-id='" + finding.id() + "']"));
    browser.js("arguments[0].click()", item);
    assertThat(pauses.getDomAttribute("data-highlighted")).as("second click clears").isEqualTo("0");
    assertThat(browser.consoleMessages()).as("console after clicks").isEmpty();
  }

  static final String DATED_LOG = "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CMS_ScavengeBR_HeapAtGC_TenuringDist_PrintFLS.txt";
  private static final String X_AXIS = "var x = window.jtuneReport.charts['pauses'].chart.scales.x;"
      + " return [x.options.title.text].concat(x.ticks.map(function (t) { return t.value + '|' + t.label; }));";

  /** The time axis: wall-clock time of day for a log with date stamps, uptime for a log without. */
  @ParameterizedTest
  @CsvSource({"dated, " + DATED_LOG, "uptime, " + CMS_LOG})
  void timeAxisShowsTheWallClockWhenTheLogHasDates(String name, String file) throws IOException {
    Path log = corpus(file);
    Path html = report(log, dir.resolve("axis-" + name + ".html"));
    browser.open(html);
    @SuppressWarnings("unchecked")
    List<String> axis = (List<String>) browser.js(X_AXIS);
    assertThat(axis).hasSizeGreaterThan(2);
    var json = io.jtune.gc.render.AnalysisJson.build(GcAnalyzer.analyze(List.of(log.toString()),
        InputStream.nullInputStream(), AnalysisOptions.DEFAULTS));
    boolean dated = name.equals("dated");
    assertThat(json.has("startTime")).isEqualTo(dated);
    java.time.OffsetDateTime start = dated ? java.time.OffsetDateTime.parse(json.get("startTime").asText()) : null;
    assertThat(axis.get(0)).isEqualTo(dated ? "wall clock (UTC" + (start.getOffset().getTotalSeconds() == 0 ? "" : start.getOffset().getId()) + ")" : "uptime");
    long zero = dated ? start.toInstant().toEpochMilli() - Math.round(json.at("/summary/startS").asDouble() * 1000) : 0;
    for (String tick : axis.subList(1, axis.size())) {
      double v = Double.parseDouble(tick.substring(0, tick.indexOf('|')));
      String label = tick.substring(tick.indexOf('|') + 1);
      if (dated) {
        var local = java.time.Instant.ofEpochMilli(zero + Math.round(v * 1000)).atOffset(start.getOffset()).toLocalTime();
        assertThat(label).as("tick at %s", v).isEqualTo(local.withNano(0).format(java.time.format.DateTimeFormatter.ISO_LOCAL_TIME));
      } else {
        assertThat(label).as("tick at %s", v).matches(".*\\d.*").doesNotMatch("\\d\\d:\\d\\d:\\d\\d");
      }
    }
  }

  @Test
  void severalJvmLifetimesAreListedAndTheTopSaysWhichOneIsShown() throws IOException {
    Path restarts = Files.createDirectory(dir.resolve("restarts"));
    try (java.util.stream.Stream<Path> s = Files.list(AnalyzedLogs.corpus().resolve("gctoolkit-testdata"))) {
      for (Path p : s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).toList()) {
        Files.copy(p, restarts.resolve(p.getFileName()));
      }
    }
    browser.open(report(restarts, dir.resolve("restarts.html")));
    assertThat(browser.driver().findElement(By.id("subtitle")).getText())
        .contains("5 JVM lifetimes in the input").contains("describe the latest (JVM 5)");
    List<WebElement> rows = browser.driver().findElements(By.xpath("//table[@data-table='JVM lifetimes']//tbody/tr"));
    assertThat(rows).hasSize(5);
    assertThat(rows.get(4).getText()).contains("short_restart_4.log").contains("uptime starts again");
    assertThat(browser.consoleMessages()).isEmpty();
  }

  @Test
  void theDiagnosisIsShownFirstWithItsAdvice() throws IOException {
    // a heap that fills and stays full: the leak diagnosis, with what to run instead of flags
    browser.open(report(corpus(CMS_LOG), dir.resolve("diagnosis.html")));
    WebElement d = browser.driver().findElement(By.id("sec-diagnosis"));
    assertThat(d.getDomAttribute("data-primary")).isEqualTo("memory-leak");
    assertThat(d.getText()).contains("Diagnosis: memory-leak").contains("flags are not the fix")
        .contains("jcmd PID GC.class_histogram");
    @SuppressWarnings("unchecked")
    List<String> order = (List<String>) browser.js("return Array.prototype.map.call(document.querySelectorAll('main > section'),"
        + " function (s) { return s.id; });");
    assertThat(order.indexOf("sec-diagnosis")).isLessThan(order.indexOf("sec-findings"));
    // shown once: the Tables section does not repeat it (the memory model is there)
    List<String> tableTitles = browser.driver().findElements(By.cssSelector("#sec-tables h3")).stream()
        .map(WebElement::getText).toList();
    assertThat(tableTitles).contains("Memory model").doesNotContain("Diagnosis");
    assertThat(browser.consoleMessages()).isEmpty();
  }

  @Test
  void windowTableSortsByClickedColumn() throws IOException {
    Path html = report(corpus(CMS_LOG), dir.resolve("sort.html"), new AnalysisOptions(10, 50, Double.NaN, null, false)); // --window 10s
    browser.open(html);
    WebElement header = browser.driver().findElement(By.xpath("//table[@data-table='windows']//th[text()='YGC count']"));
    browser.js("arguments[0].scrollIntoView({block: 'center'})", header);
    header.click();
    header.click();
    assertThat(header.getDomAttribute("aria-sort")).isEqualTo("descending");
    @SuppressWarnings("unchecked")
    List<Number> column = (List<Number>) browser.js("return Array.prototype.map.call("
        + "document.querySelectorAll(\"table[data-table='windows'] tbody tr td:nth-child(2)\"), function (td) { return Number(td.getAttribute('data-sort')); });");
    assertThat(column).hasSizeGreaterThan(10);
    List<Double> values = column.stream().map(Number::doubleValue).toList();
    assertThat(values).isSortedAccordingTo((x, y) -> Double.compare(y, x));
    assertThat(values.get(0)).isGreaterThan(values.get(values.size() - 1));
  }

  @Test
  void hostileLogAndFlagsShowAsTextAndRunNothing() throws IOException {
    Path log = dir.resolve("gc-<svg onload=window.__pwned=4>\"><img src=x onerror=window.__pwned=5>\u202etxt.log");
    List<String> lines = new ArrayList<>();
    for (String l : Files.readAllLines(corpus(SMALL_CMS_LOG), StandardCharsets.UTF_8)) {
      if (l.startsWith("OpenJDK 64-Bit Server VM")) {
        l = l.replace("(1.8.0_342-b07)", "(1.8.0_342-" + PAYLOAD.replace(" ", "") + ")");
      }
      lines.add(l);
    }
    lines.add(6, "2022-08-01T17:16:33.199+0000: 0.198: #2: [GC (Allocation Failure) " + PAYLOAD + " [ParNew: broken");
    Files.write(log, lines, StandardCharsets.UTF_8);
    String flag = "-XX:OnError=" + PAYLOAD.replace(" ", "") + "\ud800";
    Path html = report(log, dir.resolve("hostile.html"), new AnalysisOptions(60, 50, Double.NaN, flag, false)); // --flags FLAG

    browser.open(html);
    browser.assertNoPayloadRan();

    String unparsed = (String) browser.js("return document.querySelector(\"[data-lines='unparsed'] li\").textContent");
    assertThat(unparsed).contains(PAYLOAD);
    String input = (String) browser.js("return document.querySelector(\"table[data-table='inputs'] tbody td\").textContent");
    assertThat(input).isEqualTo(log.toString());
    @SuppressWarnings("unchecked")
    List<Object> shownFlag = (List<Object>) browser.js("var c = Array.prototype.filter.call(document.querySelectorAll('#sec-kpis .flags code'),"
        + " function (c) { return c.textContent.indexOf('-XX:OnError=') === 0; })[0].textContent;"
        + " return [c.slice(0, -1), c.charCodeAt(c.length - 1)];");
    assertThat(shownFlag).as("flag with its lone surrogate kept").containsExactly(flag.substring(0, flag.length() - 1), 0xD800L);
    assertThat((String) browser.js("return document.title")).endsWith(log.getFileName().toString());
    assertThat((String) browser.js("return document.getElementById('subtitle').textContent"))
        .contains("<script>window.__pwned=1;alert(1");
    browser.screenshot(browser.driver().findElement(By.id("sec-input")), SCREENSHOTS, "hostile-input");
  }

  /**
   * Every log of the corpus, when asked for with {@code -Djtune.html.corpusSweep=true}: each
   * analyzable log gives a page that becomes ready without console errors or requests.
   */
  @Test
  @EnabledIfSystemProperty(named = "jtune.html.corpusSweep", matches = "true")
  void everyCorpusLogGivesAWorkingPage() throws IOException {
    Path manifest = corpus("manifest.tsv");
    List<String> failures = new ArrayList<>();
    int pages = 0;
    for (String row : Files.readAllLines(manifest, StandardCharsets.UTF_8).subList(1, Files.readAllLines(manifest).size())) {
      String file = row.split("\t")[0];
      Path html = dir.resolve("sweep.html");
      Files.deleteIfExists(html);
      try {
        report(corpus(file), html);
      } catch (JtuneException e) {
        System.out.println("sweep: not analyzable (" + e.getMessage() + "): " + file);
        continue;
      }
      pages++;
      browser.open(html);
      List<String> problems = new ArrayList<>(browser.consoleMessages());
      problems.addAll(browser.requestsOtherThanThePage());
      if (!problems.isEmpty()) {
        failures.add(file + ": " + problems);
      }
    }
    System.out.println("sweep: " + pages + " pages opened");
    assertThat(failures).isEmpty();
    assertThat(pages).isPositive();
  }

  /**
   * Size and render time of reports of large logs, when asked for with
   * {@code -Djtune.html.largeLogs=a.log,b.log}; results go to target/html-large-logs.md.
   */
  @Test
  @EnabledIfSystemProperty(named = "jtune.html.largeLogs", matches = ".+")
  void largeLogsGiveSmallFastReports() throws IOException {
    StringBuilder md = new StringBuilder("| log | log size | report size | analyze+render s | browser ready ms | page script ms |\n|---|---:|---:|---:|---:|---:|\n");
    for (String file : System.getProperty("jtune.html.largeLogs").split(",")) {
      Path log = Path.of(file);
      Path html = dir.resolve(log.getFileName() + ".html");
      long start = System.nanoTime();
      report(log, html);
      double renderS = (System.nanoTime() - start) / 1e9;
      long ms = browser.open(html);
      assertThat(browser.consoleMessages()).as("console").isEmpty();
      assertThat(browser.requestsOtherThanThePage()).as("network requests").isEmpty();
      Object script = browser.js("return window.jtuneReport.renderMs");
      System.out.println(log.getFileName() + " page parts ms: " + browser.js("return JSON.stringify(window.jtuneReport.partMs)"));
      browser.screenshot(SCREENSHOTS, "large-" + log.getFileName());
      md.append(String.format(Locale.ROOT, "| %s | %.1f MB | %.2f MB | %.1f | %d | %s |%n", log.getFileName(),
          Files.size(log) / 1048576.0, Files.size(html) / 1048576.0, renderS, ms, script));
      assertThat(Files.size(html)).isLessThan(10L << 20);
    }
    Files.writeString(Path.of("target", "html-large-logs.md"), md);
    System.out.print(md);
  }
}
