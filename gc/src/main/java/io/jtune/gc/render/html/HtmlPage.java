package io.jtune.gc.render.html;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;

/**
 * The report page: the template {@code report.html} with its style, the chart library, the page
 * script and the data filled in. The data goes into a {@code <script type="application/json">}
 * element as script-safe JSON (see {@link ScriptSafeJson}); the page script reads it and sets
 * every text with {@code textContent}. A Content-Security-Policy allows only the two inline
 * scripts and the inline style shipped here (by SHA-256 hash) and no source at all for anything
 * else, so neither a crafted log nor the library can load or run anything more.
 *
 * <p>A report part made in another module (the experiment report) brings its own script and
 * style: the script runs ahead of the page script and registers the part's renderer in
 * {@code window.jtuneParts}; the style follows the page's. Both sit inside the page's one inline
 * script and style, so the policy stays the same.
 */
public final class HtmlPage {
  private static final String TEMPLATE = resource(HtmlPage.class, "report.html");
  private static final String STYLE = resource(HtmlPage.class, "report.css");
  private static final String APP = resource(HtmlPage.class, "report.js");

  private HtmlPage() {}

  /** Writes the page for {@code data} (the object the page script renders: title, library name, parts). */
  public static void write(ObjectNode data, Writer out) throws IOException {
    write(data, "", "", out);
  }

  /**
   * Writes the page for {@code data} with one more report part: {@code partScript} registers its
   * renderer as {@code window.jtuneParts[key]} (a function of the page's helpers that returns
   * the function rendering {@code data[key]}); {@code partStyle} is its CSS.
   */
  public static void write(ObjectNode data, String partScript, String partStyle, Writer out) throws IOException {
    ChartLibrary lib = ChartLibrary.get();
    String json = ScriptSafeJson.write(data);
    String app = partScript.isEmpty() ? APP : partScript + "\n" + APP;
    String style = partStyle.isEmpty() ? STYLE : STYLE + partStyle;
    Map<String, String> values = Map.of(
        "csp", contentSecurityPolicy(lib.script(), app, style),
        "style", style,
        "data", json,
        "chartjs", lib.script(),
        "app", app);
    fill(TEMPLATE, values, out);
    out.flush();
  }

  /** The policy: nothing from anywhere, except the page's own inline scripts and style. */
  static String contentSecurityPolicy(String library, String app, String style) {
    return "default-src 'none'; script-src " + hash(library) + " " + hash(app)
        + "; style-src " + hash(style) + "; img-src 'none'; connect-src 'none'; font-src 'none'"
        + "; base-uri 'none'; form-action 'none'";
  }

  /** The CSP source expression for an inline element with exactly this content. */
  static String hash(String content) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
      return "'sha256-" + Base64.getEncoder().encodeToString(d) + "'";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from the JDK", e);
    }
  }

  /*
   * One pass over the template only: a value is never scanned for placeholders, so text in the
   * library or the data that looks like "{{name}}" stays as it is.
   */
  private static void fill(String template, Map<String, String> values, Writer out) throws IOException {
    int at = 0;
    while (true) {
      int open = template.indexOf("{{", at);
      if (open < 0) {
        out.write(template, at, template.length() - at);
        return;
      }
      int close = template.indexOf("}}", open);
      String name = template.substring(open + 2, close);
      String value = values.get(name);
      if (value == null) {
        throw new IllegalStateException("report template names an unknown value: " + name);
      }
      out.write(template, at, open - at);
      out.write(value);
      at = close + 2;
    }
  }

  /** The text of a resource next to {@code owner}, such as a report part's script. */
  public static String resource(Class<?> owner, String name) {
    try (InputStream in = owner.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("report resource missing: " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read report resource " + name, e);
    }
  }
}
