package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.OutputFormat;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.report.files.ExperimentRenderers;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.gc.render.html.AnalysisHtmlBrowserTest;
import io.jtune.gc.testing.HtmlBrowser;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The experiment's HTML reports ({@code jtune experiment --format html}) opened in headless Chromium. One real experiment
 * against the lab (survivor-overflow, its flags vs bigger survivors, 2 repetitions of 3 s) gives
 * the run directory: its page loads without console errors or network requests, every chart
 * holds as many points as the runs' files give, the table has a row per metric and a column per
 * candidate and sorts by the clicked column. A copy of the directory whose plan and failed run
 * are full of markup and Unicode tricks shows them as text without running anything.
 * Screenshots of each section go to target/screenshots/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExperimentHtmlBrowserTest {
  private static final Path LAB_JAR = Path.of("../lab/target/jtune-lab.jar").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BASELINE = "scenario";
  private static final String CANDIDATE = "bigger-survivors";
  private static final String PLAN = """
      name: survivors
      target: {lab: survivor-overflow}
      baseline: scenario
      candidates:
        - {name: scenario}
        - {name: bigger-survivors, flags: "-Xmn64m -XX:SurvivorRatio=6", reason: survivors overflow}
      levels:
        - {name: l, concurrency: 2, warmup: 1s, duration: 3s}
      goals: {p99: -10%}
      repetitions: 2
      cooldown: 0s
      """;

  /** Markup, an attribute break-out and script, with bidi override, zero-width joiner, an emoji and a plane-16 code point. */
  static final String PAYLOAD = AnalysisHtmlBrowserTest.PAYLOAD + "\udbff\udffd";

  @TempDir static Path dir;
  private static Path runDir;
  private static Path html;
  private HtmlBrowser browser;

  @BeforeAll
  void runTheExperimentAndStartTheBrowser() throws IOException {
    assumeThat(HtmlBrowser.available())
        .as("Skipping the browser tests: /usr/bin/chromium and /usr/bin/chromedriver are missing (./test.sh installs them)")
        .isTrue();
    System.setProperty("jtune.lab.jar", LAB_JAR.toString());
    runDir = dir.resolve("run");
    html = dir.resolve("experiment.html");
    Plan plan = PlanReader.read(new StringReader(PLAN), "survivors.yaml", dir);
    List<RunResult> results = Experiment.prepare(plan, PLAN, runDir, Experiment.Options.DEFAULTS, null).run();
    ExperimentReport report = ExperimentReport.of(plan, Experiment.baseFlags(plan), results);
    assertThat(ReportFiles.writeAll(report, runDir)).contains(runDir.resolve("report.html"));
    writeHtml(report, runDir, html);
    browser = new HtmlBrowser(1280, 1300); // tall enough for the whole comparison table in its screenshot
  }

  @AfterAll
  void stopBrowser() {
    System.clearProperty("jtune.lab.jar");
    if (browser != null) {
      browser.close();
    }
  }

  /** The HTML report of the runs in {@code runDir} ({@code jtune experiment --format html -o PAGE}) in {@code page}. */
  private static void writeHtml(ExperimentReport report, Path runDir, Path page) throws IOException {
    try (PrintWriter w = new PrintWriter(new OutputStreamWriter(Files.newOutputStream(page), StandardCharsets.UTF_8))) {
      ExperimentRenderers.of(runDir).render(OutputFormat.HTML, report, w);
    }
  }

  private static JsonNode json(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }

  private static Path run(String candidate, int repetition) {
    return runDir.resolve("runs").resolve("l-" + candidate + "-r" + repetition);
  }

  private static final String CHART_ELEMENTS = "var c = window.jtuneReport.charts[arguments[0]].chart; var n = 0;"
      + " c.data.datasets.forEach(function (d, i) { n += c.getDatasetMeta(i).data.length; }); return n;";

  private void assertChartPoints(String chart, int expected) {
    WebElement box = browser.driver().findElement(By.cssSelector("[data-chart='" + chart + "']"));
    assertThat(box.getDomAttribute("data-points")).as("data-points of " + chart).isEqualTo(String.valueOf(expected));
    assertThat(((Number) browser.js(CHART_ELEMENTS, chart)).intValue()).as("elements drawn in " + chart).isEqualTo(expected);
  }

  @Test
  void pageLoadsOfflineAndEveryChartShowsTheRunsFiles() throws IOException {
    // the page is made from the run directory alone: the run's report.html, the page rendered after
    // the runs and the page of the runs read back from the directory (--report DIR) agree
    assertThat(Files.mismatch(html, runDir.resolve("report.html"))).as("report.html of the run directory").isEqualTo(-1L);
    Path again = dir.resolve("again.html");
    long start = System.nanoTime();
    writeHtml(ExperimentOpenMetricsTest.recorded(runDir), runDir, again);
    long writeMs = (System.nanoTime() - start) / 1_000_000;
    assertThat(Files.mismatch(html, again)).as("the runs read back from the directory").isEqualTo(-1L);

    long ms = browser.open(html);
    assertThat(browser.consoleMessages()).as("console").isEmpty();
    assertThat(browser.requestsOtherThanThePage()).as("network requests").isEmpty();
    System.out.printf(Locale.ROOT, "experiment html report: %,d bytes, written in %d ms, ready in %d ms (page script %s ms, parts %s)%n",
        Files.size(html), writeMs, ms, browser.js("return window.jtuneReport.renderMs"),
        browser.js("return JSON.stringify(window.jtuneReport.partMs)"));

    assertThat(browser.driver().findElements(By.cssSelector("section[data-section]")).stream()
        .map(s -> s.getDomAttribute("data-section")).toList())
        .containsExactly("sec-overview", "sec-verdict", "sec-level0-compare", "sec-level0-latency", "sec-level0-timeline",
            "sec-failed");
    assertThat((String) browser.js("return document.getElementById('subtitle').textContent"))
        .isEqualTo("lab scenario 'survivor-overflow' \u00b7 4 of 4 runs done, 0 failed");

    // timelines: the first repetition of each candidate, one point per second of its load result
    // (a closing interval under half a second left out) and one per GC pause its metrics count
    // (serial collector: young and full)
    int seconds = 0;
    int pauses = 0;
    for (String c : List.of(BASELINE, CANDIDATE)) {
      double last = 0;
      for (JsonNode p : json(run(c, 1).resolve("load.json")).path("timeline")) {
        seconds += p.path("endS").asDouble() - last >= 0.5 ? 1 : 0;
        last = p.path("endS").asDouble();
      }
      JsonNode metrics = json(run(c, 1).resolve("result.json")).path("metrics");
      pauses += metrics.path("ygcCount").asInt() + metrics.path("fgcCount").asInt();
    }
    assertThat(seconds).as("whole seconds measured").isEqualTo(6);
    assertThat(pauses).as("GC pauses in the measured windows").isPositive();
    assertChartPoints("level0-throughput", seconds + pauses);
    assertChartPoints("level0-p99", seconds + pauses);

    // percentile curves: all requests of both repetitions, read from the interval logs
    for (int i = 0; i < 2; i++) {
      String c = List.of(BASELINE, CANDIDATE).get(i);
      Histogram merged = new Histogram(3);
      long requests = 0;
      for (int r = 1; r <= 2; r++) {
        requests += json(run(c, r).resolve("load.json")).path("requests").asLong();
        try (HistogramLogReader reader = new HistogramLogReader(run(c, r).resolve("load.hlog").toFile())) {
          for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            merged.add((Histogram) h);
          }
        }
      }
      assertThat(merged.getTotalCount()).as("requests in the interval logs of " + c).isEqualTo(requests);
      @SuppressWarnings("unchecked")
      List<Object> curve = (List<Object>) browser.js("var d = window.jtuneReport.charts['level0-percentiles'].chart.data.datasets[arguments[0]];"
          + " return [d.label, d.data.map(function (p) { return p.x; }), d.data.map(function (p) { return p.y; })];", i);
      assertThat((String) curve.get(0)).startsWith(c + " (" + String.format(Locale.US, "%,d", requests) + " requests, 2 runs)");
      List<Double> xs = ((List<?>) curve.get(1)).stream().map(v -> ((Number) v).doubleValue()).toList();
      List<Double> ys = ((List<?>) curve.get(2)).stream().map(v -> ((Number) v).doubleValue()).toList();
      assertThat(xs).hasSizeGreaterThan(20).isSorted().startsWith(1.0).endsWith(100_000.0);
      assertThat(ys).isSorted();
      assertThat(ys.get(ys.size() - 1)).as("99.999 % of " + c)
          .isCloseTo(merged.getValueAtPercentile(99.999) / 1e6, org.assertj.core.data.Offset.offset(0.001));
    }
    int curvePoints = ((Number) browser.js("var n = 0; window.jtuneReport.charts['level0-percentiles'].chart.data.datasets"
        + ".forEach(function (d) { n += d.data.length; }); return n;")).intValue();
    assertChartPoints("level0-percentiles", curvePoints);
    assertThat(browser.driver().findElements(By.cssSelector("[data-chart]"))).hasSize(3);

    for (WebElement section : browser.driver().findElements(By.cssSelector("section[data-section]"))) {
      browser.screenshot(section, AnalysisHtmlBrowserTest.SCREENSHOTS, "experiment-" + section.getDomAttribute("data-section"));
    }
    browser.pageTop(browser.driver().findElement(By.id("sec-verdict")), AnalysisHtmlBrowserTest.SCREENSHOTS, "experiment-overview");
  }

  @Test
  void comparisonTableHasARowPerMetricAndAColumnPerCandidateAndSorts() throws IOException {
    JsonNode level = json(runDir.resolve("experiment.json")).path("levels").get(0);
    List<String> metrics = new ArrayList<>();
    for (Metric m : ExperimentText.ROWS) {
      if (level.path("candidates").findValues("metrics").stream().anyMatch(ms -> ms.has(m.key()))) {
        metrics.add(m.key());
      }
    }
    browser.open(html);
    String table = "table[data-table='compare-0']";
    @SuppressWarnings("unchecked")
    List<String> rows = (List<String>) browser.js("return Array.prototype.map.call(document.querySelectorAll(\""
        + table + " tbody tr\"), function (tr) { return tr.getAttribute('data-metric'); });");
    assertThat(rows).hasSizeGreaterThanOrEqualTo(20).isEqualTo(metrics);
    @SuppressWarnings("unchecked")
    List<String> candidates = (List<String>) browser.js("return Array.prototype.map.call(document.querySelectorAll(\""
        + table + " th[data-kind='baseline'], " + table + " th[data-kind='value']\"), function (th) { return th.getAttribute('data-candidate'); });");
    assertThat(candidates).containsExactly(BASELINE, CANDIDATE);
    assertThat(browser.js("return document.querySelectorAll(\"" + table + " th[data-kind='change']\").length")).isEqualTo(1L);
    String winner = level.path("winner").isNull() ? null : level.path("winner").asText();
    assertThat(browser.js("return document.querySelectorAll(\"" + table + " th.winner\").length")).isEqualTo(winner == null ? 0L : 2L);
    // a change whose interval spans zero says n.s. and is greyed; a significant one is green or red
    assertThat(browser.js("return Array.prototype.filter.call(document.querySelectorAll(\"" + table + " td\"),"
        + " function (td) { return / n\\.s\\.$/.test(td.textContent) !== td.classList.contains('ns')"
        + " && td.textContent !== '=' && !/^[-+]0(\\.0)?%$/.test(td.textContent); }).length")).isEqualTo(0L);
    // a significant change within the metric's practical floor says n.p. and is greyed too
    assertThat(browser.js("return Array.prototype.filter.call(document.querySelectorAll(\"" + table + " td\"),"
        + " function (td) { return / n\\.p\\.$/.test(td.textContent) !== td.classList.contains('np'); }).length"))
        .isEqualTo(0L);
    assertThat(browser.js("return Array.prototype.filter.call(document.querySelectorAll(\"" + table + " td.better, " + table + " td.worse\"),"
        + " function (td) { return / n\\.s\\.$/.test(td.textContent); }).length")).isEqualTo(0L);

    WebElement header = browser.driver().findElement(By.cssSelector(table + " th[data-kind='value']"));
    browser.js("arguments[0].scrollIntoView({block: 'center'})", header);
    for (String order : List.of("ascending", "descending")) {
      header.click();
      assertThat(header.getDomAttribute("aria-sort")).isEqualTo(order);
      @SuppressWarnings("unchecked")
      List<Number> column = (List<Number>) browser.js("return Array.prototype.map.call(document.querySelectorAll(\""
          + table + " tbody tr td:nth-child(3)\"), function (td) { return Number(td.getAttribute('data-sort')); });");
      List<Double> values = column.stream().map(Number::doubleValue).toList();
      assertThat(values).hasSize(metrics.size());
      if (order.equals("ascending")) {
        assertThat(values).isSorted();
      } else {
        assertThat(values).isSortedAccordingTo((x, y) -> Double.compare(y, x));
      }
    }
    assertThat(browser.consoleMessages()).as("console after clicks").isEmpty();
  }

  @Test
  void hostilePlanAndRunTextShowsAsTextAndRunsNothing() throws IOException {
    Path hostile = dir.resolve("hostile");
    copyTree(runDir, hostile);
    String quoted = "'" + PAYLOAD + "'";
    String flag = "-Dx=" + PAYLOAD.replace(" ", "");
    Files.writeString(hostile.resolve("plan.yaml"), PLAN
        .replace("name: survivors", "name: " + quoted)
        .replace("reason: survivors overflow", "reason: " + quoted)
        .replace("\"-Xmn64m -XX:SurvivorRatio=6\"", "['-Xmn64m', '-XX:SurvivorRatio=6', '" + flag + "']")
        .replace("{name: scenario}", "{name: scenario, reason: " + quoted + "}")
        .replace("goals: {p99: -10%}", "goals: {errors: \"<= 1000\"}"), StandardCharsets.UTF_8);
    Path result = hostile.resolve("runs/l-" + CANDIDATE + "-r2/result.json");
    ObjectNode failed = (ObjectNode) json(result);
    failed.put("status", "failed").put("failure", PAYLOAD);
    ((ArrayNode) failed.putArray("outputTail")).add("starting").add(PAYLOAD);
    JSON.writeValue(result.toFile(), failed);

    Path page = dir.resolve("hostile.html");
    writeHtml(ExperimentOpenMetricsTest.recorded(hostile), hostile, page);
    browser.open(page);
    browser.assertNoPayloadRan();

    assertThat((String) browser.js("return document.title")).isEqualTo("Experiment: " + PAYLOAD);
    assertThat((String) browser.js("return document.getElementById('title').textContent")).isEqualTo("Experiment: " + PAYLOAD);
    @SuppressWarnings("unchecked")
    List<String> reasons = (List<String>) browser.js("return Array.prototype.map.call(document.querySelectorAll('li.candidate .reason'),"
        + " function (p) { return p.textContent; });");
    assertThat(reasons).containsExactly(PAYLOAD, PAYLOAD);
    assertThat((String) browser.js("return document.querySelector(\"[data-run='l-" + CANDIDATE + "-r2'] p.text\").textContent"))
        .isEqualTo(PAYLOAD);
    assertThat((String) browser.js("return document.querySelector(\"[data-run='l-" + CANDIDATE + "-r2'] ul.lines li:last-child\").textContent"))
        .isEqualTo(PAYLOAD);
    // the candidate meets the plan's one goal but improves nothing, on one run: no verdict adopts it; the
    // verdict is said in words first, and the candidate's reason and flag show as text
    assertThat((String) browser.js("return document.querySelector('#sec-verdict .verdict').getAttribute('data-winner')")).isEmpty();
    assertThat((String) browser.js("return document.querySelector('#sec-verdict .verdict-words').textContent")).startsWith("Verdict: ");
    assertThat((String) browser.js("return document.querySelector('#sec-verdict ul.reasons').textContent"))
        .contains("why " + CANDIDATE + " was tried: " + PAYLOAD);
    assertThat((String) browser.js("return document.querySelector(\"li.candidate[data-candidate='" + CANDIDATE + "']\").textContent"))
        .contains(flag);
    assertThat((String) browser.js("return document.getElementById('subtitle').textContent")).endsWith("4 of 4 runs done, 1 failed");
    browser.screenshot(browser.driver().findElement(By.id("sec-overview")), AnalysisHtmlBrowserTest.SCREENSHOTS, "experiment-hostile-overview");
    browser.screenshot(browser.driver().findElement(By.id("sec-failed")), AnalysisHtmlBrowserTest.SCREENSHOTS, "experiment-hostile-failed");
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
