package io.jtune.gc.fleet.render;

import io.jtune.common.format.OutputFormat;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
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

  /** The formats rows are written in, each with how its output starts. */
  Map<OutputFormat, Opener> FORMATS = openers();

  /** The output in a format of {@link #FORMATS}. */
  static FleetOutput of(OutputFormat format, Writer out) throws IOException {
    Opener o = FORMATS.get(format);
    if (o == null) {
      throw new IllegalArgumentException("no fleet output in " + format);
    }
    return o.open(out);
  }

  /** Starts the output of one format on a writer. */
  @FunctionalInterface
  interface Opener {
    FleetOutput open(Writer out) throws IOException;
  }

  private static Map<OutputFormat, Opener> openers() {
    Map<OutputFormat, Opener> m = new LinkedHashMap<>();
    m.put(OutputFormat.TEXT, FleetText::new);
    m.put(OutputFormat.CSV, FleetCsv::new);
    m.put(OutputFormat.JSONL, FleetJsonLines::new);
    return Collections.unmodifiableMap(m);
  }
}
