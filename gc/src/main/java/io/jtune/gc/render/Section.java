package io.jtune.gc.render;

import java.util.List;

/**
 * One part of a human-readable report: a title, an optional table and lines of text. Text and
 * Markdown renderers lay the same sections out in their own way.
 */
public record Section(String title, List<String> headers, List<List<String>> rows, List<String> lines) {
  public Section {
    headers = List.copyOf(headers);
    rows = rows.stream().map(List::copyOf).toList();
    lines = List.copyOf(lines);
  }

  public static Section table(String title, List<String> headers, List<List<String>> rows) {
    return new Section(title, headers, rows, List.of());
  }

  public static Section text(String title, List<String> lines) {
    return new Section(title, List.of(), List.of(), lines);
  }
}
