package io.jtune.lab.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The lab's scenarios, read from {@code io/jtune/lab/scenarios.properties} in the lab jar: by
 * the lab, which serves them, and by jtune, which reads the jar without running the lab. The
 * file is plain data.
 */
public final class ScenarioCatalog {
  /** Where the scenarios live inside the lab jar. */
  public static final String RESOURCE = "io/jtune/lab/scenarios.properties";

  private final List<LabScenario> scenarios;

  private ScenarioCatalog(List<LabScenario> scenarios) {
    this.scenarios = List.copyOf(scenarios);
  }

  /** The catalog on the class path (in the lab jar); throws {@link IllegalStateException} if there is none. */
  public static ScenarioCatalog shipped() {
    try (InputStream in = ScenarioCatalog.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing " + RESOURCE);
      }
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a catalog in UTF-8; throws {@link IllegalArgumentException} naming a bad entry. */
  public static ScenarioCatalog read(InputStream in) throws IOException {
    return read(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  /** Reads a catalog; throws {@link IllegalArgumentException} naming a bad entry. */
  public static ScenarioCatalog read(Reader reader) throws IOException {
    Properties p = new Properties();
    p.load(reader);
    List<LabScenario> list = new ArrayList<>();
    for (String name : required(p, "scenarios").split("\\s*,\\s*")) {
      list.add(new LabScenario(name,
          required(p, name + ".about"),
          required(p, name + ".load"),
          words(p.getProperty(name + ".jvm", "")),
          words(p.getProperty(name + ".fix.jvm", "")),
          words(p.getProperty(name + ".lab", "")),
          words(p.getProperty(name + ".fix.lab", "")),
          required(p, name + ".fix"),
          required(p, name + ".signature"),
          mix(name, required(p, name + ".mix")),
          p.getProperty(name + ".container.memory", ""),
          p.getProperty(name + ".container.cpus", "")));
    }
    return new ScenarioCatalog(list);
  }

  /** Every scenario, in catalog order. */
  public List<LabScenario> all() {
    return scenarios;
  }

  public Optional<LabScenario> find(String name) {
    return scenarios.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** Names of all scenarios, comma-separated, for error messages. */
  public String names() {
    return String.join(", ", scenarios.stream().map(LabScenario::name).toList());
  }

  private static List<LabScenario.MixEntry> mix(String name, String text) {
    List<LabScenario.MixEntry> entries = new ArrayList<>();
    for (String item : text.split("\\|")) {
      String[] parts = item.trim().split("\\s+");
      if (parts.length != 2) {
        throw new IllegalArgumentException(name + ".mix: expected 'WEIGHT /path?query', got '" + item.trim() + "'");
      }
      int weight;
      try {
        weight = Integer.parseInt(parts[0]);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + ".mix: bad weight in '" + item.trim() + "'");
      }
      if (weight < 1 || !parts[1].startsWith("/")) {
        throw new IllegalArgumentException(name + ".mix: bad entry '" + item.trim() + "'");
      }
      int q = parts[1].indexOf('?');
      entries.add(new LabScenario.MixEntry(weight,
          q < 0 ? parts[1] : parts[1].substring(0, q), q < 0 ? "" : parts[1].substring(q + 1)));
    }
    return entries;
  }

  private static String required(Properties p, String key) {
    String value = p.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("scenario catalog: missing " + key);
    }
    return value.trim();
  }

  private static List<String> words(String text) {
    String t = text.trim();
    return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
  }
}
