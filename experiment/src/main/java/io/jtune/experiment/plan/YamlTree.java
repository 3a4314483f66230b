package io.jtune.experiment.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as maps, lists and scalars, each node with the line it starts on, so that a
 * plan error can name its line. Read with Jackson's streaming YAML parser; duplicate keys are
 * errors, and so are aliases ({@code *name}: the parser hands them over as the anchor's name, and
 * expanding them invites "billion laughs"), a second document and text over the size limit.
 */
final class YamlTree {
  /** The longest text read; more is refused before the parser sees it. */
  static final int MAX_CHARS = PlanReader.MAX_PLAN_BYTES;

  private YamlTree() {}

  /** A node: a {@code Map<String, Node>}, a {@code List<Node>}, a scalar (String, Long, Double, Boolean) or null. */
  record Node(Object value, int line) {
    boolean isMap() {
      return value instanceof Map;
    }

    boolean isList() {
      return value instanceof List;
    }

    @SuppressWarnings("unchecked")
    Map<String, Node> map() {
      return (Map<String, Node>) value;
    }

    @SuppressWarnings("unchecked")
    List<Node> list() {
      return (List<Node>) value;
    }

    boolean isScalar() {
      return !isMap() && !isList() && value != null;
    }
  }

  /** Reads one document; throws {@link PlanException} naming {@code file} and the line on bad YAML. */
  static Node read(Reader in, String file) {
    YAMLFactory factory = YAMLFactory.builder().build();
    try (JsonParser p = factory.createParser(new BoundedReader(in, file))) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new PlanException(file + ": the plan is empty");
      }
      Node root = node(p, t, file);
      if (p.nextToken() != null) {
        throw new PlanException(file + " line " + p.currentTokenLocation().getLineNr()
            + ": a second YAML document ('---'); a plan is one document");
      }
      return root;
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      // SnakeYAML's message spans lines (context, marks, a caret): keep the unindented ones
      String msg = String.join("; ", e.getOriginalMessage().lines()
          .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0))).toList());
      throw new PlanException(file + (line > 0 ? " line " + line : "") + ": not valid YAML: " + msg, e);
    } catch (IOException e) {
      throw new PlanException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  private static Node node(JsonParser p, JsonToken t, String file) throws IOException {
    int line = p.currentTokenLocation().getLineNr();
    if (p instanceof YAMLParser y && y.isCurrentAlias()) {
      throw new PlanException(file + " line " + line + ": YAML aliases (*" + p.getText()
          + ") are not supported in a plan; write the value out where it is used");
    }
    switch (t) {
      case START_OBJECT -> {
        Map<String, Node> map = new LinkedHashMap<>();
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
          String key = p.currentName();
          int keyLine = p.currentTokenLocation().getLineNr();
          Node value = node(p, p.nextToken(), file);
          if (map.containsKey(key)) {
            throw new PlanException(file + " line " + keyLine + ": key '" + key + "' is given twice");
          }
          map.put(key, value);
        }
        return new Node(map, line);
      }
      case START_ARRAY -> {
        List<Node> list = new ArrayList<>();
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
          list.add(node(p, e, file));
        }
        return new Node(list, line);
      }
      case VALUE_STRING -> {
        return new Node(p.getText(), line);
      }
      case VALUE_NUMBER_INT -> {
        return new Node(p.getLongValue(), line);
      }
      case VALUE_NUMBER_FLOAT -> {
        return new Node(p.getDoubleValue(), line);
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return new Node(p.getBooleanValue(), line);
      }
      case VALUE_NULL -> {
        return new Node(null, line);
      }
      default -> throw new PlanException(file + " line " + line + ": unexpected YAML token " + t);
    }
  }

  /** The error for a plan over the size limit. */
  static PlanException tooLarge(String file) {
    return new PlanException(file + ": the plan is larger than " + (MAX_CHARS >> 20) + " MB; plans are limited to that size");
  }

  /** Passes at most {@link #MAX_CHARS} characters on and refuses the text beyond. */
  private static final class BoundedReader extends FilterReader {
    private final String file;
    private long read;

    BoundedReader(Reader in, String file) {
      super(in);
      this.file = file;
    }

    @Override
    public int read() throws IOException {
      char[] one = new char[1];
      return read(one, 0, 1) < 0 ? -1 : one[0];
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
      int n = super.read(buf, off, len);
      if (n > 0) {
        read += n;
        if (read > MAX_CHARS) {
          throw tooLarge(file);
        }
      }
      return n;
    }
  }
}
