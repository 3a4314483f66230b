package io.jtune.experiment.plan;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One configuration to try: JVM flags and, optionally, values of the application's own
 * parameters.
 *
 * @param name unique within the plan; used in directory names and reports
 * @param flags JVM flags added to the target's own (a lab scenario's flags come first, so a
 *     candidate's flag wins over the scenario's for the same option)
 * @param reason why it is worth trying (written by {@code jtune suggest}), or empty
 * @param javaHome the JDK to run it under, or null for the plan's
 * @param line the plan line where it starts, 0 if made in code
 * @param params the application's parameters by name (the plan's {@code params:}): each fills
 *     {@code {NAME}} in a command target, or is given to a lab target as its own option
 *     {@code --NAME VALUE} ({@link AppParams}); empty for the service's own values
 */
public record Candidate(String name, List<String> flags, String reason, Path javaHome, int line,
    Map<String, String> params) {
  public Candidate {
    flags = List.copyOf(flags);
    reason = reason == null ? "" : reason;
    params = params == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** A candidate of JVM flags only. */
  public Candidate(String name, List<String> flags, String reason, Path javaHome, int line) {
    this(name, flags, reason, javaHome, line, Map.of());
  }

  public static Candidate of(String name, List<String> flags, String reason) {
    return new Candidate(name, flags, reason, null, 0);
  }

  /** This candidate with other application parameters. */
  public Candidate withParams(Map<String, String> newParams) {
    return new Candidate(name, flags, reason, javaHome, line, newParams);
  }

  /** This candidate at another plan line. */
  public Candidate withLine(int newLine) {
    return new Candidate(name, flags, reason, javaHome, newLine, params);
  }
}
