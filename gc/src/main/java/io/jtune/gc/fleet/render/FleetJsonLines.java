package io.jtune.gc.fleet.render;

import io.jtune.common.format.Json;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import io.jtune.gc.fleet.FleetColumns;
import io.jtune.gc.fleet.FleetRow;
import io.jtune.gc.fleet.FleetScan;
import java.io.IOException;
import java.io.Writer;

/**
 * Fleet rows as JSON lines: one object per JVM lifetime and line, schema {@value #SCHEMA}
 * (schemas/jtune.fleet-1.schema.json); the same fields as the CSV columns, {@code inputs} an
 * array, absent values null.
 */
final class FleetJsonLines implements FleetOutput {
  static final String SCHEMA = "jtune.fleet/1";
  private final Writer out;
  private final JsonGenerator g;

  FleetJsonLines(Writer out) throws IOException {
    this.out = out;
    g = Json.generator(out);
    // one document per line: no separator of the generator's own, a newline after each row
    g.setPrettyPrinter(new MinimalPrettyPrinter(""));
  }

  @Override
  public void begin() {}

  @Override
  public void row(FleetRow row) throws IOException {
    g.writeStartObject();
    g.writeStringField("schema", SCHEMA);
    for (FleetColumns.Column c : FleetColumns.ALL) {
      g.writeFieldName(c.name());
      if (c.name().equals("inputs")) {
        g.writeStartArray();
        for (String in : row.inputs()) {
          g.writeString(in);
        }
        g.writeEndArray();
        continue;
      }
      Object v = c.value().apply(row);
      if (v == null) {
        g.writeNull();
      } else if (v instanceof Double d) {
        g.writeNumber(d);
      } else if (v instanceof Number n) {
        g.writeNumber(n.longValue());
      } else {
        g.writeString(v.toString());
      }
    }
    g.writeEndObject();
    g.flush();
    out.write('\n');
    out.flush();
  }

  @Override
  public void end(FleetScan.Counts counts) throws IOException {
    g.close();
    out.flush();
  }
}
