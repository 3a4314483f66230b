package io.jtune.gc.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A JSON document against the schema it names ({@code "schema": "jtune.KIND/N"} is checked
 * against {@code schemas/jtune.KIND-N.schema.json}, shipped in the gc jar as
 * {@code io/jtune/schemas/}) with the networknt validator (draft 2020-12). The tests of every
 * module that writes a document use it (gc's test jar).
 */
public final class JsonSchemas {
  /** The registry of draft 2020-12, whose meta-schema the validator carries (never fetched). */
  public static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  private static final Pattern SCHEMA_NAME = Pattern.compile("jtune\\.([a-z]+)/(\\d+)");

  private JsonSchemas() {}

  /** The schema a document names in its {@code schema} field, from the classpath. */
  public static Schema schemaOf(JsonNode doc) {
    var m = SCHEMA_NAME.matcher(doc.path("schema").asText());
    assertThat(m.matches()).as("schema field %s", doc.path("schema")).isTrue();
    String resource = "/io/jtune/schemas/jtune." + m.group(1) + "-" + m.group(2) + ".schema.json";
    InputStream in = JsonSchemas.class.getResourceAsStream(resource);
    assertThat(in).as(resource).isNotNull();
    return REGISTRY.getSchema(in);
  }

  /** What the document's schema says is wrong with it (empty: valid). */
  public static List<Error> errors(JsonNode doc) {
    return schemaOf(doc).validate(doc);
  }

  /**
   * The document is valid against its schema and has no float noise; renamed at
   * {@code pointer} (a field scripts read), it is not, and the error names the place.
   */
  public static void validAndRenameFails(JsonNode doc, String pointer) {
    assertThat(errors(doc)).as("%s", doc.path("schema")).isEmpty();
    noFloatNoise(doc, "");
    ObjectNode copy = doc.deepCopy();
    int slash = pointer.lastIndexOf('/');
    ObjectNode parent = (ObjectNode) copy.at(pointer.substring(0, slash));
    String name = pointer.substring(slash + 1);
    assertThat(parent.has(name)).as(pointer).isTrue();
    parent.set(name + "Renamed", parent.remove(name));
    List<Error> errors = errors(copy);
    assertThat(errors).as("%s with %s renamed", doc.path("schema"), pointer).isNotEmpty();
    assertThat(errors.toString()).contains(name);
  }

  /**
   * Every fractional number is rounded: at most four decimals (the USL fit's sigma and kappa,
   * which are small by nature, at most nine), so nothing like 150.24000000000007 appears.
   */
  public static void noFloatNoise(JsonNode n, String at) {
    if (n.isFloatingPointNumber()) {
      int decimals = Math.max(0, new BigDecimal(n.asText()).stripTrailingZeros().scale());
      assertThat(decimals).as("%s = %s", at, n.asText()).isLessThanOrEqualTo(at.startsWith("/usl/") ? 9 : 4);
    } else if (n.isObject()) {
      n.fields().forEachRemaining(e -> noFloatNoise(e.getValue(), at + "/" + e.getKey()));
    } else if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        noFloatNoise(n.get(i), at + "/" + i);
      }
    }
  }
}
