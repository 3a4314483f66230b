package io.jtune.experiment.plan;

import io.jtune.common.JtuneException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application's own parameters (a server's worker threads, a pool or cache size): how a
 * candidate's values reach the service. In a command target {@code {NAME}} takes the candidate's
 * value as {@code {jvmFlags}} takes its flags; {@code {NAME:DEFAULT}} also says the value the
 * service runs with today, which the baseline (a candidate without a value) takes. A lab target
 * takes a parameter as its own option {@code --NAME VALUE} ({@link #LAB_DEFAULTS}).
 */
public final class AppParams {
  /** A parameter's name: a lower-case letter, then letters, digits and '-' (up to 32). */
  public static final Pattern NAME = Pattern.compile("[a-z][A-Za-z0-9-]{0,31}");
  /** A value: letters, digits, '.', '_' and '-' (up to 32): it names directories and goes into a shell command. */
  public static final Pattern VALUE = Pattern.compile("[A-Za-z0-9._-]{1,32}");
  /** The placeholders jtune fills itself. */
  public static final Set<String> RESERVED = Set.of("jvmFlags", "port", "gcLog", "java");
  /**
   * The lab's options a parameter can set, with the lab's own defaults (what its baseline runs):
   * {@code threads} is Tomcat's maxThreads, {@code accept-count} its accept queue,
   * {@code cache-mb} the message cache's capacity, {@code store-entries} the keyed store's bound.
   */
  public static final Map<String, String> LAB_DEFAULTS = Map.of("threads", "200", "accept-count", "100",
      "cache-mb", "64", "store-entries", "10000");

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z][A-Za-z0-9-]{0,31})(?::([A-Za-z0-9._-]{1,32}))?}");

  private AppParams() {}

  /** The parameter placeholders of a command, each with its default (null when it gives none), in order. */
  public static Map<String, String> placeholders(String command) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = PLACEHOLDER.matcher(command);
    while (m.find()) {
      if (!RESERVED.contains(m.group(1))) {
        String prior = out.get(m.group(1));
        out.put(m.group(1), prior != null ? prior : m.group(2));
      }
    }
    return out;
  }

  /**
   * The command with every parameter placeholder filled: the candidate's value, else the
   * placeholder's default; throws {@link JtuneException} naming a placeholder with neither.
   */
  public static String fill(String command, Map<String, String> params) {
    Matcher m = PLACEHOLDER.matcher(command);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      String value;
      if (RESERVED.contains(name)) {
        value = m.group();
      } else if (params.containsKey(name)) {
        value = params.get(name);
      } else if (m.group(2) != null) {
        value = m.group(2);
      } else {
        throw new JtuneException("the command's {" + name + "} has no value here: give the value the service runs"
            + " with today as {" + name + ":VALUE}");
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(value));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** A lab target's extra options for the parameters: {@code --NAME VALUE} each. */
  public static List<String> labArgs(Map<String, String> params) {
    List<String> out = new ArrayList<>();
    params.forEach((k, v) -> {
      out.add("--" + k);
      out.add(v);
    });
    return out;
  }

  /**
   * What is wrong with parameter {@code name} for {@code target}, in one line, or null: a lab
   * target takes only the options of {@link #LAB_DEFAULTS}; a command must hold {@code {NAME}}.
   */
  public static String problem(String name, ServiceSpec target) {
    if (!NAME.matcher(name).matches()) {
      return "parameter name '" + name + "' must be a lower-case letter, then letters, digits or '-' (up to 32)";
    }
    if (RESERVED.contains(name)) {
      return "{" + name + "} is filled by jtune: name the parameter otherwise";
    }
    if (target.isLab()) {
      return LAB_DEFAULTS.containsKey(name) ? null : "the lab has no parameter '" + name + "' (it has: "
          + String.join(", ", new java.util.TreeSet<>(LAB_DEFAULTS.keySet())) + ")";
    }
    return placeholders(target.command()).containsKey(name) ? null
        : "the command has no {" + name + "} placeholder for parameter '" + name + "'";
  }

  /** The value the service runs with today, or null when not known (a placeholder without default). */
  public static String today(String name, ServiceSpec target) {
    return target.isLab() ? LAB_DEFAULTS.get(name) : placeholders(target.command()).get(name);
  }

  /** A value as a number for ordering (by size: fewer threads, a smaller pool), or NaN when it is none. */
  public static double size(String value) {
    if (value == null) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
