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
  /*
   * The streaming generators come from a bare factory, and the mapper is built only when first
   * asked for: building an ObjectMapper costs more than 100 ms of a fresh JVM's start, a third of
   * what `jtune analyze --format json` of a small log takes, and that path needs only a generator.
   */
  private static final JsonFactory FACTORY = new JsonFactory();
  /** Jackson's default pretty printer with the line end fixed, not the platform's. */
  private static final DefaultPrettyPrinter INDENTED =
      new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));

  /** The mapper and its document writer, built on first use. */
  private static final class Mapped {
    static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);
    static final ObjectWriter DOCUMENT = MAPPER.writer(INDENTED).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
  }

  private Json() {}

  /** The shared mapper (Jackson's defaults): build trees, bind records, read JSON. Do not reconfigure it. */
  public static ObjectMapper mapper() {
    return Mapped.MAPPER;
  }

  /** A new empty object node. */
  public static ObjectNode object() {
    return Mapped.MAPPER.createObjectNode();
  }

  /** The writer of documents: indented, {@code \n} line ends, the target left open. */
  public static ObjectWriter indented() {
    return Mapped.DOCUMENT;
  }

  /** A compact generator on {@code out} that leaves {@code out} open when closed. */
  public static JsonGenerator generator(Writer out) throws IOException {
    return FACTORY.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
  }

  /** A generator with the documents' layout (see the class comment) that leaves {@code out} open. */
  public static JsonGenerator indentedGenerator(Writer out) throws IOException {
    return generator(out).setPrettyPrinter(INDENTED.createInstance());
  }

  /** Writes {@code doc} as a document: indented, then a line end; flushes {@code out}, leaves it open. */
  public static void write(JsonNode doc, Writer out) throws IOException {
    Mapped.DOCUMENT.writeValue(out, doc);
    out.write('\n');
    out.flush();
  }
}
