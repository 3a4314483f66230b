package io.jtune.gc.render;

import io.jtune.common.format.JsonNumbers;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The window rows' number writer gives the text the generator gives for the rounded double. */
class JsonNumbersTest {

  private static String viaGenerator(double v) throws IOException {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      Double r = JsonNumbers.round(v, 3);
      if (r == null) {
        g.writeNull();
      } else {
        g.writeNumber(r);
      }
    }
    return w.toString();
  }

  private static String viaWriteRounded(double v) throws IOException {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      JsonNumbers.writeRounded(g, v, 3);
    }
    return w.toString();
  }

  @Test
  void sameTextAsTheRoundedDouble() throws IOException {
    List<Double> values = new ArrayList<>(List.of(0.0, -0.0, 0.0004, 0.0005, 0.0015, -0.0004, -0.0006, 0.001, 0.01,
        0.1, 1.0, 1.5, 2.25, 10.0, 59.9995, 60.0, 132981.103, 1202604.599, 9_999_999.999, 9_999_999.9996,
        10_000_000.0, 12_345_678.9, 1e12, -1.25, -3600.0005, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 1e-9));
    SplittableRandom rnd = new SplittableRandom(42);
    for (int i = 0; i < 20_000; i++) {
      double scale = Math.pow(10, rnd.nextInt(-4, 9));
      values.add((rnd.nextDouble() - 0.2) * scale);
      values.add(rnd.nextLong(0, 10_000_000_000L) / 1000.0); // values already on the millisecond grid
      values.add(rnd.nextInt(0, 1_000_000) * 60.0 + 0.0005 * rnd.nextInt(0, 3)); // window starts, ties
    }
    for (double v : values) {
      assertThat(viaWriteRounded(v)).as("value %s", v).isEqualTo(viaGenerator(v));
    }
  }
}
