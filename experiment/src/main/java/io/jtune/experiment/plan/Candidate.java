package io.jtune.experiment.plan;

import io.jtune.runtime.container.ContainerLimits;
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
 * @param limits this candidate's own container limits, each set one over its level's for its runs
 *     only ({@link ContainerLimits#none()}: the level's; see {@link Plan#limitsFor(Candidate, Level)}):
 *     what the same service needs with fewer CPUs or less memory
 */
public record Candidate(String name, List<String> flags, String reason, Path javaHome, int line,
    Map<String, String> params, ContainerLimits limits) {
  public Candidate {
    flags = List.copyOf(flags);
    reason = reason == null ? "" : reason;
    params = params == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    limits = limits == null ? ContainerLimits.none() : limits;
  }

  /** A candidate under its level's container limits. */
  public Candidate(String name, List<String> flags, String reason, Path javaHome, int line,
      Map<String, String> params) {
    this(name, flags, reason, javaHome, line, params, ContainerLimits.none());
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
    return new Candidate(name, flags, reason, javaHome, line, newParams, limits);
  }

  /** This candidate at another plan line. */
  public Candidate withLine(int newLine) {
    return new Candidate(name, flags, reason, javaHome, newLine, params, limits);
  }

  /** This candidate under its own container limits ({@link ContainerLimits#none()}: its level's). */
  public Candidate withLimits(ContainerLimits newLimits) {
    return new Candidate(name, flags, reason, javaHome, line, params, newLimits);
  }
}
