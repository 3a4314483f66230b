package io.jtune.gc.testing;

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
 * Parses jtune's metrics text with the Prometheus project's own parsers, both installed by
 * test.sh under target/: OpenMetrics with the Python client's strict OpenMetrics parser
 * ({@code prometheus_client.openmetrics.parser}, in target/openmetrics-venv), the Prometheus text
 * format 0.0.4 with the Go parser a node exporter's textfile collector and a Pushgateway use
 * ({@code prometheus/common/expfmt}, built from gc/src/test/go/promcheck into target/promcheck).
 * (Test helpers of gc's test jar, used by the tests of gc, experiment and cli.)
 * Without python3 or go the tests that need them are skipped with a message; with the tool but
 * without the parser they fail, saying how to install it.
 */
public final class OpenMetricsParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One parsed sample ({@code unit} is empty from the Prometheus text format, which has none). */
  public record Sample(String family, String type, String unit, String name, Map<String, String> labels, double value) {
    public String label(String name) {
      return labels.get(name);
    }
  }

  private OpenMetricsParser() {}

  /** Samples as name, labels and value: what the OpenMetrics and the Prometheus text of one document must agree on. */
  public static List<String> samples(List<Sample> parsed) {
    return parsed.stream().map(s -> s.name() + new java.util.TreeMap<>(s.labels()) + " " + s.value()).toList();
  }

  private static Path installed(String property, String fallback, String tool, String what, String install) {
    String p = System.getProperty(property);
    Path path = p != null ? Path.of(p) : Path.of(fallback);
    if (Files.isExecutable(path)) {
      return path;
    }
    Assumptions.assumeTrue(onPath(tool), tool + " is not installed: the " + what + " output is not parsed");
    return fail("the " + what + " parser is not installed in " + path + ": run ./test.sh, or " + install);
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  /** The samples of one OpenMetrics document; the test fails with the parser's message when it does not parse. */
  public static List<Sample> parse(String text) throws IOException, InterruptedException {
    return parseAll(List.of(text)).get(0);
  }

  /** The samples of each OpenMetrics document, in one run of the parser; the test fails on the first that does not parse. */
  public static List<List<Sample>> parseAll(List<String> texts) throws IOException, InterruptedException {
    Path python = installed("jtune.openmetrics.python", "../target/openmetrics-venv/bin/python3", "python3",
        "OpenMetrics", "python3 -m venv target/openmetrics-venv && target/openmetrics-venv/bin/pip install prometheus-client");
    Path script = Files.createTempFile("openmetrics-parse", ".py");
    Path input = Files.createTempFile("openmetrics-docs", ".json");
    try (InputStream in = OpenMetricsParser.class.getResourceAsStream("/openmetrics/parse.py")) {
      Files.write(script, in.readAllBytes());
      JSON.writeValue(input.toFile(), texts);
      String out = run(new ProcessBuilder(python.toString(), script.toString()), input);
      List<List<Sample>> docs = new ArrayList<>();
      texts.forEach(t -> docs.add(new ArrayList<>()));
      for (JsonNode n : lines(out)) {
        int doc = n.get("doc").asInt();
        if (n.has("error")) {
          fail("OpenMetrics parser: " + n.get("error").asText() + "\n--- the text:\n" + texts.get(doc));
        }
        docs.get(doc).add(sample(n));
      }
      return docs;
    } finally {
      Files.deleteIfExists(script);
      Files.deleteIfExists(input);
    }
  }

  /** The samples of one document in the Prometheus text format 0.0.4, as the Go parser reads them. */
  public static List<Sample> parsePrometheus(String text) throws IOException, InterruptedException {
    Path promcheck = installed("jtune.promcheck", "../target/promcheck", "go", "Prometheus text format",
        "cd gc/src/test/go/promcheck && go build -o ../../../../../target/promcheck .");
    Path input = Files.createTempFile("prometheus-doc", ".txt");
    try {
      Files.writeString(input, text);
      Process p = new ProcessBuilder(promcheck.toString()).redirectInput(input.toFile()).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("Prometheus text format parser: %s\n--- the text:\n%s", err, text).isZero();
      List<Sample> samples = new ArrayList<>();
      for (JsonNode n : lines(out)) {
        samples.add(sample(n));
      }
      return samples;
    } finally {
      Files.deleteIfExists(input);
    }
  }

  private static String run(ProcessBuilder pb, Path input) throws IOException, InterruptedException {
    Process p = pb.redirectInput(input.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("the parser ran: %s", out).isZero();
    return out;
  }

  private static List<JsonNode> lines(String out) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (!line.isBlank()) {
        nodes.add(JSON.readTree(line));
      }
    }
    return nodes;
  }

  private static Sample sample(JsonNode n) {
    Map<String, String> labels = JSON.convertValue(n.get("labels"),
        JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, String.class));
    return new Sample(n.get("family").asText(), n.get("type").asText().toLowerCase(java.util.Locale.ROOT),
        n.path("unit").asText(), n.get("name").asText(), labels, n.get("value").asDouble());
  }
}
