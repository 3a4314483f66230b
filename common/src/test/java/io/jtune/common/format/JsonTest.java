package io.jtune.common.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import org.junit.jupiter.api.Test;

/** The one JSON layout: what every jtune document looks like, whichever way it is written. */
class JsonTest {
  private static final String DOCUMENT = "{\n  \"schema\" : \"x/1\",\n  \"values\" : [ 1, 2.5 ],\n  \"inner\" : {\n"
      + "    \"a\" : null\n  }\n}\n";

  @Test
  void aTreeIsWrittenIndentedWithLineFeedsAndLeavesTheWriterOpen() throws IOException {
    ObjectNode doc = Json.object();
    doc.put("schema", "x/1");
    doc.putArray("values").add(1).add(2.5);
    doc.putObject("inner").putNull("a");
    ClosingWatch out = new ClosingWatch();
    Json.write(doc, out);
    assertThat(out.toString()).isEqualTo(DOCUMENT);
    assertThat(out.closed).isFalse();
  }

  @Test
  void theStreamingGeneratorWritesTheSameLayout() throws IOException {
    ClosingWatch out = new ClosingWatch();
    try (JsonGenerator g = Json.indentedGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("schema", "x/1");
      g.writeArrayFieldStart("values");
      g.writeNumber(1);
      g.writeNumber(2.5);
      g.writeEndArray();
      g.writeObjectFieldStart("inner");
      g.writeNullField("a");
      g.writeEndObject();
      g.writeEndObject();
    }
    out.write('\n');
    assertThat(out.toString()).isEqualTo(DOCUMENT);
    assertThat(out.closed).isFalse();
  }

  private static final class ClosingWatch extends Writer {
    private final StringWriter text = new StringWriter();
    boolean closed;

    @Override
    public void write(char[] cbuf, int off, int len) {
      text.write(cbuf, off, len);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      closed = true;
    }

    @Override
    public String toString() {
      return text.toString();
    }
  }
}
