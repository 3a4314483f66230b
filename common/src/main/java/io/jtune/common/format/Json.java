package io.jtune.common.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Writer;

/**
 * The one place jtune's JSON is configured: every document is written through it, and every
 * reader of JSON uses its mapper. One mapper with Jackson's defaults (trees, records, reading);
 * documents are written indented two spaces with {@code \n} line ends (objects one field a line,
 * arrays of scalars on one line: Jackson's default pretty printer), followed by one {@code \n}.
 * Writing never closes the caller's writer.
 *
 * <p>The GC analysis writes its document with a streaming generator (no tree for the events):
 * {@link #indentedGenerator} gives it the same layout.
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** Jackson's default pretty printer with the line end fixed, not the platform's. */
  private static final DefaultPrettyPrinter INDENTED =
      new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
  private static final ObjectWriter DOCUMENT = MAPPER.writer(INDENTED).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

  private Json() {}

  /** The shared mapper (Jackson's defaults): build trees, bind records, read JSON. Do not reconfigure it. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** A new empty object node. */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** The writer of documents: indented, {@code \n} line ends, the target left open. */
  public static ObjectWriter indented() {
    return DOCUMENT;
  }

  /** The factory of streaming generators and parsers (its codec is {@link #mapper()}). */
  public static JsonFactory factory() {
    return MAPPER.getFactory();
  }

  /** A compact generator on {@code out} that leaves {@code out} open when closed. */
  public static JsonGenerator generator(Writer out) throws IOException {
    return MAPPER.getFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
  }

  /** A generator with the documents' layout (see the class comment) that leaves {@code out} open. */
  public static JsonGenerator indentedGenerator(Writer out) throws IOException {
    return generator(out).setPrettyPrinter(INDENTED.createInstance());
  }

  /** Writes {@code doc} as a document: indented, then a line end; flushes {@code out}, leaves it open. */
  public static void write(JsonNode doc, Writer out) throws IOException {
    DOCUMENT.writeValue(out, doc);
    out.write('\n');
    out.flush();
  }
}
