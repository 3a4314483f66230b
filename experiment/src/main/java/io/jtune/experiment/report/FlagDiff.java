package io.jtune.experiment.report;

import io.jtune.common.jvm.JvmOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The difference between two JVM flag lists, option by option (the JVM keeps the last of a repeated option). */
public final class FlagDiff {
  private FlagDiff() {}

  /**
   * Lines such as {@code + -Xmn64m}, {@code ~ -XX:SurvivorRatio=8 -> -XX:SurvivorRatio=6},
   * {@code - -XX:+AlwaysPreTouch}, with {@code common} (flags both run under, such as a lab
   * scenario's) in front of each list.
   */
  public static List<String> of(List<String> from, List<String> to, List<String> common) {
    Map<String, String> a = byOption(common, from);
    Map<String, String> b = byOption(common, to);
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : b.entrySet()) {
      String old = a.get(e.getKey());
      if (old == null) {
        out.add("+ " + e.getValue());
      } else if (!old.equals(e.getValue())) {
        out.add("~ " + old + " -> " + e.getValue());
      }
    }
    for (Map.Entry<String, String> e : a.entrySet()) {
      if (!b.containsKey(e.getKey())) {
        out.add("- " + e.getValue());
      }
    }
    return out;
  }

  /**
   * The flags a JVM runs with when {@code flags} follow {@code common}: one per option, the last
   * given (as the JVM keeps it), in the order each option first appears.
   */
  public static List<String> merged(List<String> common, List<String> flags) {
    return List.copyOf(byOption(common, flags).values());
  }

  private static Map<String, String> byOption(List<String> common, List<String> flags) {
    Map<String, String> m = new LinkedHashMap<>();
    for (List<String> l : List.of(common, flags)) {
      for (String f : l) {
        m.put(option(f), f);
      }
    }
    return m;
  }

  /** The option a flag sets: "-XX:SurvivorRatio=6" and "-XX:+UseG1GC" -> "SurvivorRatio" / "UseG1GC"; "-Xmn64m" -> "-Xmn". */
  public static String option(String flag) {
    if (flag.startsWith("-XX:+") || flag.startsWith("-XX:-")) {
      return flag.substring(5);
    }
    if (flag.startsWith("-XX:")) {
      int eq = flag.indexOf('=');
      return eq > 0 ? flag.substring(4, eq) : flag.substring(4);
    }
    for (JvmOption o : JvmOption.values()) {
      if (o.shortForm() != null && flag.startsWith(o.shortForm())) {
        return o.shortForm();
      }
    }
    int eq = flag.indexOf('=');
    int colon = flag.indexOf(':');
    int cut = eq > 0 ? eq : colon > 0 ? colon : flag.length();
    return flag.substring(0, cut);
  }
}
