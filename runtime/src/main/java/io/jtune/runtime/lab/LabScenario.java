package io.jtune.runtime.lab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * One of the lab's scenario presets, as jtune reads it from the lab jar's
 * {@code io/jtune/lab/scenarios.properties}: the case, its load, the JVM flags it shows under
 * and those that fix it.
 *
 * @param name short name, such as {@code survivor-overflow}
 * @param about the case and its source
 * @param load the intended load against {@code /scenario}: {@code concurrency=N} or {@code rate=N/s}
 * @param jvmFlags flags the case shows under
 * @param fixFlags flags added to fix it, or empty when flags are not the fix
 * @param labArgs lab options it needs
 * @param fixLabArgs lab options that fix it in the application, or empty
 * @param fix how it is fixed, in words
 * @param signature what shows the case
 * @param mix weighted requests, each as {@code WEIGHT /path?query}
 */
public record LabScenario(
    String name,
    String about,
    String load,
    List<String> jvmFlags,
    List<String> fixFlags,
    List<String> labArgs,
    List<String> fixLabArgs,
    String fix,
    String signature,
    List<String> mix) {

  public LabScenario {
    jvmFlags = List.copyOf(jvmFlags);
    fixFlags = List.copyOf(fixFlags);
    labArgs = List.copyOf(labArgs);
    fixLabArgs = List.copyOf(fixLabArgs);
    mix = List.copyOf(mix);
  }

  /** The closed-loop client count of the intended load, or empty when it is a rate. */
  public OptionalInt concurrency() {
    if (load.startsWith("concurrency=")) {
      return OptionalInt.of(Integer.parseInt(load.substring("concurrency=".length()).trim()));
    }
    return OptionalInt.empty();
  }

  /** The open-model rate of the intended load ({@code rate=N/s [connections=C]}), or empty. */
  public java.util.OptionalDouble rateRps() {
    if (load.startsWith("rate=")) {
      String r = load.substring("rate=".length()).trim().split("\\s+")[0];
      return java.util.OptionalDouble.of(Double.parseDouble(r.endsWith("/s") ? r.substring(0, r.length() - 2) : r));
    }
    return java.util.OptionalDouble.empty();
  }

  /** The connections of an open-model load ({@code connections=C}), or empty. */
  public OptionalInt connections() {
    for (String part : load.trim().split("\\s+")) {
      if (part.startsWith("connections=")) {
        return OptionalInt.of(Integer.parseInt(part.substring("connections=".length())));
      }
    }
    return OptionalInt.empty();
  }

  /** All scenarios of a catalog, in its order; throws {@link IllegalArgumentException} if malformed. */
  static List<LabScenario> readAll(Properties p) {
    List<LabScenario> all = new ArrayList<>();
    for (String name : required(p, "scenarios").split("\\s*,\\s*")) {
      List<String> mix = new ArrayList<>();
      for (String entry : required(p, name + ".mix").split("\\|")) {
        mix.add(entry.trim());
      }
      all.add(new LabScenario(name,
          required(p, name + ".about"),
          required(p, name + ".load"),
          words(p.getProperty(name + ".jvm", "")),
          words(p.getProperty(name + ".fix.jvm", "")),
          words(p.getProperty(name + ".lab", "")),
          words(p.getProperty(name + ".fix.lab", "")),
          required(p, name + ".fix"),
          required(p, name + ".signature"),
          mix));
    }
    return all;
  }

  private static String required(Properties p, String key) {
    String value = p.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("lab scenario catalog: missing " + key);
    }
    return value.trim();
  }

  private static List<String> words(String text) {
    String t = text.trim();
    return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
  }
}
