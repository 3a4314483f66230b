package io.jtune.experiment.plan;

import io.jtune.load.DurationText;
import io.jtune.load.LoadException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Keys of one mapping, taken one by one; {@link #finish()} rejects the ones nobody took. */
final class PlanObject {
  private final PlanSyntax syntax;
  private final YamlTree.Node node;
  private final String what;
  private final Set<String> taken = new LinkedHashSet<>();
  private final Set<String> asked = new LinkedHashSet<>();

  PlanObject(PlanSyntax syntax, YamlTree.Node node, String what) {
    this.syntax = syntax;
    this.node = node;
    this.what = what;
  }

  boolean has(String key) {
    asked.add(key);
    return node.map().containsKey(key) && node.map().get(key).value() != null;
  }

  /** Marks a key as read by a caller that walks the mapping itself. */
  void take(String key) {
    taken.add(key);
  }

  YamlTree.Node get(String key) {
    asked.add(key);
    taken.add(key);
    return node.map().get(key);
  }

  YamlTree.Node required(String key) {
    asked.add(key);
    YamlTree.Node n = node.map().get(key);
    if (n == null || n.value() == null) {
      throw syntax.error(node, what + " has no '" + key + "'");
    }
    taken.add(key);
    return n;
  }

  String string(String key, String dflt) {
    if (!has(key)) {
      taken.add(key);
      return dflt;
    }
    return syntax.scalarString(get(key), key);
  }

  long integer(String key, long dflt, long min, long max) {
    if (!has(key)) {
      taken.add(key);
      return dflt;
    }
    YamlTree.Node n = get(key);
    if (!(n.value() instanceof Long v)) {
      throw syntax.error(n, key + " must be a whole number, not '" + n.value() + "'");
    }
    if (v < min || v > max) {
      throw syntax.error(n, key + " must be between " + min + " and " + max + ", not " + v);
    }
    return v;
  }

  double number(String key, double dflt, double min, double max) {
    if (!has(key)) {
      taken.add(key);
      return dflt;
    }
    YamlTree.Node n = get(key);
    if (!(n.value() instanceof Number v)) {
      throw syntax.error(n, key + " must be a number, not '" + n.value() + "'");
    }
    double d = v.doubleValue();
    if (!(d >= min && d <= max)) {
      throw syntax.error(n, key + " must be between " + min + " and " + max + ", not " + d);
    }
    return d;
  }

  /** A duration from {@code min} to {@code max}, both included. */
  Duration duration(String key, Duration dflt, Duration min, Duration max) {
    if (!has(key)) {
      taken.add(key);
      return dflt;
    }
    YamlTree.Node n = get(key);
    String text = syntax.scalarString(n, key);
    Duration d;
    try {
      d = DurationText.parse(text, key);
    } catch (LoadException | IllegalArgumentException e) {
      throw syntax.error(n, e.getMessage());
    }
    if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
      throw syntax.error(n, key + " must be between " + DurationText.format(min) + " and " + DurationText.format(max)
          + ", not '" + text.trim() + "'");
    }
    return d;
  }

  /** A string split on whitespace, or a list of strings (each item kept whole). */
  List<String> words(String key) {
    YamlTree.Node n = get(key);
    if (n.isList()) {
      List<String> out = new ArrayList<>();
      for (YamlTree.Node item : n.list()) {
        String s = syntax.scalarString(item, key).trim();
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
      return out;
    }
    String s = syntax.scalarString(n, key).trim();
    return s.isEmpty() ? List.of() : List.of(s.split("\\s+"));
  }

  void finish() {
    for (Map.Entry<String, YamlTree.Node> e : node.map().entrySet()) {
      if (!taken.contains(e.getKey()) && !asked.contains(e.getKey())) {
        throw syntax.error(e.getValue().line() > 0 ? e.getValue() : node, "unknown key '" + e.getKey() + "' in " + what
            + PlanSyntax.suggestion(e.getKey(), List.copyOf(asked)) + " (known: " + String.join(", ", asked) + ")");
      }
    }
  }
}
