package io.jtune.experiment.run;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.jtune.experiment.plan.Metric;
import java.io.IOException;
import java.util.Map;

/**
 * A run's metrics as {@code result.json} holds them: counts ({@link Metric#isCount()}) as
 * integers, every other value as the number it is (already rounded when measured).
 */
final class MetricValuesJson extends StdSerializer<Map<String, Double>> {
  @SuppressWarnings("unchecked")
  MetricValuesJson() {
    super((Class<Map<String, Double>>) (Class<?>) Map.class);
  }

  @Override
  public void serialize(Map<String, Double> metrics, JsonGenerator g, SerializerProvider provider) throws IOException {
    g.writeStartObject();
    for (Map.Entry<String, Double> e : metrics.entrySet()) {
      g.writeFieldName(e.getKey());
      Double v = e.getValue();
      if (v == null || v.isNaN() || v.isInfinite()) {
        g.writeNull();
      } else if (Metric.byKey(e.getKey()).map(Metric::isCount).orElse(false) && v == Math.rint(v)) {
        g.writeNumber(v.longValue());
      } else {
        g.writeNumber(v);
      }
    }
    g.writeEndObject();
  }
}
