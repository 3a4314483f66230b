package io.jtune.experiment.suggest;

import io.jtune.common.format.Json;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.gc.render.ModelJson;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A suggestion as one JSON document, schema {@code jtune.suggestion/1}: jdk, collector,
 * gcNotTheProblem, verdict, diagnosis {primary, secondary[], evidence[], advice}, evidence[], baseline {flags}, candidates[] {name, changes, flags (the
 * whole configuration), reason}, levels[] {name, model, rateRps, concurrency, warmupS, durationS,
 * goals {key: text}}, notes[].
 */
public final class SuggestionJson {
  public static final String SCHEMA = "jtune.suggestion/1";

  private SuggestionJson() {}

  public static ObjectNode tree(Suggestion s) {
    ObjectNode o = Json.object();
    o.put("schema", SCHEMA);
    ObjectNode jdk = o.putObject("jdk");
    jdk.put("min", s.jdk().min());
    jdk.put("max", s.jdk().max());
    jdk.put("source", s.jdk().source());
    o.put("collector", s.collector());
    o.put("gcNotTheProblem", s.gcNotTheProblem());
    o.put("verdict", s.verdict());
    o.set("diagnosis", ModelJson.diagnosis(s.diagnosis()));
    strings(o.putArray("evidence"), s.evidence());
    strings(o.putObject("baseline").putArray("flags"), s.baselineFlags());
    ArrayNode cs = o.putArray("candidates");
    for (Candidate c : s.candidates()) {
      ObjectNode n = cs.addObject();
      n.put("name", c.name());
      strings(n.putArray("changes"), c.flags());
      strings(n.putArray("flags"), s.flagsOf(c));
      n.put("reason", c.reason());
    }
    ArrayNode ls = o.putArray("levels");
    for (Level l : s.levels()) {
      ObjectNode n = ls.addObject();
      n.put("name", l.name());
      n.put("model", l.open() ? "open" : "closed");
      if (l.open()) {
        n.put("rateRps", round(l.rateRps(), 3));
      } else {
        n.putNull("rateRps");
      }
      n.put("concurrency", l.concurrency());
      n.put("warmupS", l.warmup().toMillis() / 1000.0);
      n.put("durationS", l.duration().toMillis() / 1000.0);
      ObjectNode g = n.putObject("goals");
      l.goals().values().stream().sorted((a, b) -> a.key().compareTo(b.key()))
          .forEach((Goal goal) -> g.put(goal.key(), goal.text()));
    }
    strings(o.putArray("notes"), s.notes());
    return o;
  }

  public static void write(Suggestion s, Writer out) throws IOException {
    Json.write(tree(s), out);
  }

  private static void strings(ArrayNode a, List<String> values) {
    values.forEach(a::add);
  }
}
