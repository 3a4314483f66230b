package io.jtune.gc.render.html;

import io.jtune.common.format.Json;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringWriter;

/**
 * JSON text that can sit inside an HTML {@code <script>} element whatever strings it carries:
 * {@code <}, {@code >} and {@code &} are written as {@code \u003C}-style escapes, so no log line
 * can close the element or open a comment, and every non-ASCII character (U+2028/2029, bidi
 * controls, lone surrogates) is escaped too, so the text survives any file encoding unchanged.
 */
final class ScriptSafeJson {
  private ScriptSafeJson() {}

  /** The node as one line of script-safe JSON. */
  static String write(JsonNode node) throws IOException {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = Json.generator(w)) {
      g.setHighestNonEscapedChar(127); // every non-ASCII character escaped
      g.setCharacterEscapes(new HtmlEscapes());
      Json.mapper().writeTree(g, node);
    }
    return w.toString();
  }

  /** Jackson's standard escapes plus the three characters HTML gives meaning to. */
  private static final class HtmlEscapes extends CharacterEscapes {
    private final int[] table;

    HtmlEscapes() {
      table = standardAsciiEscapesForJSON();
      table['<'] = ESCAPE_STANDARD;
      table['>'] = ESCAPE_STANDARD;
      table['&'] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return table;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return null;
    }
  }
}
