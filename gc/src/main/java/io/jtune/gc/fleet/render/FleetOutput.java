package io.jtune.gc.fleet.render;

import io.jtune.gc.fleet.FleetRow;
import io.jtune.gc.fleet.FleetScan;
import java.io.IOException;
import java.io.Writer;

/**
 * How {@code analyze --each} writes its rows as they come: a header, a row per JVM lifetime,
 * a closing line. Each format writes and flushes a row at once, so a long fleet scan shows
 * progress in its output.
 */
public interface FleetOutput {
  /** The output's header, before any row. */
  void begin() throws IOException;

  void row(FleetRow row) throws IOException;

  /** After the last row. */
  void end(FleetScan.Counts counts) throws IOException;

  /** The output for a format name: text, csv or jsonl. */
  static FleetOutput of(String format, Writer out) throws IOException {
    return switch (format) {
      case "csv" -> new FleetCsv(out);
      case "jsonl" -> new FleetJsonLines(out);
      default -> new FleetText(out);
    };
  }
}
