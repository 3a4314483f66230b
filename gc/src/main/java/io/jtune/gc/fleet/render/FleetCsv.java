package io.jtune.gc.fleet.render;

import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.jtune.gc.fleet.FleetColumns;
import io.jtune.gc.fleet.FleetRow;
import io.jtune.gc.fleet.FleetScan;
import java.io.IOException;
import java.io.Writer;

/** Fleet rows as CSV (RFC 4180 quoting by Jackson's CSV generator), a header line first. */
final class FleetCsv implements FleetOutput {
  private final Writer out;
  private final CsvGenerator g;

  FleetCsv(Writer out) throws IOException {
    this.out = out;
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    FleetColumns.ALL.forEach(c -> schema.addColumn(c.name()));
    g = new CsvFactory().createGenerator(out);
    g.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    g.setSchema(schema.build());
  }

  @Override
  public void begin() {}

  @Override
  public void row(FleetRow row) throws IOException {
    g.writeStartArray();
    for (Object v : row.values()) {
      // an unknown value is an empty field
      g.writeString(v == null ? "" : v instanceof Double d ? plain(d) : v.toString());
    }
    g.writeEndArray();
    g.flush();
    out.flush();
  }

  /** A rounded number without exponent or a trailing ".0". */
  private static String plain(double d) {
    return java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }

  @Override
  public void end(FleetScan.Counts counts) throws IOException {
    g.close();
    out.flush();
  }
}
