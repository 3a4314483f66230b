package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Parses OpenMetrics text with the Prometheus project's Python client
 * ({@code prometheus_client.openmetrics.parser}, its strict OpenMetrics parser), installed by
 * test.sh into a virtual environment under target/. Without python3 the tests that need it are
 * skipped with a message; with python3 but without the parser they fail, saying how to install it.
 */
final class OpenMetricsParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One parsed sample. */
  record Sample(String family, String type, String unit, String name, Map<String, String> labels, double value) {
    String label(String name) {
      return labels.get(name);
    }
  }

  private OpenMetricsParser() {}

  private static Path python() {
    String p = System.getProperty("jtune.openmetrics.python");
    Path venv = p != null ? Path.of(p) : Path.of("../target/openmetrics-venv/bin/python3");
    if (Files.isExecutable(venv)) {
      return venv;
    }
    Assumptions.assumeTrue(onPath("python3"), "python3 is not installed: the OpenMetrics output is not parsed");
    return fail("the OpenMetrics parser (Python prometheus_client) is not installed in " + venv
        + ": run ./test.sh, or python3 -m venv target/openmetrics-venv &&"
        + " target/openmetrics-venv/bin/pip install prometheus-client");
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  /** The samples of one document; the test fails with the parser's message when it does not parse. */
  static List<Sample> parse(String text) throws IOException, InterruptedException {
    return parseAll(List.of(text)).get(0);
  }

  /** The samples of each document, in one run of the parser; the test fails on the first that does not parse. */
  static List<List<Sample>> parseAll(List<String> texts) throws IOException, InterruptedException {
    Path python = python();
    Path script = Files.createTempFile("openmetrics-parse", ".py");
    Path input = Files.createTempFile("openmetrics-docs", ".json");
    try (InputStream in = OpenMetricsParser.class.getResourceAsStream("/openmetrics/parse.py")) {
      Files.write(script, in.readAllBytes());
      JSON.writeValue(input.toFile(), texts);
      Process p = new ProcessBuilder(python.toString(), script.toString())
          .redirectInput(input.toFile()).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("the OpenMetrics parser ran: %s", out).isZero();
      List<List<Sample>> docs = new ArrayList<>();
      texts.forEach(t -> docs.add(new ArrayList<>()));
      for (String line : out.split("\n")) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode n = JSON.readTree(line);
        int doc = n.get("doc").asInt();
        if (n.has("error")) {
          fail("OpenMetrics parser: " + n.get("error").asText() + "\n--- the text:\n" + texts.get(doc));
        }
        Map<String, String> labels = JSON.convertValue(n.get("labels"),
            JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, String.class));
        docs.get(doc).add(new Sample(n.get("family").asText(), n.get("type").asText(), n.get("unit").asText(),
            n.get("name").asText(), labels, n.get("value").asDouble()));
      }
      return docs;
    } finally {
      Files.deleteIfExists(script);
      Files.deleteIfExists(input);
    }
  }
}
