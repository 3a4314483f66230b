package io.jtune.common.format;

import java.util.List;
import java.util.Optional;

/**
 * Every format jtune writes a document in. A command accepts the formats its document kind has
 * {@link Renderers} for; {@link #names()} are what {@code --format} takes (a format's name, then
 * its aliases).
 */
public enum OutputFormat {
  /** Aligned text for a terminal. */
  TEXT("text"),
  /** One JSON document with a {@code schema} field (schemas/). */
  JSON("json"),
  /** YAML (an experiment plan). */
  YAML("yaml"),
  MARKDOWN("markdown", "md"),
  /** One offline HTML page. */
  HTML("html"),
  /** OpenMetrics text exposition. */
  OPENMETRICS("openmetrics"),
  /** The same samples in the Prometheus text format. */
  PROMETHEUS("prometheus"),
  /** Comma-separated values, a header row first. */
  CSV("csv"),
  /** One JSON document per line. */
  JSONL("jsonl");

  private final List<String> names;

  OutputFormat(String... names) {
    this.names = List.of(names);
  }

  /** The name {@code --format} takes for it. */
  public String key() {
    return names.get(0);
  }

  /** The name and then the aliases. */
  public List<String> names() {
    return names;
  }

  /** The format with this name or alias (case-sensitive). */
  public static Optional<OutputFormat> named(String name) {
    for (OutputFormat f : values()) {
      if (f.names.contains(name)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return key();
  }
}
