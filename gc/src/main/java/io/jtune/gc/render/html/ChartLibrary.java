package io.jtune.gc.render.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * Chart.js as shipped in its WebJar: the minified UMD bundle, read from the class path so the
 * report can carry it inline and open without a network. The source-map comment is dropped
 * (a browser would try to fetch the map when developer tools are open).
 */
record ChartLibrary(String name, String version, String script) {
  private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
  private static final String POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";

  /** The bundled library, loaded once. */
  static ChartLibrary get() {
    return Holder.INSTANCE;
  }

  private static final class Holder {
    static final ChartLibrary INSTANCE = load();
  }

  private static ChartLibrary load() {
    ClassLoader cl = ChartLibrary.class.getClassLoader();
    Properties pom = new Properties();
    try (InputStream in = cl.getResourceAsStream(POM)) {
      if (in == null) {
        throw new IllegalStateException("Chart.js WebJar missing from the class path: " + POM);
      }
      pom.load(in);
      String version = pom.getProperty("version");
      String path = WEBJAR + version + "/dist/chart.umd.min.js";
      try (InputStream js = cl.getResourceAsStream(path)) {
        if (js == null) {
          throw new IllegalStateException("Chart.js bundle missing from the class path: " + path);
        }
        return new ChartLibrary("Chart.js", version, withoutSourceMap(new String(js.readAllBytes(), StandardCharsets.UTF_8)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Chart.js WebJar", e);
    }
  }

  static String withoutSourceMap(String js) {
    return Arrays.stream(js.split("\n", -1))
        .filter(line -> !line.startsWith("//# sourceMappingURL="))
        .collect(Collectors.joining("\n"))
        .stripTrailing();
  }
}
