package io.jtune.experiment.plan;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What every part of the plan reader shares: the file the plan came from (named in each error
 * with its line) and the checks of single values and names. Errors are {@link PlanException}s whose one line names the file and line.
 */
final class PlanSyntax {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._=+-]{0,63}");

  private final String file;

  PlanSyntax(String file) {
    this.file = file;
  }

  /** The plan's file name as errors name it. */
  String file() {
    return file;
  }

  PlanException error(YamlTree.Node n, String message) {
    return new PlanException(file + (n != null && n.line() > 0 ? " line " + n.line() : "") + ": " + message);
  }

  String scalarString(YamlTree.Node n, String key) {
    if (!n.isScalar()) {
      throw error(n, key + " must be a single value");
    }
    return n.value().toString();
  }

  PlanObject obj(YamlTree.Node n, String what) {
    if (!n.isMap()) {
      throw error(n, what + " must be a mapping of keys to values");
    }
    return new PlanObject(this, n, what);
  }

  /**
   * A candidate's or level's name: it names directories, so letters, digits, '.', '_', '-', and
   * '=' and '+' (a parameter's value, {@code threads=32+young}) only.
   */
  String name(PlanObject o, String what) {
    YamlTree.Node n = o.required("name");
    String name = scalarString(n, "name");
    if (!NAME.matcher(name).matches()) {
      throw error(n, what + " name '" + name + "' must be letters, digits, '.', '_', '-', '=' or '+' (up to 64)");
    }
    return name;
  }

  /** "; did you mean 'x'?" for the known key closest to a misspelt one, or "" when none is close. */
  static String suggestion(String key, List<String> known) {
    String best = null;
    int bestD = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(key.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    return best != null && bestD <= Math.max(2, key.length() / 3) ? "; did you mean '" + best + "'?" : "";
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
