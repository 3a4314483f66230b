package io.jtune.experiment.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a plan's or a level's {@code goals:} mapping: per metric a change against the baseline
 * ({@code -30%}), a non-inferiority margin ({@code within +10%}) or a bound ({@code <= 4}), and
 * {@code noFgcOnStartup: true}.
 */
final class GoalReader {
  private static final Pattern RELATIVE = Pattern.compile("([+-]?\\d+(?:\\.\\d+)?)\\s*%");
  private static final Pattern WITHIN = Pattern.compile("within\\s+([+-]?)(\\d+(?:\\.\\d+)?)\\s*%");
  private static final Pattern ABSOLUTE = Pattern.compile("(<=|>=|<|>)\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|MB|%)?");

  private final PlanSyntax syntax;

  GoalReader(PlanSyntax syntax) {
    this.syntax = syntax;
  }

  Map<String, Goal> read(YamlTree.Node n) {
    PlanObject o = syntax.obj(n, "goals");
    Map<String, Goal> out = new LinkedHashMap<>();
    for (Map.Entry<String, YamlTree.Node> e : n.map().entrySet()) {
      String key = e.getKey();
      YamlTree.Node v = e.getValue();
      o.take(key);
      if (key.equals("noFgcOnStartup")) {
        if (!(v.value() instanceof Boolean b)) {
          throw syntax.error(v, "noFgcOnStartup must be true or false");
        }
        if (b) {
          out.put(key, new Goal(Metric.STARTUP_FGC, Goal.Kind.AT_MOST, 0, "true", v.line()));
        }
        continue;
      }
      Metric m = Metric.byKey(key).orElseThrow(() -> syntax.error(v, "unknown goal '" + key + "'"
          + PlanSyntax.suggestion(key, goalKeys()) + " (goals: " + String.join(", ", goalKeys()) + ")"));
      out.put(key, goal(m, key, v));
    }
    return out;
  }

  private Goal goal(Metric m, String key, YamlTree.Node v) {
    String text = v.value() == null ? "" : v.value().toString().trim();
    Matcher rel = RELATIVE.matcher(text);
    Matcher abs = ABSOLUTE.matcher(text);
    Matcher within = WITHIN.matcher(text);
    if (within.matches()) {
      return new Goal(m, Goal.Kind.NON_INFERIOR, margin(m, within, v), text, v.line());
    } else if (rel.matches()) {
      return new Goal(m, Goal.Kind.RELATIVE, Double.parseDouble(rel.group(1)), text, v.line());
    } else if (abs.matches()) {
      Goal.Kind kind = switch (abs.group(1)) {
        case "<=" -> Goal.Kind.AT_MOST;
        case "<" -> Goal.Kind.BELOW;
        case ">=" -> Goal.Kind.AT_LEAST;
        default -> Goal.Kind.ABOVE;
      };
      return new Goal(m, kind, Double.parseDouble(abs.group(2)), text, v.line());
    }
    throw syntax.error(v, "goal " + key + ": '" + text + "' is neither a change vs the baseline such as '-30%',"
        + " a margin such as 'within +10%' nor a bound such as '<= 4'");
  }

  /**
   * A non-inferiority margin, signed towards worse: 'within 10%' on p99 is +10, on throughput -10;
   * a sign pointing towards better is refused.
   */
  private double margin(Metric m, Matcher within, YamlTree.Node v) {
    double size = Double.parseDouble(within.group(2));
    String sign = within.group(1);
    boolean towardsWorse = sign.isEmpty() || sign.equals(m.lowerIsBetter() ? "+" : "-");
    if (!towardsWorse && size != 0) {
      throw syntax.error(v, "goal " + m.key() + ": a margin says how much worse it may get, and worse is "
          + (m.lowerIsBetter() ? "higher: write 'within +" : "lower: write 'within -") + within.group(2) + "%'");
    }
    return m.lowerIsBetter() ? size : -size;
  }

  private static List<String> goalKeys() {
    List<String> keys = new ArrayList<>(Metric.keys());
    keys.add("noFgcOnStartup");
    return keys;
  }
}
