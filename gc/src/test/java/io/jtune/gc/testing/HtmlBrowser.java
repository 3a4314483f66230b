package io.jtune.gc.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless Chromium driven through its chromedriver, for the HTML report tests: opens
 * a report file, waits until the page says it is ready, and tells what the page logged, which
 * network requests it made, and whether anything called a dialog. Selenium Manager is never
 * involved: both the browser and the driver are given by path.
 */
public final class HtmlBrowser implements AutoCloseable {
  public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  /*
   * Installed before any page script runs (CDP Page.addScriptToEvaluateOnNewDocument): records
   * errors, CSP violations and dialog calls, so a payload that got to run is seen even when it
   * throws or only calls alert().
   */
  private static final String HOOKS = String.join("\n",
      "window.__errors = []; window.__dialogs = [];",
      "window.addEventListener('error', function (e) { window.__errors.push(String(e.message || ('error on ' + (e.target && e.target.tagName)))); }, true);",
      "window.addEventListener('unhandledrejection', function (e) { window.__errors.push('unhandled rejection ' + e.reason); });",
      "document.addEventListener('securitypolicyviolation', function (e) { window.__errors.push('CSP ' + e.violatedDirective + ' ' + e.blockedURI); });",
      "['alert', 'confirm', 'prompt', 'print'].forEach(function (n) { window[n] = function (m) { window.__dialogs.push(n + ':' + m); }; });");

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /*
   * Selenium warns on every start that it ships no CDP bindings for this Chromium version; the
   * tests only send raw CDP commands (executeCdpCommand), which need none. Kept in a field so
   * the level set on the logger is not lost to garbage collection.
   */
  private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

  static {
    SELENIUM_LOG.setLevel(Level.SEVERE);
  }

  private final Path profile;
  private final ChromeDriverService service;
  private final ChromeDriver driver;
  private String pageUrl;

  /** Whether this machine has the browser and driver; ./test.sh installs them. */
  public static boolean available() {
    return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
  }

  public HtmlBrowser(int width, int height) throws IOException {
    profile = Files.createTempDirectory("jtune-chromium-");
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1",
        "--user-data-dir=" + profile, "--window-size=" + width + "," + height);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    logs.enable(LogType.PERFORMANCE, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
    ChromeDriver d = null;
    try {
      d = new ChromeDriver(service, options);
      d.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
      d.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", HOOKS));
    } catch (RuntimeException e) {
      if (d != null) {
        d.quit();
      }
      service.stop();
      deleteProfile();
      throw e;
    }
    driver = d;
  }

  public ChromeDriver driver() {
    return driver;
  }

  /** Opens the report, waits for its data-ready mark; returns the wall time from navigation to ready, ms. */
  public long open(Path report) {
    drainLogs();
    pageUrl = report.toUri().toString();
    long start = System.nanoTime();
    driver.get(pageUrl);
    long deadline = start + Duration.ofSeconds(120).toNanos();
    while (!"true".equals(driver.executeScript("return document.body && document.body.getAttribute('data-ready')"))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("report did not become ready in 120 s; console: " + consoleMessages());
      }
      sleep(20);
    }
    return (System.nanoTime() - start) / 1_000_000;
  }

  public Object js(String script, Object... args) {
    return driver.executeScript(script, args);
  }

  /** Console messages of level SEVERE or WARNING since the last open, plus errors the hooks caught. */
  public List<String> consoleMessages() {
    List<String> out = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
      if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
        out.add(e.getLevel() + " " + e.getMessage());
      }
    }
    Object hooked = js("return (window.__errors || []).slice()");
    if (hooked instanceof List<?> l) {
      l.forEach(x -> out.add("page error: " + x));
    }
    return out;
  }

  /** URLs of every network request the browser made since the last open, except the report file itself. */
  public List<String> requestsOtherThanThePage() {
    List<String> out = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
      try {
        JsonNode m = MAPPER.readTree(e.getMessage()).path("message");
        String method = m.path("method").asText();
        if (method.equals("Network.requestWillBeSent") || method.equals("Network.webSocketCreated")
            || method.equals("Network.requestServedFromCache")) {
          String url = m.path("params").path("request").path("url").asText(m.path("params").path("url").asText());
          if (!url.equals(pageUrl)) {
            out.add(method + " " + url);
          }
        }
      } catch (IOException ex) {
        throw new UncheckedIOException(ex);
      }
    }
    Object resources = js("return performance.getEntriesByType('resource').map(function (r) { return r.name; })");
    if (resources instanceof List<?> l) {
      l.forEach(x -> out.add("resource timing " + x));
    }
    return out;
  }

  public List<String> dialogs() {
    List<String> out = new ArrayList<>();
    if (js("return window.__dialogs") instanceof List<?> l) {
      l.forEach(x -> out.add(String.valueOf(x)));
    }
    return out;
  }

  /**
   * Checks the open page ran nothing of a payload in its data (which sets window.__pwned or
   * calls a dialog): no errors, no requests, only the page's own three scripts, and no element
   * that loads something or carries a handler.
   */
  public void assertNoPayloadRan() {
    assertThat(js("return typeof window.__pwned")).as("no payload ran").isEqualTo("undefined");
    assertThat(dialogs()).as("dialogs opened").isEmpty();
    assertThat(consoleMessages()).as("console").isEmpty();
    assertThat(requestsOtherThanThePage()).as("network requests").isEmpty();
    assertThat(js("return document.querySelectorAll('script').length")).isEqualTo(3L);
    assertThat(js("return document.querySelectorAll('img, svg, iframe, object, embed, [onerror], [onload]').length")).isEqualTo(0L);
  }

  /** Saves a screenshot of one element (scrolled into view) as {@code dir/name.png}. */
  public Path screenshot(WebElement element, Path dir, String name) throws IOException {
    js("arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -90);", element);
    Files.createDirectories(dir);
    Path file = dir.resolve(name + ".png");
    Files.write(file, element.getScreenshotAs(OutputType.BYTES));
    return file;
  }

  /** Saves a screenshot of the viewport as {@code dir/name.png}. */
  public Path screenshot(Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(name + ".png");
    Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    return file;
  }

  /** Saves the page from its top down to the bottom of {@code element} as {@code dir/name.png}, whatever the viewport. */
  public Path pageTop(WebElement element, Path dir, String name) throws IOException {
    js("window.scrollTo(0, 0)");
    Number bottom = (Number) js("var r = arguments[0].getBoundingClientRect(); return Math.ceil(r.bottom + window.scrollY + 16);", element);
    Number width = (Number) js("return document.documentElement.clientWidth");
    Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
        "captureBeyondViewport", true,
        "clip", Map.of("x", 0, "y", 0, "width", width, "height", bottom, "scale", 1)));
    Files.createDirectories(dir);
    Path file = dir.resolve(name + ".png");
    Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
    return file;
  }

  private void drainLogs() {
    driver.manage().logs().get(LogType.BROWSER);
    driver.manage().logs().get(LogType.PERFORMANCE);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      service.stop();
      deleteProfile();
    }
  }

  private void deleteProfile() {
    try (Stream<Path> s = Files.walk(profile)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      System.err.println("could not delete the browser profile " + profile + ": " + e);
    }
  }
}
